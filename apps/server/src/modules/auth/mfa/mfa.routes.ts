import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AuthContext } from '../auth-context.ts'
import { AuthError } from '../gotrue-errors.ts'
import { authenticateBearer } from '../sessions.service.ts'
import { SecondFactorLockedError } from './attempt-limits.ts'
import { adminOnly } from '../admin.routes.ts'
import {
  challengeFactor,
  deleteFactorAsAdmin,
  enrollTotpFactor,
  listFactorsAsAdmin,
  unenrollFactor,
  verifyFactor,
} from './mfa.service.ts'
import {
  issueRecoveryCodes,
  RecoveryCodeBody,
  recoveryCodeStatus,
  verifyRecoveryCode,
} from './recovery-codes.service.ts'

/**
 * `/factors`: enrol, challenge, verify and unenrol MFA factors (protocol §1.4 "MFA"). Every
 * route needs a user's bearer token, and anonymous users are turned away as GoTrue does.
 * Only TOTP is offered: phone and WebAuthn answer GoTrue's "enroll disabled" errors.
 *
 * `/mfa/recovery-codes`: this server's recovery codes for TOTP, which GoTrue lacks
 * (recovery-codes.service.ts). Too many wrong codes answer 429 with `Retry-After`.
 */
const EnrollBody = z.looseObject({
  factor_type: z.string().nullish(),
  friendly_name: z.string().nullish(),
  issuer: z.string().nullish(),
})

const VerifyBody = z.looseObject({
  challenge_id: z.string().nullish(),
  code: z.string().nullish(),
})

type FactorParams = { Params: { factorId: string } }

/** Runs a code check; a lock sets `Retry-After` before the error handler renders the 429. */
async function withRetryAfter<T>(reply: FastifyReply, check: () => Promise<T>): Promise<T> {
  try {
    return await check()
  } catch (error) {
    if (error instanceof SecondFactorLockedError) {
      reply.header('retry-after', String(error.retryAfterSeconds))
    }
    throw error
  }
}

export function registerMfaRoutes(app: FastifyInstance, ctx: AuthContext) {
  async function signedInNonAnonymous(request: FastifyRequest) {
    const signedIn = await authenticateBearer(ctx, request.headers.authorization)
    if (signedIn.user.is_anonymous) {
      throw new AuthError(
        403,
        'no_authorization',
        'Anonymous user not allowed to perform these actions',
      )
    }
    return signedIn
  }

  app.post('/factors', async (request) => {
    const signedIn = await signedInNonAnonymous(request)
    const body = EnrollBody.parse(request.body ?? {})
    switch (body.factor_type) {
      case 'totp':
        return enrollTotpFactor(ctx, signedIn, {
          friendlyName: body.friendly_name ?? '',
          issuer: body.issuer ?? null,
        })
      case 'phone':
        throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
      case 'webauthn':
        throw new AuthError(
          422,
          'mfa_web_authn_enroll_not_enabled',
          'MFA enroll is disabled for WebAuthn',
        )
      default:
        throw new AuthError(
          400,
          'validation_failed',
          'factor_type needs to be totp, phone, or webauthn',
        )
    }
  })

  app.post<FactorParams>('/factors/:factorId/challenge', async (request) => {
    const signedIn = await signedInNonAnonymous(request)
    return challengeFactor(ctx, signedIn, request.params.factorId, request.ip)
  })

  app.post<FactorParams>('/factors/:factorId/verify', async (request, reply) => {
    const signedIn = await signedInNonAnonymous(request)
    const body = VerifyBody.parse(request.body ?? {})
    return withRetryAfter(reply, () =>
      verifyFactor(
        ctx,
        signedIn,
        request.params.factorId,
        { challengeId: body.challenge_id ?? '', code: body.code ?? '' },
        request.ip,
      ),
    )
  })

  app.delete<FactorParams>('/factors/:factorId', async (request) => {
    const signedIn = await signedInNonAnonymous(request)
    return unenrollFactor(ctx, signedIn, request.params.factorId)
  })

  app.get('/mfa/recovery-codes', async (request, reply) => {
    const signedIn = await signedInNonAnonymous(request)
    reply.header('cache-control', 'no-store')
    return recoveryCodeStatus(ctx, signedIn)
  })

  app.post('/mfa/recovery-codes', async (request, reply) => {
    const signedIn = await signedInNonAnonymous(request)
    // Shown once: no cache may keep them.
    reply.header('cache-control', 'no-store')
    return issueRecoveryCodes(ctx, signedIn)
  })

  app.post('/mfa/recovery-codes/verify', async (request, reply) => {
    const signedIn = await signedInNonAnonymous(request)
    const body = RecoveryCodeBody.parse(request.body ?? {})
    return withRetryAfter(reply, () => verifyRecoveryCode(ctx, signedIn, body.code ?? ''))
  })
}

const UUID = z.guid()

type AdminFactorParams = { Params: { userId: string; factorId: string } }

/**
 * The admin API's factor management (auth-js `auth.admin.mfa.listFactors` / `deleteFactor`), for
 * the service role only: a user's factors, and removing one for a user who lost their app.
 */
export function registerAdminMfaRoutes(app: FastifyInstance, ctx: AuthContext) {
  const onRequest = adminOnly(ctx)
  function userIdOf(request: FastifyRequest<AdminFactorParams>): string {
    if (!UUID.safeParse(request.params.userId).success) {
      throw new AuthError(404, 'validation_failed', 'user_id must be an UUID')
    }
    return request.params.userId
  }

  app.get<AdminFactorParams>('/admin/users/:userId/factors', { onRequest }, async (request) =>
    listFactorsAsAdmin(ctx, userIdOf(request)),
  )

  app.delete<AdminFactorParams>(
    '/admin/users/:userId/factors/:factorId',
    { onRequest },
    async (request) => deleteFactorAsAdmin(ctx, userIdOf(request), request.params.factorId),
  )
}
