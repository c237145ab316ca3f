/**
 * Drawing one frame of a scene at time `t` (seconds since the scene began). Each scene moves only
 * in its first `ANIMATION_SECONDS[kind]` seconds (text fading in, the score counting up, the bars
 * growing); after that its frame is still, so the timeline draws it once and lets ffmpeg hold it.
 */
import type { SKRSContext2D } from '@napi-rs/canvas'
import { ensureFonts, font, type FontWeight } from './fonts.ts'
import type { Scene, SceneKind } from './script.ts'
import { piecesFit, wrapText } from './text.ts'
import { COLORS, CONTENT_WIDTH, gradeColor, HEIGHT, SAFE, scoreColor, WIDTH } from './theme.ts'

export const ANIMATION_SECONDS: Record<SceneKind, number> = {
  title: 0.6,
  grade: 1.6,
  subscores: 1.9,
  strengths: 1.3,
  fixes: 1.3,
  closing: 0.6,
}

const SCENE_ORDER: SceneKind[] = ['title', 'grade', 'subscores', 'strengths', 'fixes', 'closing']

const clamp01 = (x: number) => Math.max(0, Math.min(1, x))
const easeOut = (x: number) => 1 - (1 - clamp01(x)) ** 3

/** 0→1 over `length` seconds starting at `from`. */
function progress(t: number, from: number, length: number): number {
  return easeOut((t - from) / length)
}

type Ctx = SKRSContext2D

function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  const radius = Math.min(r, w / 2, h / 2)
  ctx.beginPath()
  ctx.moveTo(x + radius, y)
  ctx.arcTo(x + w, y, x + w, y + h, radius)
  ctx.arcTo(x + w, y + h, x, y + h, radius)
  ctx.arcTo(x, y + h, x, y, radius)
  ctx.arcTo(x, y, x + w, y, radius)
  ctx.closePath()
}

/** Text lines laid out for drawing, with the size that made them fit. */
type Block = { lines: string[]; size: number; lineHeight: number; weight: FontWeight }

/**
 * Wraps `text` at `size`, shrinking down to `minSize` until it fits in `maxLines`; at the
 * smallest size it ends with an ellipsis.
 */
export function fitText(
  ctx: Ctx,
  text: string,
  options: { weight: FontWeight; size: number; minSize?: number; maxLines: number; width?: number },
): Block {
  const width = options.width ?? CONTENT_WIDTH
  const minSize = options.minSize ?? options.size
  for (let size = options.size; ; size -= 4) {
    ctx.font = font(options.weight, size)
    const all = wrapText(ctx, text, width)
    const wordsWhole = piecesFit(ctx, text, width)
    if ((all.length <= options.maxLines && wordsWhole) || size - 4 < minSize) {
      const lines =
        all.length <= options.maxLines ? all : wrapText(ctx, text, width, options.maxLines)
      return { lines, size, lineHeight: Math.round(size * 1.18), weight: options.weight }
    }
  }
}

function drawBlock(
  ctx: Ctx,
  block: Block,
  x: number,
  y: number,
  color: string,
  align: 'left' | 'center' = 'left',
): number {
  ctx.font = font(block.weight, block.size)
  ctx.fillStyle = color
  ctx.textAlign = align
  ctx.textBaseline = 'alphabetic'
  block.lines.forEach((line, i) => ctx.fillText(line, x, y + block.size + i * block.lineHeight))
  ctx.textAlign = 'left'
  return y + block.size + (block.lines.length - 1) * block.lineHeight + Math.round(block.size * 0.3)
}

function drawBackground(ctx: Ctx, kind: SceneKind): void {
  ctx.fillStyle = COLORS.background
  ctx.fillRect(0, 0, WIDTH, HEIGHT)
  const glow = ctx.createRadialGradient(WIDTH * 0.85, 120, 0, WIDTH * 0.85, 120, 1100)
  glow.addColorStop(0, 'rgba(128, 138, 255, 0.28)')
  glow.addColorStop(1, 'rgba(128, 138, 255, 0)')
  ctx.fillStyle = glow
  ctx.fillRect(0, 0, WIDTH, HEIGHT)
  // The brand line at the top and the scene's place in the video at the bottom.
  ctx.font = font(700, 34)
  ctx.fillStyle = COLORS.mutedForeground
  ctx.textAlign = 'left'
  ctx.fillText('JOB SEARCH ASSISTANT', SAFE.left, SAFE.top - 60)
  ctx.fillStyle = COLORS.primary
  ctx.fillRect(SAFE.left, SAFE.top - 40, 72, 6)
  const index = SCENE_ORDER.indexOf(kind)
  const dot = 14
  const gap = 18
  const total = SCENE_ORDER.length * dot + (SCENE_ORDER.length - 1) * gap + 26
  let x = (WIDTH - total) / 2
  const y = HEIGHT - SAFE.bottom + 140
  SCENE_ORDER.forEach((_, i) => {
    const w = i === index ? dot + 26 : dot
    ctx.fillStyle = i === index ? COLORS.primary : COLORS.border
    roundRect(ctx, x, y, w, dot, dot / 2)
    ctx.fill()
    x += w + gap
  })
}

