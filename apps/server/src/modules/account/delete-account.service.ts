import type { FastifyBaseLogger } from 'fastify'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { deleteUser } from '../auth/index.ts'
import { type ByteStore, deleteUserFileRows, removeDeletedUserFiles } from '../storage/index.ts'

/**
 * The user and everything they own go. In one transaction: their storage objects' rows (every
 * object in their folder `<user id>/…`, and any other object they own) and their `auth.users`
 * row, from which every table of theirs cascades (sessions included, so their tokens stop
 * working). After the commit, the files' bytes. 404 `not_found` "User not found" when the
 * user is already gone.
 */
export async function deleteAccount(
  deps: { db: Database; byteStore: ByteStore },
  userId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const files = await withTransaction(deps.db, async (tx) => {
    if (!(await deleteUser(tx, userId))) {
      throw new AppError('not_found', 'User not found')
    }
    return deleteUserFileRows(tx, userId)
  })
  await removeDeletedUserFiles(deps.byteStore, files, log)
}
