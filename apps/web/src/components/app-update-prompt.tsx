import { RefreshCw } from 'lucide-react'
import { applyUpdate, useUpdateReady } from '@/lib/service-worker'
import { Button } from './ui/button'

/**
 * "A new version is ready — Reload" (issue 19): shown on every page once a new service worker
 * waits. The page keeps running on the version it loaded until the person reloads, so no one
 * ever runs a mix of old and new files.
 */
export function AppUpdatePrompt() {
  const ready = useUpdateReady()
  if (!ready) return null
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-50 mx-auto flex max-w-md items-center gap-3 rounded-lg border bg-background p-3 shadow-lg md:bottom-4"
    >
      <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <p className="flex-1 text-sm">A new version is ready.</p>
      <Button size="sm" onClick={applyUpdate}>
        Reload
      </Button>
    </div>
  )
}