/** The small coloured label above a scene's heading. */
function drawKicker(ctx: Ctx, text: string, y: number, color: string = COLORS.primary): number {
  ctx.font = font(700, 40)
  ctx.fillStyle = color
  ctx.textAlign = 'left'
  ctx.fillText(text.toUpperCase(), SAFE.left, y + 40)
  return y + 40 + 36
}

function withAlpha(ctx: Ctx, alpha: number, draw: () => void): void {
  if (alpha <= 0) {
    return
  }
  ctx.save()
  ctx.globalAlpha = alpha
  draw()
  ctx.restore()
}

function drawTitle(ctx: Ctx, scene: Extract<Scene, { kind: 'title' }>, t: number): void {
  const p = progress(t, 0, 0.6)
  withAlpha(ctx, p, () => {
    ctx.translate(0, (1 - p) * 40)
    let y = 640
    y = drawKicker(ctx, 'Resume review', y)
    y += 20
    const name = fitText(ctx, scene.name, { weight: 800, size: 128, minSize: 64, maxLines: 3 })
    y = drawBlock(ctx, name, SAFE.left, y, COLORS.foreground)
    if (scene.headline) {
      y += 24
      const headline = fitText(ctx, scene.headline, {
        weight: 600,
        size: 60,
        minSize: 48,
        maxLines: 3,
      })
      drawBlock(ctx, headline, SAFE.left, y, COLORS.mutedForeground)
    }
  })
}

function drawGrade(ctx: Ctx, scene: Extract<Scene, { kind: 'grade' }>, t: number): void {
  const p = progress(t, 0.1, 1.4)
  const color = gradeColor(scene.grade)
  let y = drawKicker(ctx, 'Overall grade', SAFE.top + 140)
  const cx = WIDTH / 2
  const cy = y + 480
  const radius = 360
  ctx.lineCap = 'round'
  ctx.lineWidth = 44
  ctx.strokeStyle = COLORS.muted
  ctx.beginPath()
  ctx.arc(cx, cy, radius, 0, Math.PI * 2)
  ctx.stroke()
  const sweep = (Math.PI * 2 * scene.score * p) / 100
  if (sweep > 0.001) {
    ctx.strokeStyle = color
    ctx.beginPath()
    ctx.arc(cx, cy, radius, -Math.PI / 2, -Math.PI / 2 + sweep)
    ctx.stroke()
  }
  withAlpha(ctx, progress(t, 0, 0.5), () => {
    ctx.font = font(800, 420)
    ctx.fillStyle = color
    ctx.textAlign = 'center'
    ctx.textBaseline = 'middle'
    ctx.fillText(scene.grade, cx, cy + 10)
    ctx.textBaseline = 'alphabetic'
  })
  y = cy + radius + 180
  const shown = Math.round(scene.score * p)
  ctx.textAlign = 'center'
  ctx.font = font(800, 150)
  ctx.fillStyle = COLORS.foreground
  const number = String(shown)
  const numberWidth = ctx.measureText(number).width
  ctx.font = font(600, 64)
  const outOf = ' / 100'
  const outOfWidth = ctx.measureText(outOf).width
  const left = cx - (numberWidth + outOfWidth) / 2
  ctx.textAlign = 'left'
  ctx.font = font(800, 150)
  ctx.fillText(number, left, y)
  ctx.font = font(600, 64)
  ctx.fillStyle = COLORS.mutedForeground
  ctx.fillText(outOf, left + numberWidth, y)
  ctx.font = font(600, 44)
  ctx.textAlign = 'center'
  ctx.fillText('Overall score', cx, y + 80)
  ctx.textAlign = 'left'
}

