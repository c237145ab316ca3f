import { Smartphone, X } from 'lucide-react'
import { acceptInstallOffer, dismissInstallOffer, useInstallOffer } from '@/lib/install-prompt'
import { Button } from './ui/button'

/**
 * "Install the app" (issue 19): the browser's own install offer, shown from this card inside
 * the app once the person has moved past their first screen; "Not now" hides it for good.
 */
export function InstallAppCard() {
  const offered = useInstallOffer()
  if (!offered) return null
  return (
    <section
      aria-labelledby="install-app-title"
      className="mx-auto mt-3 flex w-full max-w-6xl items-start gap-3 rounded-lg border bg-card p-3 px-4 lg:px-6"
    >
      <Smartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div className="flex flex-1 flex-col gap-2">
        <h2 id="install-app-title" className="text-sm font-semibold">
          Install the app
        </h2>
        <p className="text-sm text-muted-foreground">
          Open your jobs from the home screen, read them offline and get notified.
        </p>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => void acceptInstallOffer()}>
            Install
          </Button>
          <Button size="sm" variant="ghost" onClick={dismissInstallOffer}>
            Not now
          </Button>
        </div>
      </div>
      <button
        type="button"
        onClick={dismissInstallOffer}
        aria-label="Dismiss"
        className="rounded-md p-1 text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </section>
  )
}
