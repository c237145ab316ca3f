import { type Queryable, withTransaction } from '../../platform/db/pool.ts'
import { AppError } from '../../platform/errors/app-error.ts'
import type { FastifyInstance } from 'fastify'
import type { ProductApiContext } from '../../platform/product-api.ts'
import type { AuthSettings } from '../auth/index.ts'
import { EMAIL_OTP_LIFETIME_MS, issueEmailLink } from '../auth/index.ts'
import { lockUser } from '../auth/index.ts'
import { enqueueEmail, lastEmailQueuedAt } from '../email/index.ts'

/**
 * POST /api/emails/resume-upload (spec section 7): the signed-in user asks the mobile app for a
 * link to upload their resume from a computer, and gets it by email. Answers 202 `{sent: true}`
 * once the email is queued.
 *
 * The link is a one-time sign-in link of the Auth service (GET /auth/v1/verify, kind
 * `magiclink`) whose redirect is the upload page, `<site URL>/upload/<user id>`. Following it
 * starts a new session and lands on the page with that session's tokens in the URL hash, which
 * the page requires (spec sections 2 and 4). So the email itself holds no session: the link
 * works once, for 24 hours (the Auth service's rules for emailed links), and the session it
 * starts is an ordinary one, ended by signing out. Like any magic link, it replaces a magic or
 * password-reset link the user had not used yet.
 *
 * Refused: a guest or an account without an email address, 403 `forbidden`; an address not
 * yet confirmed, 403 `forbidden`; a second request within a minute, 429
 * `over_request_rate_limit` with `Retry-After`.
 */
export const UPLOAD_LINK_INTERVAL_SECONDS = 60

const TEMPLATE = 'resume_upload_link'

export function registerUploadLinkRoutes(
  app: FastifyInstance,
  ctx: ProductApiContext & { authSettings: AuthSettings },
) {
  app.post('/emails/resume-upload', async (request, reply) => {
    const apiUser = await ctx.requireUser(request)
    await withTransaction(ctx.db, async (tx) => {
      // Locked: two requests at once take turns, so the second sees the first one's email.
      const user = await lockUser(tx, apiUser.id)
      if (!user) {
        throw new AppError('not_authenticated', 'User not found')
      }
      if (user.is_anonymous || !user.email) {
        throw new AppError(
          'forbidden',
          'The upload link is sent by email: sign up with an email address first',
        )
      }
      if (!user.email_confirmed_at) {
        throw new AppError(
          'forbidden',
          'Confirm your email address first, then ask for an upload link again',
        )
      }
      const at = ctx.now()
      const waitSeconds = await secondsUntilNextUploadLink(tx, user.id, at)
      if (waitSeconds > 0) {
        reply.header('retry-after', String(waitSeconds))
        throw new AppError(
          'over_request_rate_limit',
          `You can ask for another upload link in ${waitSeconds} seconds`,
        )
      }
      const issued = await issueEmailLink(
        tx,
        { settings: ctx.authSettings, now: ctx.now },
        {
          user,
          type: 'magiclink',
          address: user.email,
          redirectTo: `${ctx.authSettings.siteUrl}/upload/${user.id}`,
          challenge: null,
        },
      )
      await enqueueEmail(tx, {
        userId: user.id,
        to: user.email,
        template: TEMPLATE,
        data: { link: issued.link, expiresInMinutes: EMAIL_OTP_LIFETIME_MS / 60_000 },
        queuedAt: at,
      })
    })
    return reply.status(202).send({ sent: true })
  })
}

/**
 * One upload link a minute per user: the seconds left to wait, or 0. Counted apart from the Auth
 * service's per-address limit on its own emails (`assertEmailSendAllowed`), which product mail
 * does not use up: asking for an upload link must not hold back a password reset, nor the reverse.
 */
async function secondsUntilNextUploadLink(
  tx: Queryable,
  userId: string,
  now: Date,
): Promise<number> {
  const lastSentAt = await lastEmailQueuedAt(tx, { userId }, [TEMPLATE])
  if (!lastSentAt) {
    return 0
  }
  const waitMs = lastSentAt.getTime() + UPLOAD_LINK_INTERVAL_SECONDS * 1000 - now.getTime()
  return Math.max(Math.ceil(waitMs / 1000), 0)
}
