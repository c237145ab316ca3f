import { once } from 'node:events'
import { ZipArchive } from 'archiver'
import { AppError } from '../../platform/errors/app-error.ts'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import type { ByteStore } from '../storage/index.ts'
import { type AccountExport, readAccountExport } from './export.service.ts'

/**
 * GET /api/account/export: everything held about the signed-in user as one ZIP download,
 * `jobsearch-export-<yyyy-mm-dd>.zip`, holding `data.json` (see `export.service.ts`: the auth
 * account, sessions, every table's rows of theirs, the list of their files) and the bytes of
 * each file at `files/<bucket>/<object name>`.
 *
 * The rows are read before the answer starts, so a database failure is still answered as a
 * JSON error. The ZIP is then streamed: files one at a time, straight from the byte store, so a
 * large export costs neither memory nor many open files. `data.json` comes last, because only
 * then is it known which files had bytes to include (`included: false` for an object whose
 * bytes are missing). A failure while streaming can no longer change the status: the answer is
 * cut short and the failure logged.
 */
export function registerExportRoutes(
  app: FastifyInstance,
  ctx: ProductApiContext & { byteStore: ByteStore },
) {
  app.get('/account/export', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const now = ctx.now()
    const snapshot = await readAccountExport(ctx.db, user.id, now)
    if (!snapshot) {
      throw new AppError('not_found', 'User not found')
    }
    const archive = new ZipArchive({ zlib: { level: 6 } })
    writeArchive(archive, snapshot, ctx.byteStore).catch((error: unknown) => {
      if (archive.destroyed) {
        request.log.info({ userId: user.id }, 'account export abandoned by the client')
        return
      }
      request.log.error({ err: error, userId: user.id }, 'account export failed while streaming')
      archive.destroy(error instanceof Error ? error : new Error(String(error)))
    })
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
      .header('cache-control', 'no-store')
      .send(archive)
  })
}

function exportFileName(at: Date): string {
  return `jobsearch-export-${at.toISOString().slice(0, 10)}.zip`
}

async function writeArchive(archive: ZipArchive, snapshot: AccountExport, byteStore: ByteStore) {
  // Fastify destroys the archive when the client goes away: stop reading files then.
  const closed = new AbortController()
  archive.once('close', () => closed.abort())
  const files = []
  for (const file of snapshot.files) {
    const stored = await byteStore.open(file.bucket, file.name)
    files.push({ ...file, included: stored !== null })
    if (!stored) {
      continue
    }
    const bytes = stored.stream()
    // Stored, not deflated: resumes and recordings are compressed formats already.
    archive.append(bytes, { name: file.path, date: file.updatedAt, store: true })
    try {
      // The next file is opened once this one is in the archive.
      await once(archive, 'entry', { signal: closed.signal })
    } catch (error) {
      bytes.destroy()
      throw error
    }
  }
  const data = { ...snapshot, files }
  archive.append(JSON.stringify(data, null, 2), { name: 'data.json', date: snapshot.exportedAt })
  await archive.finalize()
}
