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
            <div key={part} className="flex flex-col gap-1.5">
              <div className="flex items-center justify-between text-sm">
                <dt>{label}</dt>
                <dd className="font-medium tabular-nums">
                  {score === null ? 'Not enough to compare' : `${score}%`}
                </dd>
              </div>
              {score !== null && <Progress value={score} aria-label={`${label}: ${score}%`} />}
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
