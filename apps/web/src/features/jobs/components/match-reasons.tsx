import { Check, Minus } from 'lucide-react'

type MatchReasonsProps = {
  /** Why a job fits, strongest first (at most three, as the server ranks them). */
  reasons: string[]
  /** What does not fit ("Pays up to ₹2.4M, about €23k: below your €60k"). */
  concerns?: string[]
}

/** Why a job fits, strongest reason first, then what does not fit. */
export function MatchReasons({ reasons, concerns = [] }: MatchReasonsProps) {
  if (reasons.length === 0 && concerns.length === 0) {
    return null
  }
  return (
    <div className="flex flex-col gap-1 text-sm">
      {reasons.length > 0 && (
        <ul aria-label="Why it fits" className="flex flex-col gap-1">
          {reasons.slice(0, 3).map((reason) => (
            <li key={reason} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-success" />
              <span>{reason}</span>
            </li>
          ))}
        </ul>
      )}
      {concerns.length > 0 && (
        <ul aria-label="What does not fit" className="flex flex-col gap-1 text-muted-foreground">
          {concerns.slice(0, 3).map((concern) => (
            <li key={concern} className="flex items-start gap-2">
              <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>{concern}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
