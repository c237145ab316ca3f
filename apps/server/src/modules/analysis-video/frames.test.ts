import { createCanvas, loadImage } from '@napi-rs/canvas'
import { describe, expect, it } from 'vitest'
import { ensureFonts, font } from './fonts.ts'
import { MAXIMAL_INPUT, TYPICAL_INPUT } from '../../../../../test/review-video-inputs.ts'
import { drawScene, fitText } from './frames.ts'
import { buildScript } from './script.ts'
import { wrapText } from './text.ts'
import { CONTENT_WIDTH, HEIGHT, SAFE, WIDTH } from './theme.ts'

ensureFonts()
const canvas = createCanvas(WIDTH, HEIGHT)
const ctx = canvas.getContext('2d')

describe('wrapping', () => {
  it('keeps every line of long text within the margins', () => {
    ctx.font = font(600, 60)
    const text = MAXIMAL_INPUT.headline!.repeat(2)
    const lines = wrapText(ctx, text, CONTENT_WIDTH)
    expect(lines.length).toBeGreaterThan(2)
    for (const line of lines) expect(ctx.measureText(line).width).toBeLessThanOrEqual(CONTENT_WIDTH)
    expect(lines.join(' ')).toBe(text)
  })

  it('breaks a word wider than the line and ends with an ellipsis when lines run out', () => {
    ctx.font = font(800, 128)
    const lines = wrapText(ctx, `${'Wiśniewska'.repeat(4)} Szczepańska Muñoz`, CONTENT_WIDTH, 2)
    expect(lines).toHaveLength(2)
    expect(lines[0]!.endsWith('-')).toBe(true)
    expect(lines[1]!.endsWith('…')).toBe(true)
    for (const line of lines) expect(ctx.measureText(line).width).toBeLessThanOrEqual(CONTENT_WIDTH)
  })

  it('shrinks a long name until it fits in its lines without breaking a word', () => {
    const block = fitText(ctx, MAXIMAL_INPUT.name!, {
      weight: 800,
      size: 128,
      minSize: 64,
      maxLines: 3,
    })
    expect(block.size).toBeLessThan(128)
    expect(block.lines.join(' ').replaceAll('- ', '-')).toBe(MAXIMAL_INPUT.name)
    ctx.font = font(800, block.size)
    for (const line of block.lines)
      expect(ctx.measureText(line).width).toBeLessThanOrEqual(CONTENT_WIDTH)
  })
})

describe('fonts', () => {
  const pixels = (family: string, text: string) => {
    const small = createCanvas(400, 120)
    const c = small.getContext('2d')
    c.fillStyle = '#fff'
    c.fillRect(0, 0, 400, 120)
    c.fillStyle = '#000'
    c.font = family
    c.fillText(text, 10, 90)
    return Buffer.from(small.data())
  }

  it('draws ł and ő from the latin-ext file and ñ from the latin file, not a missing-glyph box', () => {
    for (const letter of ['ł', 'ő', 'Ł', 'ę']) {
      const ours = pixels(font(700, 80), letter)
      const extOnly = pixels('700 80px "Inter Ext"', letter)
      expect(ours.equals(extOnly), letter).toBe(true)
    }
    // ñ is Latin-1: it comes from the latin file.
    expect(pixels(font(700, 80), 'ñ').equals(pixels('700 80px "Inter"', 'ñ'))).toBe(true)
    // Without the latin-ext family, Inter's latin file has no ł: the pixels differ.
    expect(pixels('700 80px "Inter"', 'ł').equals(pixels(font(700, 80), 'ł'))).toBe(false)
  })
})

describe('scenes', () => {
  /** The rows that hold any non-background pixel, as [first, last]. */
  function inkRows(): [number, number] {
    const data = canvas.data()
    const background = [data[0], data[1], data[2]]
    let first = -1
    let last = -1
    // Columns inside the side margins only: the brand line and the dots are drawn by design.
    for (let y = SAFE.top; y < HEIGHT - SAFE.bottom + 100; y++) {
      for (let x = SAFE.left + 100; x < WIDTH - SAFE.right - 100; x += 3) {
        const i = (y * WIDTH + x) * 4
        if (Math.abs(data[i]! - background[0]!) + Math.abs(data[i + 1]! - background[1]!) > 60) {
          if (first < 0) first = y
          last = y
          break
        }
      }
    }
    return [first, last]
  }

  it('keeps every scene of the largest review inside the bottom safe band', () => {
    for (const scene of buildScript(MAXIMAL_INPUT).scenes) {
      drawScene(ctx, scene, 30)
      const [first, last] = inkRows()
      expect(first, scene.kind).toBeGreaterThan(0)
      expect(last, scene.kind).toBeLessThanOrEqual(HEIGHT - SAFE.bottom)
    }
  })

  it('counts the score up on the grade scene', async () => {
    const grade = buildScript(TYPICAL_INPUT).scenes.find((scene) => scene.kind === 'grade')!
    drawScene(ctx, grade, 0)
    const start = Buffer.from(canvas.data())
    drawScene(ctx, grade, 0.8)
    const middle = Buffer.from(canvas.data())
    drawScene(ctx, grade, 5)
    const end = Buffer.from(canvas.data())
    drawScene(ctx, grade, 10)
    expect(start.equals(middle)).toBe(false)
    expect(middle.equals(end)).toBe(false)
    // Still after its animation: one drawing may stand for the rest of the scene.
    expect(Buffer.from(canvas.data()).equals(end)).toBe(true)
    const image = await loadImage(await canvas.encode('png'))
    expect([image.width, image.height]).toEqual([WIDTH, HEIGHT])
  })
})
