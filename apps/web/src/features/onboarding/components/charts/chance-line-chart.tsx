import { formatChance } from '@app/contracts'

export type ChancePoint = { week: number; now: number; plan: number }

const WIDTH = 320
const HEIGHT = 200
const LEFT = 38
const RIGHT = 42
const TOP = 12
const BOTTOM = 26

/**
 * The chance of an offer by each week, today's pace (dashed, muted) against the plan (solid,
 * primary), from 0 to 100%, with the final chances printed at the right end.
 */
export function ChanceLineChart({ points }: { points: readonly ChancePoint[] }) {
  const lastWeek = points.at(-1)?.week ?? 1
  const x = (week: number) => LEFT + (week / lastWeek) * (WIDTH - LEFT - RIGHT)
  const y = (chance: number) => TOP + (1 - chance) * (HEIGHT - TOP - BOTTOM)
  const path = (series: 'now' | 'plan') =>
    points
      .map((point, index) => `${index === 0 ? 'M' : 'L'}${x(point.week)},${y(point[series])}`)
      .join(' ')
  const last = points.at(-1) ?? { week: 0, now: 0, plan: 0 }
  // Keep the two end labels apart when the lines end close together.
  const planLabelY = y(last.plan) + 4
  const nowLabelY = Math.max(y(last.now) + 4, planLabelY + 14)

  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" focusable="false">
      {[0, 0.5, 1].map((chance) => (
        <g key={chance}>
          <line
            x1={LEFT}
            x2={WIDTH - RIGHT}
            y1={y(chance)}
            y2={y(chance)}
            className="stroke-border"
          />
          <text
            x={LEFT - 6}
            y={y(chance) + 4}
            textAnchor="end"
            className="fill-muted-foreground text-[11px]"
          >
            {chance * 100}%
          </text>
        </g>
      ))}
      {[0, Math.round(lastWeek / 2), lastWeek].map((week) => (
        <text
          key={week}
          x={x(week)}
          y={HEIGHT - 6}
          textAnchor="middle"
          className="fill-muted-foreground text-[11px]"
        >
          {week === 0 ? 'Now' : `Week ${week}`}
        </text>
      ))}
      <path
        d={path('now')}
        fill="none"
        strokeWidth={2}
        strokeDasharray="5 4"
        className="stroke-muted-foreground"
      />
      <path d={path('plan')} fill="none" strokeWidth={3} className="stroke-primary" />
      <text x={WIDTH - RIGHT + 6} y={planLabelY} className="fill-primary text-[13px] font-semibold">
        {formatChance(last.plan)}
      </text>
      <text x={WIDTH - RIGHT + 6} y={nowLabelY} className="fill-muted-foreground text-[13px]">
        {formatChance(last.now)}
      </text>
    </svg>
  )
}
