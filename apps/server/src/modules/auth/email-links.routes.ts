import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AuthContext } from './auth-context.ts'
import {
  type LinkOptions,
  PKCE_TOKEN_PREFIX,
  resendEmailLink,
  sendRecoveryLink,
  sendSignInLink,
} from './email-links.service.ts'
import { verifyEmailLink, verifyEmailToken } from './email-verification.service.ts'
import { AuthError } from './gotrue-errors.ts'
import { readCodeChallenge } from './pkce.ts'
import {
  redirectWithCode,
  redirectWithError,
  redirectWithSession,
  resolveRedirect,
} from './redirects.ts'
import { queryParam, sessionMeta } from './request-helpers.ts'
import { normalizeEmail } from './users.service.ts'

/**
 * Passwordless and recovery emails (protocol §1.4): POST /otp and its legacy alias
 * /magiclink, /recover and /resend send links and codes; POST /verify checks a code or a token
 * hash and answers a session; GET /verify is the emailed link itself, answering 303 to the
 * validated redirect with the session in the fragment, `?code=` for PKCE, or the error.
 */
const Metadata = z.record(z.string(), z.unknown()).nullish()

const OtpBody = z.looseObject({
  email: z.string().nullish(),
  phone: z.string().nullish(),
  create_user: z.boolean().nullish(),
  data: Metadata,
  channel: z.string().nullish(),
})

const EmailBody = z.looseObject({ email: z.string().nullish(), phone: z.string().nullish() })

const ResendBody = z.looseObject({
  type: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
})

const VerifyBody = z.looseObject({
  type: z.string().nullish(),
  token: z.string().nullish(),
  token_hash: z.string().nullish(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  redirect_to: z.string().nullish(),
})

/** The OAuth `error` of a failed link, by HTTP status (GoTrue's map). */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
}

/**
 * Where the emailed link should lead: `redirect_to` from the query string (auth-js puts it
 * there) or the body, when the allow list accepts it; the site URL otherwise.
 */
export function requestedRedirect(request: FastifyRequest, ctx: AuthContext): string {
  const fromBody = (request.body as { redirect_to?: unknown } | undefined)?.redirect_to
  const candidate =
    queryParam(request, 'redirect_to') ?? (typeof fromBody === 'string' ? fromBody : null)
  return resolveRedirect(candidate, ctx.settings)
}

/** The redirect and the PKCE challenge of a request that sends a link. */
export function linkOptions(request: FastifyRequest, ctx: AuthContext): LinkOptions {
  const body = (request.body ?? {}) as { code_challenge?: unknown; code_challenge_method?: unknown }
  return { redirectTo: requestedRedirect(request, ctx), challenge: readCodeChallenge(body) }
}

function phoneProviderDisabled() {
  return new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider')
}

