/**
 * The video's typeface: Inter (SIL OFL 1.1, from `@fontsource/inter`), registered from the
 * package's files at first use so text looks the same on any machine, with or without system
 * fonts. The `latin` files cover English; the `latin-ext` files (ł, ő, ę, …) are a second family
 * that Skia falls back to glyph by glyph.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { GlobalFonts } from '@napi-rs/canvas'

const WEIGHTS = [400, 600, 700, 800] as const
export type FontWeight = (typeof WEIGHTS)[number]

const LATIN = 'Inter'
const LATIN_EXT = 'Inter Ext'

let registered = false

/** Registers the eight Inter files once per process. */
export function ensureFonts(): void {
  if (registered) {
    return
  }
  const require = createRequire(import.meta.url)
  const files = join(dirname(require.resolve('@fontsource/inter/package.json')), 'files')
  for (const weight of WEIGHTS) {
    GlobalFonts.registerFromPath(join(files, `inter-latin-${weight}-normal.woff2`), LATIN)
    GlobalFonts.registerFromPath(join(files, `inter-latin-ext-${weight}-normal.woff2`), LATIN_EXT)
  }
  registered = true
}

/** A CSS font shorthand for the canvas: `font(700, 64)`. */
export function font(weight: FontWeight, sizePx: number): string {
  return `${weight} ${sizePx}px "${LATIN}", "${LATIN_EXT}"`
}
