/**
 * A small RFC 4180 reader for LinkedIn's export (apps/server has no CSV parser dependency):
 * comma-separated fields, double-quoted fields with `""` for a quote and line breaks inside,
 * CRLF or LF line ends, a leading byte-order mark dropped. Every row is returned as read; blank
 * lines are skipped.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0
  const endRow = () => {
    row.push(field)
    if (row.length > 1 || row[0] !== '') {
      rows.push(row)
    }
    row = []
    field = ''
  }
  while (index < text.length) {
    const char = text[index]!
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          field += '"'
          index += 2
          continue
        }
        quoted = false
      } else {
        field += char
      }
      index += 1
      continue
    }
    if (char === '"' && field === '') {
      quoted = true
    } else if (char === ',') {
      row.push(field)
      field = ''
    } else if (char === '\r' && text[index + 1] === '\n') {
      endRow()
      index += 1
    } else if (char === '\n' || char === '\r') {
      endRow()
    } else {
      field += char
    }
    index += 1
  }
  if (field !== '' || row.length > 0) {
    endRow()
  }
  return rows
}

/**
 * The rows of a CSV with a header as objects keyed by column name. LinkedIn puts a "Notes:"
 * preamble above the header of some files: the header is the first row naming `requiredColumn`.
 */
export function csvRecords(text: string, requiredColumn: string): Record<string, string>[] {
  const rows = parseCsv(text)
  const headerIndex = rows.findIndex((row) => row.some((cell) => cell.trim() === requiredColumn))
  if (headerIndex < 0) {
    return []
  }
  const header = rows[headerIndex]!.map((cell) => cell.trim())
  return rows.slice(headerIndex + 1).map((row) => {
    const record: Record<string, string> = {}
    header.forEach((name, column) => {
      record[name] = (row[column] ?? '').trim()
    })
    return record
  })
}
