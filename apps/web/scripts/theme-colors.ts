import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/**
 * The installed app's colours, read from the design tokens (packages/design-tokens/theme.css,
 * light theme) and turned into the hex a web app manifest and the icons need: the tokens are
 * OKLCH, which manifests do not take.
 */
const THEME_CSS = fileURLToPath(
  new URL('../../../packages/design-tokens/theme.css', import.meta.url),
)

function token(css: string, name: string): string {
  const match = new RegExp(`--${name}:\\s*(oklch\\([^)]*\\))`).exec(css)
  if (!match?.[1]) throw new Error(`No --${name} in ${THEME_CSS}`)
  return match[1]
}

/** `oklch(L C H)` → `#rrggbb` (Björn Ottosson's OKLab, sRGB transfer, clamped to the gamut). */
export function oklchToHex(value: string): string {
  const [l = 0, c = 0, h = 0] = value
    .replace(/oklch\(|\)/g, '')
    .trim()
    .split(/\s+/)
    .map(Number)
  const a = c * Math.cos((h * Math.PI) / 180)
  const b = c * Math.sin((h * Math.PI) / 180)
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3
  const linear = [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ]
  return `#${linear
    .map((channel) => {
      const clamped = Math.min(1, Math.max(0, channel))
      const srgb = clamped <= 0.0031308 ? 12.92 * clamped : 1.055 * clamped ** (1 / 2.4) - 0.055
      return Math.round(srgb * 255)
        .toString(16)
        .padStart(2, '0')
    })
    .join('')}`
}

export function themeColors(): { primary: string; onPrimary: string; background: string } {
  const css = readFileSync(THEME_CSS, 'utf8')
  return {
    primary: oklchToHex(token(css, 'primary')),
    onPrimary: oklchToHex(token(css, 'primary-foreground')),
    background: oklchToHex(token(css, 'background')),
  }
}
