/**
 * The routes of referrals (issue 18, ADR 0029; wire shapes in packages/contracts/src/referrals.ts):
 * - GET /api/referrals → the code, the rules and the invitees;
 * - POST /api/referrals {email} → 202, an invitation by email;
 * - POST /api/referrals/redeem {code} → the referral;
 * - GET /api/public/referrals/{code} → the inviter's first name (no session).
 */
import {
  DEVICE_ID_HEADER,
  RedeemReferralBodySchema,
  ReferralInvitationBodySchema,
} from '@app/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import type { LimitUser } from '../api-rate-limits/index.ts'
import {
  fingerprintKey,
  inviteByEmail,
  readPublicCode,
  readReferrals,
  redeemReferral,
  type ReferralSettings,
  type Seen,
} from './referrals.service.ts'

export type ReferralsRouteDeps = ProductApiContext & {
  limitUser: LimitUser
  referrals: ReferralSettings & {
    /** The install's JWT secret: the fingerprints' HMAC key is derived from it. */
    jwtSecret: string
    /** The app's URL (share links in invitations). */
    appUrl: string
  }
}

function seenFrom(request: FastifyRequest): Seen {
  const deviceId = request.headers[DEVICE_ID_HEADER]
  return { ip: request.ip || null, deviceId: typeof deviceId === 'string' ? deviceId : null }
}

export function registerReferralsRoutes(app: FastifyInstance, ctx: ReferralsRouteDeps) {
  const { jwtSecret, appUrl, ...settings } = ctx.referrals
  const deps = {
    db: ctx.db,
    now: ctx.now,
    settings,
    fingerprintKey: fingerprintKey(jwtSecret),
    appUrl,
  }

  app.get('/referrals', async (request) => {
    const user = await ctx.requireUser(request)
    return readReferrals(deps, user, seenFrom(request))
  })

  app.post('/referrals', async (request, reply) => {
    const user = await ctx.requireUser(request)
    const { email } = ReferralInvitationBodySchema.parse(request.body)
    await ctx.limitUser(reply, user.id, 'invitations')
    return reply.status(202).send(await inviteByEmail(deps, user, email, seenFrom(request)))
  })

  app.post('/referrals/redeem', async (request) => {
    const user = await ctx.requireUser(request)
    const { code } = RedeemReferralBodySchema.parse(request.body)
    return redeemReferral(deps, user, code, seenFrom(request))
  })

  app.get('/public/referrals/:code', async (request) => {
    const { code } = request.params as { code: string }
    return readPublicCode(ctx.db, code.slice(0, 64))
  })
}
