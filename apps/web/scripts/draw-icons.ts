/**
 * Draws the installed app's icons (issue 19) from the app's logo (public/favicon.svg's
 * briefcase) in the design tokens' colours, into public/icons/: "any" icons at every size a
 * launcher asks for, maskable ones (the glyph inside the 80% safe zone, the background to the
 * edges) and Apple's touch icon (opaque). The PNGs are committed: the build downloads and draws
 * nothing. Run `node apps/web/scripts/draw-icons.ts` (Node 24) after changing the logo or colours.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createCanvas, Path2D } from '@napi-rs/canvas'
import { themeColors } from './theme-colors.ts'

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url))
export const ANY_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512]
export const MASKABLE_SIZES = [192, 512]

const { primary, onPrimary } = themeColors()

/** favicon.svg's briefcase, on its 32-unit grid. */
const HANDLE = new Path2D('M11 12V10.5A2.5 2.5 0 0 1 13.5 8h5a2.5 2.5 0 0 1 2.5 2.5V12')
const BODY = new Path2D(
  'M10 12h12a3 3 0 0 1 3 3v6a3 3 0 0 1-3 3H10a3 3 0 0 1-3-3v-6a3 3 0 0 1 3-3z',
)
const LID = new Path2D('M7 17.5h18')

function draw(size: number, kind: 'any' | 'maskable' | 'apple'): Buffer {
  const canvas = createCanvas(size, size)
  const context = canvas.getContext('2d')
  context.fillStyle = primary
  if (kind === 'any') {
    // The favicon's rounded square (rx 8 of 32).
    const radius = size / 4
    context.beginPath()
    context.roundRect(0, 0, size, size, radius)
    context.fill()
  } else {
    context.fillRect(0, 0, size, size)
  }
  // The glyph spans 18 of 32 units; maskable icons keep it inside the central 80% circle.
  const scale = kind === 'maskable' ? (size * 0.62) / 32 : size / 32
  const offset = (size - 32 * scale) / 2
  context.setTransform(scale, 0, 0, scale, offset, offset)
  context.strokeStyle = onPrimary
  context.lineWidth = 2
  context.lineCap = 'round'
  context.lineJoin = 'round'
  for (const path of [HANDLE, BODY, LID]) context.stroke(path)
  return canvas.toBuffer('image/png')
}

mkdirSync(OUT, { recursive: true })
for (const size of ANY_SIZES) writeFileSync(`${OUT}icon-${size}.png`, draw(size, 'any'))
for (const size of MASKABLE_SIZES) {
  writeFileSync(`${OUT}maskable-${size}.png`, draw(size, 'maskable'))
}
writeFileSync(`${OUT}apple-touch-icon-180.png`, draw(180, 'apple'))
console.log(`icons drawn in ${OUT} (${primary} on ${onPrimary})`)
