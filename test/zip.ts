import yauzl from 'yauzl'

/**
 * Reads a ZIP archive (such as the account export) into memory with yauzl, so tests check what
 * a person unzipping it would find: entry name → its uncompressed bytes, in the archive's order.
 */
export function readZipEntries(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (openError, archive) => {
      if (openError) {
        reject(openError)
        return
      }
      const entries = new Map<string, Buffer>()
      archive.on('error', reject)
      archive.on('end', () => resolve(entries))
      archive.on('entry', (entry: yauzl.Entry) => {
        if (entry.fileName.endsWith('/')) {
          archive.readEntry()
          return
        }
        archive.openReadStream(entry, (streamError, stream) => {
          if (streamError) {
            reject(streamError)
            return
          }
          const chunks: Buffer[] = []
          stream.on('data', (chunk: Buffer) => chunks.push(chunk))
          stream.on('error', reject)
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks))
            archive.readEntry()
          })
        })
      })
      archive.readEntry()
    })
  })
}
