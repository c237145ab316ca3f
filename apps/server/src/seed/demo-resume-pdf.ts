/**
 * A small, valid one-page PDF of text lines (PDF 1.4, Helvetica, no dependency): the demo
 * seeker's resume file. Lines are ASCII; each is a heading (bold, larger) or body text, laid out
 * top-down on an A4 page, and the cross-reference table gives every object's byte offset.
 */
export type ResumeLine = { text: string; style?: 'title' | 'heading' | 'body' }

const PAGE = { width: 595, height: 842, margin: 56 }
const STYLES = {
  title: { font: 'F2', size: 18, before: 0, after: 8 },
  heading: { font: 'F2', size: 12, before: 10, after: 4 },
  body: { font: 'F1', size: 10, before: 0, after: 3 },
} as const

/** A PDF string literal: backslashes and parentheses escaped, non-ASCII replaced. */
const pdfString = (text: string) =>
  `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/([\\()])/g, '\\$1')})`

export function renderResumePdf(lines: ResumeLine[]): Uint8Array {
  let y = PAGE.height - PAGE.margin
  const drawn: string[] = []
  for (const line of lines) {
    const style = STYLES[line.style ?? 'body']
    y -= style.before + style.size
    if (y < PAGE.margin) break
    drawn.push(
      `BT /${style.font} ${style.size} Tf ${PAGE.margin} ${y} Td ${pdfString(line.text)} Tj ET`,
    )
    y -= style.after
  }
  const content = drawn.join('\n')
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ]
  let pdf = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'))
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(pdf, 'latin1')
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(pdf, 'latin1')
}