function drawSubscores(ctx: Ctx, scene: Extract<Scene, { kind: 'subscores' }>, t: number): void {
  let y = drawKicker(ctx, 'Score breakdown', SAFE.top + 140)
  const heading = fitText(ctx, 'Where the points are', { weight: 800, size: 84, maxLines: 2 })
  y = drawBlock(ctx, heading, SAFE.left, y, COLORS.foreground) + 70
  const rowHeight = 210
  scene.rows.forEach((row, i) => {
    const p = progress(t, 0.15 + i * 0.18, 1.0)
    const top = y + i * rowHeight
    ctx.font = font(800, 64)
    const scoreText = String(Math.round(row.score * p))
    const scoreWidth = ctx.measureText('100').width
    const label = fitText(ctx, row.label, {
      weight: 600,
      size: 52,
      minSize: 40,
      maxLines: 1,
      width: CONTENT_WIDTH - scoreWidth - 32,
    })
    drawBlock(ctx, label, SAFE.left, top, COLORS.foreground)
    ctx.font = font(800, 64)
    ctx.fillStyle = scoreColor(row.score)
    ctx.textAlign = 'right'
    ctx.fillText(scoreText, WIDTH - SAFE.right, top + 60)
    ctx.textAlign = 'left'
    const barY = top + 96
    const barHeight = 32
    ctx.fillStyle = COLORS.muted
    roundRect(ctx, SAFE.left, barY, CONTENT_WIDTH, barHeight, barHeight / 2)
    ctx.fill()
    const w = (CONTENT_WIDTH * row.score * p) / 100
    if (w >= 1) {
      ctx.fillStyle = scoreColor(row.score)
      roundRect(ctx, SAFE.left, barY, Math.max(w, barHeight), barHeight, barHeight / 2)
      ctx.fill()
    }
  })
}

function drawCheck(ctx: Ctx, x: number, y: number, size: number): void {
  ctx.fillStyle = COLORS.success
  ctx.beginPath()
  ctx.arc(x + size / 2, y + size / 2, size / 2, 0, Math.PI * 2)
  ctx.fill()
  ctx.strokeStyle = COLORS.background
  ctx.lineWidth = size * 0.12
  ctx.lineCap = 'round'
  ctx.lineJoin = 'round'
  ctx.beginPath()
  ctx.moveTo(x + size * 0.28, y + size * 0.52)
  ctx.lineTo(x + size * 0.44, y + size * 0.68)
  ctx.lineTo(x + size * 0.73, y + size * 0.36)
  ctx.stroke()
}

function drawNumber(ctx: Ctx, n: number, x: number, y: number, size: number): void {
  ctx.fillStyle = COLORS.primaryStrong
  ctx.beginPath()
  ctx.arc(x + size / 2, y + size / 2, size / 2, 0, Math.PI * 2)
  ctx.fill()
  ctx.font = font(800, size * 0.55)
  ctx.fillStyle = '#ffffff'
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillText(String(n), x + size / 2, y + size / 2 + 2)
  ctx.textAlign = 'left'
  ctx.textBaseline = 'alphabetic'
}

const CARD_PADDING = 38
const ICON = 72
const CARD_TEXT_WIDTH = CONTENT_WIDTH - CARD_PADDING * 2 - ICON - 32

type Card = { blocks: { block: Block; color: string }[]; icon: (x: number, y: number) => void }
const CARD_GAP = 36

function blockHeight(block: Block): number {
  return block.size + (block.lines.length - 1) * block.lineHeight + Math.round(block.size * 0.3)
}

function cardHeight(card: Card): number {
  return (
    Math.max(
      ICON,
      card.blocks.reduce((sum, { block }) => sum + blockHeight(block), 0),
    ) +
    CARD_PADDING * 2
  )
}

/** The height of a column of cards, gaps included. */
export function cardsHeight(cards: Card[]): number {
  return (
    cards.reduce((sum, card) => sum + cardHeight(card), 0) +
    Math.max(0, cards.length - 1) * CARD_GAP
  )
}

/** Lays out cards (icon + text blocks) top down from `y`; items fade in one after another. */
function drawCards(ctx: Ctx, t: number, y: number, cards: Card[]): void {
  cards.forEach((card, i) => {
    const height = cardHeight(card)
    const p = progress(t, 0.1 + i * 0.35, 0.5)
    withAlpha(ctx, p, () => {
      ctx.translate((1 - p) * 60, 0)
      ctx.fillStyle = COLORS.card
      roundRect(ctx, SAFE.left, y, CONTENT_WIDTH, height, 36)
      ctx.fill()
      ctx.strokeStyle = COLORS.border
      ctx.lineWidth = 3
      ctx.stroke()
      card.icon(SAFE.left + CARD_PADDING, y + CARD_PADDING)
      let textY = y + CARD_PADDING - 6
      for (const { block, color } of card.blocks) {
        textY = drawBlock(ctx, block, SAFE.left + CARD_PADDING + ICON + 32, textY, color)
      }
    })
    y += height + CARD_GAP
  })
}

