import { isRecentSignIn, lastSignInAt, REAUTHENTICATION_MAX_AGE_SECONDS } from '@app/contracts'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '../../platform/clock.ts'
import { type Database, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { ApiUser } from '../../platform/product-api.ts'
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

/**
 * Deleting the account asks for proof that the person is at the keyboard: a session whose
 * last sign-in (its token's `amr`, second factors aside) is at most
 * `REAUTHENTICATION_MAX_AGE_SECONDS` old; otherwise 403 `reauthentication_needed`. A stolen
 * or forgotten-open session cannot delete the account. A guest (anonymous) account is exempt:
 * its session is its only credential, there is nothing to sign in again with.
 */
export function requireRecentSignIn(now: Clock, user: ApiUser): void {
  if (user.isAnonymous) {
    return
  }
  const nowSeconds = Math.floor(now().getTime() / 1000)
  if (!isRecentSignIn(lastSignInAt(user.amr), nowSeconds)) {
    const minutes = REAUTHENTICATION_MAX_AGE_SECONDS / 60
    throw new AppError(
      'reauthentication_needed',
      `Deleting your account needs a recent sign-in: sign in again (within the last ${minutes} minutes), then retry`,
      { details: { maxAgeSeconds: REAUTHENTICATION_MAX_AGE_SECONDS } },
    )
  }
}
