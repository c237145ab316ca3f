import type { InterviewListItem } from '@app/contracts'

/** One attempt on the progress chart. */
export type ProgressPoint = {
  id: string
  /** "26 Nov" */
  label: string
  createdAt: string
  title: string
  score: number | null
  wordsPerMinute: number | null
  fillersPerMinute: number | null
}

/**
 * The finished attempts (COMPLETED, with a score or a delivery figure) of the list, oldest →
 * newest, as the chart draws them. The list comes newest first.
 */
export function progressSeries(items: InterviewListItem[], locale = 'en-GB'): ProgressPoint[] {
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })
  return items
    .filter(
      (item) =>
        item.status === 'COMPLETED' &&
        (item.score !== null || item.wordsPerMinute !== null || item.fillersPerMinute !== null),
    )
    .toSorted((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((item) => ({
      id: item.id,
      label: format.format(new Date(item.createdAt)),
      createdAt: item.createdAt,
      title: item.title,
      score: item.score,
      wordsPerMinute: item.wordsPerMinute,
      fillersPerMinute: item.fillersPerMinute,
    }))
}

export type ChartScale = { min: number; max: number }

/** Maps a value onto a chart's height (0 at the top, as SVG draws). */
export function scaleY(value: number, scale: ChartScale, height: number): number {
  const span = scale.max - scale.min || 1
  const clamped = Math.max(scale.min, Math.min(scale.max, value))
  return Math.round((height - ((clamped - scale.min) / span) * height) * 10) / 10
}

/** The x of point `index` of `count`, spread across `width` (one point sits in the middle). */
export function scaleX(index: number, count: number, width: number): number {
  if (count <= 1) return width / 2
  return Math.round((index / (count - 1)) * width * 10) / 10
}

/** A scale that holds every value and the given floor/ceiling (the pace band, say). */
export function scaleFor(values: (number | null)[], floor: number, ceiling: number): ChartScale {
  const present = values.filter((value): value is number => value !== null)
  return {
    min: Math.min(floor, ...present),
    max: Math.max(ceiling, ...present),
  }
}
