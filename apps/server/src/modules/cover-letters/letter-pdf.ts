/** The letter as an A4 PDF (pdfkit's built-in Helvetica: no font files to ship). */
import PDFDocument from 'pdfkit'

export async function renderLetterPdf(
  text: string,
  meta: { title: string; author: string | null; date: Date },
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 72, bottom: 72, left: 72, right: 72 },
    info: {
      Title: meta.title,
      ...(meta.author ? { Author: meta.author } : {}),
      CreationDate: meta.date,
    },
  })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve)
    doc.on('error', reject)
  })
  doc.font('Helvetica').fontSize(11)
  doc.text(
    meta.date.toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }),
    { align: 'right' },
  )
  doc.moveDown(2)
  for (const paragraph of text.split(/\n{2,}/)) {
    doc.text(paragraph.trim(), { align: 'left', lineGap: 2 })
    doc.moveDown(0.8)
  }
  doc.end()
  await done
  return new Uint8Array(Buffer.concat(chunks))
}
