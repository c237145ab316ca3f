/** Test helper: small PDFs written with pdfkit (text at given positions, encrypted, image-only). */
import PDFDocument from 'pdfkit'

export interface PlacedText {
  text: string
  x: number
  y: number
  size?: number
  bold?: boolean
  /** A TrueType font file, for glyphs the standard fonts lack (rating dots). */
  font?: string
}

export function writePdf(
  pages: PlacedText[][],
  options: { userPassword?: string; image?: boolean } = {},
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    autoFirstPage: false,
    ...(options.userPassword ? { userPassword: options.userPassword, pdfVersion: '1.7' } : {}),
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()))
  for (const page of pages) {
    doc.addPage({ size: 'A4', margin: 0 })
    if (options.image) {
      // A 2×2 grey bitmap stretched over the page: a "scan" without a text layer.
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAAAAABX3VL4AAAADklEQVR4nGNgYGBgYAAAAAUAAXpeqz8AAAAASUVORK5CYII=',
        'base64',
      )
      doc.image(png, 0, 0, { width: 595, height: 842 })
    }
    for (const item of page) {
      doc
        .font(item.font ?? (item.bold ? 'Helvetica-Bold' : 'Helvetica'))
        .fontSize(item.size ?? 10)
        .text(item.text, item.x, item.y, { lineBreak: false })
    }
  }
  doc.end()
  return done.then(() => new Uint8Array(Buffer.concat(chunks)))
}
