import { useIsMutating } from '@tanstack/react-query'
import { CloudOff } from 'lucide-react'
import { useOnline } from '@/lib/online-status'

/**
 * The shell's "Offline" line (issue 19): what the screens show is the last sync, and what the
 * person does now (a swipe, a note, a move) is sent when the connection returns.
 */
export function OfflineBanner() {
  const online = useOnline()
  const waiting = useIsMutating({ predicate: (mutation) => mutation.state.isPaused })
  if (online) return null
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-muted px-4 py-1.5 text-sm text-muted-foreground"
    >
      <CloudOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        <strong className="font-semibold text-foreground">Offline</strong> — showing your last sync.
        {waiting > 0
          ? ` ${waiting} ${waiting === 1 ? 'change' : 'changes'} will be sent when you're back online.`
          : ' Changes you make are sent when you’re back online.'}
      </span>
    </div>
  )
}
