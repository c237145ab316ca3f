/**
 * The video's colours: the product's dark theme (`packages/design-tokens/theme.css`, its oklch
 * values converted to sRGB hex, since the canvas does not read oklch), dark because a phone
 * video is watched full screen and a dark ground keeps large white type high in contrast.
 */
export const COLORS = {
  background: '#0a0d14',
  card: '#12161e',
  muted: '#1d222b',
  mutedForeground: '#9ea5b2',
  foreground: '#ebeff5',
  primary: '#808aff',
  primaryStrong: '#4f46e5',
  secondary: '#24273d',
  secondaryForeground: '#dfe3f9',
  destructive: '#ff645f',
  success: '#4ebe7d',
  successText: '#72d699',
  border: '#292e38',
} as const

export const WIDTH = 1080
export const HEIGHT = 1920
/** Side margins and the bands at top and bottom that phone apps cover with their own controls. */
export const SAFE = { left: 96, right: 96, top: 200, bottom: 320 } as const
export const CONTENT_WIDTH = WIDTH - SAFE.left - SAFE.right

/** A grade's colour: green for A and B, the brand's indigo for C, red for D and F. */
export function gradeColor(grade: string): string {
  return grade === 'A' || grade === 'B'
    ? COLORS.success
    : grade === 'C'
      ? COLORS.primary
      : COLORS.destructive
}

/** A 0–100 score's colour, on the grade boundaries of ADR 0024. */
export function scoreColor(score: number): string {
  return score >= 80 ? COLORS.success : score >= 70 ? COLORS.primary : COLORS.destructive
}