function drawStrengths(ctx: Ctx, scene: Extract<Scene, { kind: 'strengths' }>, t: number): void {
  let y = drawKicker(ctx, 'What already works', SAFE.top + 140, COLORS.successText)
  const heading = fitText(ctx, 'Keep doing this', { weight: 800, size: 84, maxLines: 2 })
  y = drawBlock(ctx, heading, SAFE.left, y, COLORS.foreground) + 60
  // Items lose lines until the cards end above the bottom band.
  let cards: Card[] = []
  for (const lines of [5, 4, 3, 2]) {
    cards = scene.items.map((item) => ({
      blocks: [
        {
          block: fitText(ctx, item, {
            weight: 600,
            size: 48,
            minSize: 40,
            maxLines: lines,
            width: CARD_TEXT_WIDTH,
          }),
          color: COLORS.foreground,
        },
      ],
      icon: (x: number, iy: number) => drawCheck(ctx, x, iy, ICON),
    }))
    if (y + cardsHeight(cards) <= HEIGHT - SAFE.bottom) {
      break
    }
  }
  drawCards(ctx, t, y, cards)
}

function drawFixes(ctx: Ctx, scene: Extract<Scene, { kind: 'fixes' }>, t: number): void {
  let y = drawKicker(ctx, 'What to fix first', SAFE.top + 140, COLORS.destructive)
  const headingText =
    scene.items.length === 1
      ? 'Your next move'
      : `Your next ${scene.items.length === 2 ? 'two' : 'three'} moves`
  const heading = fitText(ctx, headingText, { weight: 800, size: 84, minSize: 64, maxLines: 1 })
  y = drawBlock(ctx, heading, SAFE.left, y, COLORS.foreground) + 60
  // Details lose lines until the cards end above the bottom band.
  let cards: Card[] = []
  for (const detailLines of [3, 2, 1, 0]) {
    cards = scene.items.map((item, i) => ({
      blocks: [
        {
          block: fitText(ctx, item.title, {
            weight: 700,
            size: 52,
            minSize: 44,
            maxLines: 2,
            width: CARD_TEXT_WIDTH,
          }),
          color: COLORS.foreground,
        },
        ...(item.detail && detailLines
          ? [
              {
                block: fitText(ctx, item.detail, {
                  weight: 400,
                  size: 40,
                  minSize: 36,
                  maxLines: detailLines,
                  width: CARD_TEXT_WIDTH,
                }),
                color: COLORS.mutedForeground,
              },
            ]
          : []),
      ],
      icon: (x: number, iy: number) => drawNumber(ctx, i + 1, x, iy, ICON),
    }))
    if (y + cardsHeight(cards) <= HEIGHT - SAFE.bottom) {
      break
    }
  }
  drawCards(ctx, t, y, cards)
}

function drawClosing(ctx: Ctx, scene: Extract<Scene, { kind: 'closing' }>, t: number): void {
  const p = progress(t, 0, 0.6)
  withAlpha(ctx, p, () => {
    ctx.translate(0, (1 - p) * 40)
    let y = 640
    y = drawKicker(ctx, 'Your full review', y)
    y += 20
    const heading = fitText(ctx, 'Every finding, with a suggested rewrite, is waiting in', {
      weight: 700,
      size: 76,
      maxLines: 4,
    })
    y = drawBlock(ctx, heading, SAFE.left, y, COLORS.foreground) + 20
    const product = fitText(ctx, scene.productName, {
      weight: 800,
      size: 96,
      minSize: 64,
      maxLines: 2,
    })
    drawBlock(ctx, product, SAFE.left, y, COLORS.primary)
  })
}

/** Draws `scene` as it looks `t` seconds after it began. */
export function drawScene(ctx: Ctx, scene: Scene, t: number): void {
  ensureFonts()
  ctx.save()
  drawBackground(ctx, scene.kind)
  switch (scene.kind) {
    case 'title':
      drawTitle(ctx, scene, t)
      break
    case 'grade':
      drawGrade(ctx, scene, t)
      break
    case 'subscores':
      drawSubscores(ctx, scene, t)
      break
    case 'strengths':
      drawStrengths(ctx, scene, t)
      break
    case 'fixes':
      drawFixes(ctx, scene, t)
      break
    case 'closing':
      drawClosing(ctx, scene, t)
      break
  }
  ctx.restore()
}
