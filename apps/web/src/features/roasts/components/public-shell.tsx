import { Link } from '@tanstack/react-router'
import { Flame } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * The public "roasted by trump" pages' frame, outside the signed-in app shell: the section's
 * name (linking to its index) over the page, and nothing of the seeker's account.
 */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex w-full max-w-3xl items-center gap-2 px-4 py-3 lg:px-6">
          <Link
            to="/roasted-by-trump"
            className="flex items-center gap-2 font-semibold tracking-tight underline-offset-4 hover:underline"
          >
            <Flame aria-hidden="true" className="size-5 text-primary" />
            Roasted by trump
          </Link>
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-3xl min-w-0 flex-1 flex-col gap-8 px-4 py-6 md:py-10 lg:px-6">
        {children}
      </main>
    </div>
  )
}

/** While a public page reads its data. */
export function PublicLoading({ label }: { label: string }) {
  return (
    <PublicShell>
      <p role="status" className="text-muted-foreground">
        {label}
      </p>
    </PublicShell>
  )
}
