/**
 * The share page's preview image (Open Graph, 1200×630 PNG): the roast's headline, its grade and
 * score, and the "Parody" label, in Inter (the analysis video's fonts). Drawn once per roast and
 * publication, then kept in memory.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas'
import type { RoastContent } from '@app/contracts'
import { ensureFonts, font, type FontWeight } from '../analysis-video/index.ts'

export const PREVIEW_WIDTH = 1200
export const PREVIEW_HEIGHT = 630
const MARGIN = 72

const GRADE_COLORS: Record<string, string> = {
  A: '#16a34a',
  B: '#65a30d',
  C: '#ca8a04',
  D: '#ea580c',
  F: '#dc2626',
}

/** Greedy word wrap at the current font; cut to `maxLines`, the last ending with an ellipsis. */
function wrap(ctx: SKRSContext2D, text: string, width: number, maxLines: number): string[] {
  const lines: string[] = []
  let current = ''
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word
    if (!current || ctx.measureText(candidate).width <= width) {
      current = candidate
    } else {
      lines.push(current)
      current = word
    }
  }
  if (current) {
    lines.push(current)
  }
  if (lines.length <= maxLines) {
    return lines
  }
  const kept = lines.slice(0, maxLines)
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/[\s.,;:!?]+$/, '')}…`
  return kept
}

/** Fits the headline in at most three lines, shrinking it from 76 px down to 48 px. */
function headlineLines(ctx: SKRSContext2D, headline: string, width: number) {
  const weight: FontWeight = 800
  for (let size = 76; size >= 48; size -= 4) {
    ctx.font = font(weight, size)
    const lines = wrap(ctx, headline, width, 99)
    if (lines.length <= 3) {
      return { lines, size }
    }
  }
  ctx.font = font(weight, 48)
  return { lines: wrap(ctx, headline, width, 3), size: 48 }
}

export function renderRoastPreview(content: Pick<RoastContent, 'headline' | 'grade' | 'score'>) {
  ensureFonts()
  const canvas = createCanvas(PREVIEW_WIDTH, PREVIEW_HEIGHT)
  const ctx = canvas.getContext('2d')
  const gradient = ctx.createLinearGradient(0, 0, PREVIEW_WIDTH, PREVIEW_HEIGHT)
  gradient.addColorStop(0, '#0b0d12')
  gradient.addColorStop(1, '#1e1b4b')
  ctx.fillStyle = gradient
  ctx.fillRect(0, 0, PREVIEW_WIDTH, PREVIEW_HEIGHT)

  // The "Parody" label, top left.
  ctx.font = font(700, 26)
  const label = 'PARODY · A COMEDY ROAST OF A RESUME'
  const labelWidth = ctx.measureText(label).width + 40
  ctx.fillStyle = '#facc15'
  ctx.beginPath()
  ctx.roundRect(MARGIN, MARGIN, labelWidth, 48, 24)
  ctx.fill()
  ctx.fillStyle = '#0b0d12'
  ctx.textBaseline = 'middle'
  ctx.fillText(label, MARGIN + 20, MARGIN + 25)

  // The grade, right.
  const badge = 220
  const badgeX = PREVIEW_WIDTH - MARGIN - badge
  const badgeY = (PREVIEW_HEIGHT - badge) / 2 + 20
  ctx.fillStyle = GRADE_COLORS[content.grade] ?? '#6366f1'
  ctx.beginPath()
  ctx.roundRect(badgeX, badgeY, badge, badge, 36)
  ctx.fill()
  ctx.fillStyle = '#ffffff'
  ctx.textAlign = 'center'
  ctx.font = font(800, 132)
  ctx.fillText(content.grade, badgeX + badge / 2, badgeY + badge / 2 - 12)
  ctx.font = font(600, 30)
  ctx.fillText(`${content.score} / 100`, badgeX + badge / 2, badgeY + badge - 34)

  // The headline, left.
  ctx.textAlign = 'left'
  ctx.textBaseline = 'alphabetic'
  const width = badgeX - MARGIN - 56
  const { lines, size } = headlineLines(ctx, content.headline, width)
  const lineHeight = Math.round(size * 1.15)
  let y = (PREVIEW_HEIGHT - lines.length * lineHeight) / 2 + size + 10
  ctx.fillStyle = '#ffffff'
  ctx.font = font(800, size)
  for (const line of lines) {
    ctx.fillText(line, MARGIN, y)
    y += lineHeight
  }

  ctx.font = font(400, 26)
  ctx.fillStyle = '#c7d2fe'
  ctx.fillText('Roasted, with the real fixes underneath.', MARGIN, PREVIEW_HEIGHT - MARGIN)
  return canvas.toBuffer('image/png')
}

/** The drawn images by roast id and publication time (a republished roast is drawn again). */
const cache = new Map<string, Buffer>()
const CACHE_SIZE = 200

export function cachedRoastPreview(
  key: { roastId: string; publishedAt: Date },
  content: Pick<RoastContent, 'headline' | 'grade' | 'score'>,
): Buffer {
  const cacheKey = `${key.roastId}@${key.publishedAt.toISOString()}`
  let image = cache.get(cacheKey)
  if (!image) {
    image = renderRoastPreview(content)
    if (cache.size >= CACHE_SIZE) {
      cache.delete(cache.keys().next().value!)
    }
    cache.set(cacheKey, image)
  }
  return image
}
