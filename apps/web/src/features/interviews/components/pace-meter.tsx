import { PACE_BANDS } from '@app/contracts'
import { PACE_VERDICT_TEXT, paceScalePercent, paceVerdict } from '../lib/pace'

/**
 * A speaking rate on a bar from 60 to 220 wpm, with Speaker Coach's 100–165 band lightly shaded,
 * the 140–160 conversational band shaded darker, and a marker at the rate. The verdict is also
 * written out, so the bar is never the only way to read it.
 */
export function PaceMeter({ wordsPerMinute }: { wordsPerMinute: number }) {
  const { ideal, acceptable } = PACE_BANDS
  const verdict = paceVerdict(wordsPerMinute)
  const rounded = Math.round(wordsPerMinute)
  const band = (min: number, max: number) => ({
    left: `${paceScalePercent(min)}%`,
    width: `${paceScalePercent(max) - paceScalePercent(min)}%`,
  })
  return (
    <div className="flex flex-col gap-1.5" data-pace-verdict={verdict}>
      <p className="text-sm">
        <span className="text-lg font-semibold tabular-nums">{rounded}</span> words a minute
        <span className="text-muted-foreground"> · {PACE_VERDICT_TEXT[verdict]}</span>
      </p>
      <div
        aria-hidden="true"
        className="relative h-2.5 w-full overflow-hidden rounded-full bg-muted"
      >
        <div
          className="absolute inset-y-0 bg-primary/15"
          style={band(acceptable.min, acceptable.max)}
        />
        <div className="absolute inset-y-0 bg-primary/40" style={band(ideal.min, ideal.max)} />
        <div
          className="absolute inset-y-0 w-1 -translate-x-1/2 rounded-full bg-foreground"
          style={{ left: `${paceScalePercent(wordsPerMinute)}%` }}
          data-pace-marker
        />
      </div>
      <p className="flex justify-between text-xs text-muted-foreground tabular-nums">
        <span>60</span>
        <span>
          {acceptable.min}–{acceptable.max} · {ideal.min}–{ideal.max} ideal
        </span>
        <span>220</span>
      </p>
    </div>
  )
}
