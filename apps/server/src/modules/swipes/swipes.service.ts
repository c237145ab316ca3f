/**
 * Recording a swipe, in one transaction of few round trips (a right swipe: five, issue 21):
 * - a right swipe's price is the server's (`credit_prices`, action `right_swipe`): the
 *   request's `creditCost` is only the price the client showed, and when it differs the answer
 *   is 409 `price_changed` with the current price, before anything is recorded;
 * - the swipe row first: its unique keys (one swipe per user and job, one per idempotency key)
 *   make concurrent duplicates wait and then see the first one;
 * - a right swipe then saves the job to the user's applications and spends that price
 *   (credit-ledger.ts, keyed `swipe:<swipe id>`) with the commit in the same round trip
 *   (`spendAndCommit`); without enough credits everything rolls back and the answer is 402
 *   `insufficient_credits`, so nothing at all is recorded;
 * - a left swipe costs nothing: its row alone hides the job from the deck.
 * A request repeating an idempotency key already used answers that swipe's result (status 200)
 * and charges nothing, whatever the price is now.
 */
import type { InsufficientCreditsDetails, SwipeRequestSchema, SwipeResponse } from '@app/contracts'
import type { z } from 'zod'
import type pg from 'pg'
import {
  type Database,
  type Queryable,
  withOwnTransaction,
  withTransaction,
} from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import { createBatch, flushed } from '../../platform/db/pipeline.ts'
import {
  readBalance,
  readPrice,
  requireShownPrice,
  spendAndCommit,
  toCreditsResponse,
} from '../credits/index.ts'
import { findApplicationId, saveJobToApplications } from '../applications/index.ts'
import {
  deleteLeftSwipe,
  findSwipe,
  findSwipeByKey,
  insertSwipe,
  type SwipeRow,
  toSwipeJson,
} from './swipes.repository.ts'

/**
 * Whether a job can be swiped: in the catalogue and open at `now`. The jobs module owns jobs
 * and depends on this one (its search leaves swiped jobs out), so the wiring passes its check in.
 */
export type IsOpenJob = (db: Queryable, jobId: string, now: Date) => Promise<boolean>

/**
 * Work a right swipe starts in its own transaction (the cover letter and match report of the
 * application it saved; the wiring passes the cover-letters module's `requestCoverLetter`).
 */
export type AfterRightSwipe = (
  tx: Queryable,
  request: { applicationId: string; userId: string; now: Date },
) => Promise<void>

export type SwipeCommand = {
  userId: string
  request: z.output<typeof SwipeRequestSchema>
  /** The client's Idempotency-Key header, if it sent one. */
  idempotencyKey: string | null
  now: Date
  isOpenJob: IsOpenJob
  afterRightSwipe?: AfterRightSwipe
}

export type RecordedSwipe = {
  response: SwipeResponse
  /** False when the answer repeats an earlier request with the same idempotency key. */
  created: boolean
}

export async function recordSwipe(db: Database, command: SwipeCommand): Promise<RecordedSwipe> {
  try {
    return await withOwnTransaction(db, async (client) => {
      // Set once the transaction is over: committed with the spend, or failed with it.
      const state = { ended: false }
      const recorded = await recordInTransaction(client, command, state)
      if (!state.ended) {
        await client.query('commit')
      }
      return recorded
    })
  } catch (error) {
    if (!(error instanceof SpendRefused)) {
      throw error
    }
    // Read with the connection given back: holding it while waiting for another could starve
    // the pool when many swipes are refused at once.
    throw await insufficientCredits(db, command, error.cost)
  }
}

/** The spend failed for want of credits: its transaction must roll back before answering. */
class SpendRefused extends Error {
  readonly cost: number
  constructor(cost: number) {
    super('insufficient credits')
    this.cost = cost
  }
}

/** 402 `insufficient_credits` with the balance as it is now (read after the rollback). */
async function insufficientCredits(
  db: Database,
  { userId, now }: SwipeCommand,
  cost: number,
): Promise<AppError> {
  const balance = await readBalance(db, userId, now)
  const details: InsufficientCreditsDetails = {
    creditCost: cost,
    credits: toCreditsResponse(balance),
  }
  return new AppError(
    'insufficient_credits',
    `Not enough credits: this swipe costs ${cost} and ${balance.balance} are left`,
    { details },
  )
}