export function registerEmailLinkRoutes(app: FastifyInstance, ctx: AuthContext) {
  app.post('/otp', async (request) => {
    const body = OtpBody.parse(request.body ?? {})
    if (body.email && body.phone) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided',
      )
    }
    if (body.email && body.channel) {
      throw new AuthError(
        400,
        'validation_failed',
        'Channel should only be specified with Phone OTP',
      )
    }
    const options = linkOptions(request, ctx)
    if (body.phone) {
      throw phoneProviderDisabled()
    }
    if (!body.email) {
      throw new AuthError(400, 'validation_failed', 'One of email or phone must be set')
    }
    await sendSignInLink(
      ctx,
      { email: body.email, createUser: body.create_user ?? true, data: body.data ?? {} },
      options,
    )
    return {}
  })

  // The magic-link endpoint of older clients: /otp for an email, always signing up.
  app.post('/magiclink', async (request) => {
    const body = OtpBody.parse(request.body ?? {})
    if (!body.email) {
      throw new AuthError(422, 'validation_failed', 'Password recovery requires an email')
    }
    const options = linkOptions(request, ctx)
    await sendSignInLink(
      ctx,
      { email: body.email, createUser: true, data: body.data ?? {} },
      options,
    )
    return {}
  })

  app.post('/recover', async (request) => {
    const body = EmailBody.parse(request.body ?? {})
    if (!body.email) {
      throw new AuthError(400, 'validation_failed', 'Password recovery requires an email')
    }
    await sendRecoveryLink(ctx, body.email, linkOptions(request, ctx))
    return {}
  })

  app.post('/resend', async (request) => {
    const body = ResendBody.parse(request.body ?? {})
    const type = body.type ?? ''
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
      throw new AuthError(
        400,
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      )
    }
    if (type === 'signup' && !body.email) {
      throw new AuthError(400, 'validation_failed', 'Type provided requires an email address')
    }
    if (type === 'sms' && !body.phone) {
      throw new AuthError(400, 'validation_failed', 'Type provided requires a phone number')
    }
    if (body.email && body.phone) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided.',
      )
    }
    if (body.phone) {
      throw phoneProviderDisabled()
    }
    if (!body.email) {
      throw new AuthError(400, 'validation_failed', 'Missing email address or phone number')
    }
    // `sms` and `phone_change` always name a phone number, refused above.
    const emailType = type as 'signup' | 'email_change'
    await resendEmailLink(ctx, { type: emailType, email: body.email }, linkOptions(request, ctx))
    return {}
  })

  app.post('/verify', async (request) => {
    const body = VerifyBody.parse(request.body ?? {})
    if (!body.type) {
      throw new AuthError(400, 'validation_failed', 'Verify requires a verification type')
    }
    if (Boolean(body.token) === Boolean(body.token_hash)) {
      throw new AuthError(
        400,
        'validation_failed',
        'Verify requires either a token or a token hash',
      )
    }
    const meta = sessionMeta(request)
    if (body.token_hash) {
      if (body.email || body.phone || body.redirect_to) {
        throw new AuthError(
          400,
          'validation_failed',
          'Only the token_hash and type should be provided',
        )
      }
      return verifyEmailToken(ctx, { type: body.type, tokenHash: body.token_hash }, meta)
    }
    if (Boolean(body.email) === Boolean(body.phone)) {
      throw new AuthError(
        400,
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      )
    }
    if (body.phone) {
      // No SMS is ever sent, so no SMS code can be right.
      throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
    }
    const email = verifiedEmailFormat(body.email ?? '')
    return verifyEmailToken(ctx, { type: body.type, email, otp: body.token ?? '' }, meta)
  })

  app.get('/verify', async (request, reply) => {
    const type = queryParam(request, 'type')
    const token = queryParam(request, 'token')
    if (!type) {
      throw new AuthError(400, 'validation_failed', 'Verify requires a verification type')
    }
    if (!token) {
      throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash')
    }
    const redirectTo = requestedRedirect(request, ctx)
    let location: string
    try {
      const verified = await verifyEmailLink(ctx, { type, tokenHash: token }, sessionMeta(request))
      location =
        verified.kind === 'code'
          ? redirectWithCode(redirectTo, verified.authCode)
          : redirectWithSession(redirectTo, verified.session, type)
    } catch (error) {
      if (!(error instanceof AuthError) || error.status >= 500) {
        throw error
      }
      location = redirectWithError(
        redirectTo,
        {
          error: OAUTH_ERRORS[error.status] ?? 'invalid_request',
          code: error.code,
          description: error.message,
        },
        token.startsWith(PKCE_TOKEN_PREFIX),
      )
    }
    return reply.redirect(location, 303)
  })
}

/** POST /verify's reading of the address: 422 when it is not one (GoTrue's answer here). */
function verifiedEmailFormat(raw: string): string {
  try {
    return normalizeEmail(raw)
  } catch {
    throw new AuthError(422, 'validation_failed', 'Invalid email format')
  }
}
