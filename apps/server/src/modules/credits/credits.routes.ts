import {
  type CreditHistoryResponse,
  CreditHistoryQuerySchema,
  type CreditsResponse,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import { readCreditHistory } from './credit-history.ts'
import { readBalance, toCreditsResponse } from './credit-ledger.ts'

/**
 * - GET /api/credits (spec sections 3 and 7): the signed-in user's credits in the current period,
 *   `{remainingCredits, usedCredits, currentPeriodStart, nextRefreshDate}` (`CreditsResponse`).
 *   A balance whose period has ended is rolled over first. 404 `not_found` "User not found" when
 *   the token's user no longer exists.
 * - GET /api/credits/history?before=&limit=: the ledger, newest first (the credits screen).
 */
export function registerCreditsRoutes(app: FastifyInstance, ctx: ProductApiContext) {
  app.get('/credits', async (request): Promise<CreditsResponse> => {
    const user = await ctx.requireUser(request)
    return toCreditsResponse(await readBalance(ctx.db, user.id, ctx.now()))
  })

  app.get('/credits/history', async (request): Promise<CreditHistoryResponse> => {
    const user = await ctx.requireUser(request)
    const page = CreditHistoryQuerySchema.parse(request.query)
    return readCreditHistory(ctx.db, user.id, page)
  })
}
