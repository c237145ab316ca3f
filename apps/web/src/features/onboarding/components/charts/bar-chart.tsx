import { cn } from '@/lib/cn'

export type Bar = {
  label: string
  value: number
  /** The value as the chart prints it above the bar. */
  display: string
  /** Drawn in the primary colour (the plan); the others are muted (today). */
  emphasis?: boolean
}

const WIDTH = 320
const HEIGHT = 180
const TOP = 26
const BOTTOM = 28

/** Vertical bars on a shared scale from 0, each with its value above and its label below. */
export function BarChart({ bars }: { bars: readonly Bar[] }) {
  const max = Math.max(...bars.map((bar) => bar.value)) || 1
  const slot = WIDTH / bars.length
  const barWidth = Math.min(76, slot * 0.55)
  const plotHeight = HEIGHT - TOP - BOTTOM
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" focusable="false">
      <line x1={0} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-border" />
      {bars.map((bar, index) => {
        // A bar above 0 stays visible however small it is next to the others.
        const height = bar.value > 0 ? Math.max(3, (bar.value / max) * plotHeight) : 0
        const x = slot * index + (slot - barWidth) / 2
        const y = HEIGHT - BOTTOM - height
        return (
          <g key={bar.label}>
            <rect
              x={x}
              y={y}
              width={barWidth}
              height={height}
              rx={6}
              className={cn(bar.emphasis ? 'fill-primary' : 'fill-muted-foreground/40')}
            />
            <text
              x={x + barWidth / 2}
              y={y - 8}
              textAnchor="middle"
              className="fill-foreground text-[15px] font-semibold"
            >
              {bar.display}
            </text>
            <text
              x={x + barWidth / 2}
              y={HEIGHT - 8}
              textAnchor="middle"
              className="fill-muted-foreground text-[12px]"
            >
              {bar.label}
            </text>
          </g>
        )
      })}
    </svg>
  )
}
