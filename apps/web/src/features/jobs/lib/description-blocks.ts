/**
 * A job's plain-text description as blocks to render: paragraphs, and lists where lines start
 * with a bullet ("- ", "* ", "• ") or a number ("1. "). The detail view renders these as React
 * text, never as HTML, so nothing in a description can inject markup.
 */
export type DescriptionBlock =
  { kind: 'paragraph'; text: string } | { kind: 'list'; ordered: boolean; items: string[] }

const BULLET = /^(?:[-*•·]|(\d+)[.)])\s+/

export function descriptionBlocks(description: string): DescriptionBlock[] {
  const blocks: DescriptionBlock[] = []
  let paragraph: string[] = []

  const endParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ kind: 'paragraph', text: paragraph.join(' ') })
      paragraph = []
    }
  }

  for (const rawLine of description.replace(/\r\n?/g, '\n').split('\n')) {
    const line = rawLine.trim()
    const bullet = BULLET.exec(line)
    if (!line) {
      endParagraph()
    } else if (bullet) {
      endParagraph()
      const item = line.slice(bullet[0].length)
      const ordered = bullet[1] !== undefined
      const last = blocks.at(-1)
      if (last?.kind === 'list' && last.ordered === ordered) {
        last.items.push(item)
      } else {
        blocks.push({ kind: 'list', ordered, items: [item] })
      }
    } else {
      paragraph.push(line)
    }
  }
  endParagraph()
  return blocks
}
