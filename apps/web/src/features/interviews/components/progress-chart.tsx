import { PACE_BANDS } from '@app/contracts'
import {
  type ChartScale,
  type ProgressPoint,
  scaleFor,
  scaleX,
  scaleY,
} from '../lib/progress-series'

const WIDTH = 300
const HEIGHT = 64
const PAD = 6

type Metric = {
  key: 'score' | 'wordsPerMinute' | 'fillersPerMinute'
  title: string
  unit: string
  scale: ChartScale
  band?: { min: number; max: number; label: string }
  better: string
}

function metrics(points: ProgressPoint[]): Metric[] {
  return [
    {
      key: 'score',
      title: 'Score',
      unit: '/100',
      scale: { min: 0, max: 100 },
      better: 'higher is better',
    },
    {
      key: 'wordsPerMinute',
      title: 'Pace',
      unit: 'wpm',
      scale: scaleFor(
        points.map((point) => point.wordsPerMinute),
        100,
        180,
      ),
      band: { ...PACE_BANDS.ideal, label: '140–160 wpm shaded' },
      better: 'aim for the shaded band',
    },
    {
      key: 'fillersPerMinute',
      title: 'Fillers a minute',
      unit: '/min',
      scale: scaleFor(
        points.map((point) => point.fillersPerMinute),
        0,
        5,
      ),
      better: 'lower is better',
    },
  ]
}

function describe(metric: Metric, points: ProgressPoint[]): string {
  const values = points
    .map((point) => point[metric.key])
    .filter((value): value is number => value !== null)
  if (values.length === 0) return `${metric.title}: no figures yet.`
  const first = values[0]
  const last = values.at(-1)
  return `${metric.title} over ${values.length} attempt${values.length === 1 ? '' : 's'}, from ${round(first)} to ${round(last)} ${metric.unit}; ${metric.better}.`
}

function round(value: number | undefined): string {
  return value === undefined ? '' : String(Math.round(value * 10) / 10)
}

/**
 * Progress over time: score, pace (with the 140–160 band shaded) and fillers a minute for each
 * finished attempt, oldest → newest, as three small SVG line charts. Each chart has a written
 * summary for screen readers, and the same figures are in a table one click away.
 */
export function ProgressChart({ points }: { points: ProgressPoint[] }) {
  if (points.length === 0) return null
  const h = HEIGHT - PAD * 2
  const w = WIDTH - PAD * 2
  return (
    <section aria-labelledby="progress-heading" className="flex flex-col gap-3">
      <h2 id="progress-heading" className="text-lg font-semibold">
        Your progress
      </h2>
      <div className="grid gap-3 sm:grid-cols-3">
        {metrics(points).map((metric) => {
          const plotted = points
            .map((point, i) => ({ value: point[metric.key], i }))
            .filter((entry): entry is { value: number; i: number } => entry.value !== null)
          const coords = plotted.map(({ value, i }) => ({
            x: PAD + scaleX(i, points.length, w),
            y: PAD + scaleY(value, metric.scale, h),
          }))
          const latest = plotted.at(-1)?.value
          return (
            <figure
              key={metric.key}
              className="flex flex-col gap-1 rounded-xl border bg-card p-3 shadow-sm"
              data-metric={metric.key}
            >
              <figcaption className="flex items-baseline justify-between gap-2 text-sm">
                <span className="font-medium">{metric.title}</span>
                <span className="tabular-nums text-muted-foreground">
                  {latest === undefined ? '—' : `${round(latest)} ${metric.unit}`}
                </span>
              </figcaption>
              <svg
                viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
                className="h-16 w-full"
                role="img"
                aria-label={describe(metric, points)}
                preserveAspectRatio="none"
              >
                {metric.band && (
                  <rect
                    data-band
                    x={0}
                    width={WIDTH}
                    y={PAD + scaleY(metric.band.max, metric.scale, h)}
                    height={
                      scaleY(metric.band.min, metric.scale, h) -
                      scaleY(metric.band.max, metric.scale, h)
                    }
                    className="fill-primary/15"
                  />
                )}
                {coords.length > 1 && (
                  <polyline
                    points={coords.map(({ x, y }) => `${x},${y}`).join(' ')}
                    className="fill-none stroke-primary"
                    strokeWidth={2}
                    vectorEffect="non-scaling-stroke"
                  />
                )}
                {coords.map(({ x, y }, i) => (
                  <circle key={i} cx={x} cy={y} r={3} className="fill-primary" data-point />
                ))}
              </svg>
              {metric.band && <p className="text-xs text-muted-foreground">{metric.band.label}</p>}
            </figure>
          )
        })}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground">
          Show the figures as a table
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left tabular-nums">
            <caption className="sr-only">Your practice interviews, oldest first</caption>
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Score
                </th>
                <th scope="col" className="py-1 pr-3 font-medium">
                  Pace (wpm)
                </th>
                <th scope="col" className="py-1 font-medium">
                  Fillers/min
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.id} className="border-b last:border-0">
                  <th scope="row" className="py-1 pr-3 font-normal">
                    {point.label}
                  </th>
                  <td className="py-1 pr-3">{point.score ?? '—'}</td>
                  <td className="py-1 pr-3">
                    {point.wordsPerMinute === null ? '—' : Math.round(point.wordsPerMinute)}
                  </td>
                  <td className="py-1">
                    {point.fillersPerMinute === null ? '—' : round(point.fillersPerMinute)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  )
}
