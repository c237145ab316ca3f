import { Check } from 'lucide-react'

/** Why a job fits, strongest reason first (at most three, as the server ranks them). */
export function MatchReasons({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0) {
    return null
  }
  return (
    <ul aria-label="Why it fits" className="flex flex-col gap-1 text-sm">
      {reasons.slice(0, 3).map((reason) => (
        <li key={reason} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
          <span>{reason}</span>
        </li>
      ))}
    </ul>
  )
}
