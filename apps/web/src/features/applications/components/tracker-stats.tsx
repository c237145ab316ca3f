import type { ApplicationStats } from '@app/contracts'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId } from 'react'
import { applicationsQueryOptions } from '../api/applications'
import { statsQueryOptions, trackerDataKeys } from '../api/tracker-data'

const WIDTH = 336
const HEIGHT = 150
const TOP = 20
const BOTTOM = 24

const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)}%`)
const shortDate = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  })

/** Applications applied to per week, as bars; the table below says the same in text. */
function WeeksChart({ weeks, titleId }: { weeks: ApplicationStats['weeks']; titleId: string }) {
  const max = Math.max(1, ...weeks.map((week) => week.applied))
  const slot = WIDTH / weeks.length
  const barWidth = slot * 0.6
  const plot = HEIGHT - TOP - BOTTOM
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full"
      role="img"
      aria-labelledby={titleId}
    >
      <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-border" />
      {weeks.map((week, index) => {
        const height = week.applied > 0 ? Math.max(3, (week.applied / max) * plot) : 0
        const x = slot * index + (slot - barWidth) / 2
        const y = HEIGHT - BOTTOM - height
        return (
          <g key={week.weekStart}>
            <rect x={x} y={y} width={barWidth} height={height} rx={3} className="fill-primary" />
            {week.applied > 0 ? (
              <text
                x={x + barWidth / 2}
                y={y - 4}
                textAnchor="middle"
                className="fill-foreground text-[11px] font-semibold"
              >
                {week.applied}
              </text>
            ) : null}
            {index % 3 === 2 || index === weeks.length - 1 ? (
              <text
                x={x + barWidth / 2}
                y={HEIGHT - 6}
                textAnchor="middle"
                className="fill-muted-foreground text-[10px]"
              >
                {shortDate(week.weekStart)}
              </text>
            ) : null}
          </g>
        )
      })}
    </svg>
  )
}

/** The tracker's statistics: applications per week, response and interview rates, speed. */
export function TrackerStats({ userId }: { userId: string }) {
  const stats = useQuery(statsQueryOptions(userId))
  const titleId = useId()
  // The figures follow the list: whenever it is read again (a move, "I applied", an import),
  // so are they.
  const queryClient = useQueryClient()
  const listUpdatedAt = useQuery(applicationsQueryOptions(userId)).dataUpdatedAt
  useEffect(() => {
    if (listUpdatedAt) {
      void queryClient.invalidateQueries({ queryKey: trackerDataKeys.stats(userId) })
    }
  }, [listUpdatedAt, queryClient, userId])
  if (stats.isError) {
    return <p role="alert">We couldn't load your statistics: {stats.error.message}</p>
  }
  if (!stats.isSuccess) {
    return <p role="status">Loading your statistics…</p>
  }
  const data = stats.data
  return (
    <section aria-labelledby={`${titleId}-heading`} className="rounded-xl border bg-card p-4">
      <h2 id={`${titleId}-heading`} className="text-base font-semibold">
        Statistics
      </h2>
      {data.applied === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">
          {data.total === 0
            ? 'No applications yet. Once you apply, your weekly pace and response rates show here.'
            : 'Nothing applied to yet. Mark an application as applied to see your pace and response rates.'}
        </p>
      ) : (
        <>
          <dl className="mt-3 grid grid-cols-3 gap-2 text-center">
            {[
              ['Response rate', percent(data.responseRate), `${data.responded} of ${data.applied}`],
              [
                'Interview rate',
                percent(data.interviewRate),
                `${data.interviewed} of ${data.applied}`,
              ],
              [
                'Days to first response',
                data.medianDaysToFirstResponse === null
                  ? '–'
                  : String(data.medianDaysToFirstResponse),
                'median',
              ],
            ].map(([label, value, detail]) => (
              <div key={label} className="rounded-lg bg-muted/50 p-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-xl font-semibold">{value}</dd>
                <dd className="text-xs text-muted-foreground">{detail}</dd>
              </div>
            ))}
          </dl>
          <h3 id={titleId} className="mt-4 text-sm font-medium">
            Applications sent per week, last 12 weeks
          </h3>
          <WeeksChart weeks={data.weeks} titleId={titleId} />
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">Show as a table</summary>
            <table className="mt-2 w-full text-left">
              <thead>
                <tr>
                  <th scope="col">Week of</th>
                  <th scope="col">Saved</th>
                  <th scope="col">Applied</th>
                </tr>
              </thead>
              <tbody>
                {data.weeks.map((week) => (
                  <tr key={week.weekStart}>
                    <th scope="row" className="font-normal">
                      {shortDate(week.weekStart)}
                    </th>
                    <td>{week.saved}</td>
                    <td>{week.applied}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </section>
  )
}
