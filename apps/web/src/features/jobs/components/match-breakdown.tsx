import type { JobMatch } from '@app/contracts'
import { Progress } from '@/components/ui/progress'

const SUB_SCORE_LABELS = {
  skills: 'Skills',
  titleAndLevel: 'Title and level',
  locationAndWorkMode: 'Location and work mode',
  salary: 'Salary',
} as const satisfies Record<keyof JobMatch['subScores'], string>

/**
 * The match score's parts as bars; a part with nothing to compare says so instead. What does
 * not fit follows in words ("Pays up to ₹2.4M, about €23k: below your €60k").
 */
export function MatchBreakdown({ match }: { match: JobMatch }) {
  const parts = Object.entries(SUB_SCORE_LABELS) as Array<[keyof JobMatch['subScores'], string]>
  const concerns = match.concerns ?? []
  return (
    <div className="flex flex-col gap-3">
      <dl className="flex flex-col gap-3">
        {parts.map(([part, label]) => {
          const score = match.subScores[part]
          return (
            // One <div> per term, its <dt> and <dd>s directly inside: what a description list allows.
            <div key={part} className="grid grid-cols-[1fr_auto] items-center gap-x-3 gap-y-1.5">
              <dt className="text-sm">{label}</dt>
              <dd className="text-sm font-medium tabular-nums">
                {score === null ? 'Not enough to compare' : `${score}%`}
              </dd>
              {score !== null && (
                <dd className="col-span-2">
                  <Progress value={score} aria-label={`${label}: ${score}%`} />
                </dd>
              )}
            </div>
          )
        })}
      </dl>
      {concerns.length > 0 && (
        <ul
          aria-label="What does not fit"
          className="flex flex-col gap-1 text-sm text-muted-foreground"
        >
          {concerns.map((concern) => (
            <li key={concern}>{concern}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