async function recordInTransaction(
  tx: pg.PoolClient,
  command: SwipeCommand,
  state: { ended: boolean },
): Promise<RecordedSwipe> {
  const { userId, request, idempotencyKey, now, isOpenJob } = command
  const isRight = request.swipeDirection === 'RIGHT'
  // 1. `begin` and every read the decision needs, in one round trip.
  const reads = createBatch(tx, 'swipes')
  const [, earlier, open, price] = await flushed(reads, [
    reads.query('begin'),
    idempotencyKey ? findSwipeByKey(reads.db, userId, idempotencyKey) : null,
    isOpenJob(reads.db, request.jobId, now),
    isRight ? readPrice(reads.db, 'right_swipe') : 0,
  ])
  if (earlier) {
    return repeatSwipe(tx, earlier, command)
  }
  if (!open) {
    throw new AppError('not_found', 'Job not found')
  }
  const creditCost = isRight ? requireShownPrice('right_swipe', price, request.creditCost) : 0

  // 2. The swipe and, for a right one, the application it saves the job to. If the swipe is
  // refused (a duplicate) the transaction rolls back or, for a repeated key, saved nothing new:
  // the job's application is the earlier swipe's.
  const writes = createBatch(tx, 'swipes')
  const [swipe, applicationId] = await flushed(writes, [
    insertSwipe(writes.db, {
      userId,
      jobId: request.jobId,
      direction: request.swipeDirection,
      creditCost,
      idempotencyKey,
    }),
    isRight ? saveJobToApplications(writes.db, userId, request.jobId) : null,
  ])
  if (!swipe) {
    // A request with the same key committed meanwhile, or this job was swiped before.
    const raced = idempotencyKey ? await findSwipeByKey(tx, userId, idempotencyKey) : null
    if (raced) {
      return repeatSwipe(tx, raced, command)
    }
    throw new AppError('conflict', 'You already swiped this job')
  }
  if (!applicationId) {
    const balance = await readBalance(tx, userId, now)
    return created(swipe, toCreditsResponse(balance), null)
  }

  // 3. Its cover letter and match report, queued in this transaction: nothing if it rolls back.
  if (command.afterRightSwipe) {
    const queued = createBatch(tx, 'swipes')
    await flushed(queued, [command.afterRightSwipe(queued.db, { applicationId, userId, now })])
  }
  // 4. Spend last, with the commit in the same round trip: the wallet's row lock is held from
  // the spend to the commit, and every right swipe of the user queues on it.
  const spent = await spendAndCommit(
    tx,
    {
      userId,
      amount: swipe.credit_cost,
      idempotencyKey: `swipe:${swipe.id}`,
      reason: 'swipe',
      metadata: { swipeId: swipe.id, jobId: swipe.job_id },
    },
    now,
  )
  state.ended = true
  if (spent.status === 'insufficient') {
    throw new SpendRefused(swipe.credit_cost)
  }
  return created(swipe, toCreditsResponse(spent.balance), applicationId)
}

/**
 * Undoes a left swipe (the deck's "undo"): the job shows again. A right swipe is final: its
 * credits are spent and the job is in the user's applications (409 `conflict`).
 */
export function undoSwipe(db: Database, userId: string, swipeId: string): Promise<void> {
  return withTransaction(db, async (tx) => {
    if (await deleteLeftSwipe(tx, userId, swipeId)) {
      return
    }
    if (await findSwipe(tx, userId, swipeId)) {
      throw new AppError(
        'conflict',
        'A right swipe cannot be undone: its credits are spent and the job is in your applications',
      )
    }
    throw new AppError('not_found', 'Swipe not found')
  })
}

function created(
  swipe: SwipeRow,
  credits: SwipeResponse['credits'],
  applicationId: string | null,
): RecordedSwipe {
  return { response: { swipe: toSwipeJson(swipe), credits, applicationId }, created: true }
}

/** The answer to a request whose idempotency key was used before: the same swipe, credits now. */
async function repeatSwipe(
  tx: Queryable,
  swipe: SwipeRow,
  { userId, request, now }: SwipeCommand,
): Promise<RecordedSwipe> {
  if (swipe.job_id !== request.jobId || swipe.direction !== request.swipeDirection) {
    throw new AppError(
      'conflict',
      'This Idempotency-Key was already used for another swipe: send a new key for a new swipe',
    )
  }
  const balance = await readBalance(tx, userId, now)
  const applicationId =
    swipe.direction === 'RIGHT' ? await findApplicationId(tx, userId, swipe.job_id) : null
  return {
    response: { swipe: toSwipeJson(swipe), credits: toCreditsResponse(balance), applicationId },
    created: false,
  }
}
