import type { Session } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'
import type { TestApp } from '../../../test/test-app.ts'

/** TOTP's time step (RFC 6238), as the server uses it. */
export const TOTP_STEP_MS = 30_000

/**
 * The codes of an authenticator app for a test app whose clock the test moves: the server's
 * clock is the test's clock moved forward by every advance made through here.
 * `app` is read when called, so it can be created in `beforeAll`.
 */
export function createTotpClock(app: () => TestApp) {
  let clockOffsetMs = 0
  const serverNow = () => Date.now() + clockOffsetMs

  function advanceClock(milliseconds: number) {
    clockOffsetMs += milliseconds
    app().advanceClock(milliseconds)
  }

  /** The code of the server's current time step moved by `steps`. */
  function codeAt(secret: string, steps = 0): string {
    return TOTP.generate({
      secret: Secret.fromBase32(secret),
      timestamp: serverNow() + steps * TOTP_STEP_MS,
    })
  }

  return {
    serverNow,
    advanceClock,
    codeAt,
    /** Moves the server's clock 10 s into a TOTP step, so codes made now keep their step. */
    settleIntoTimeStep: () =>
      advanceClock((10_000 - (serverNow() % TOTP_STEP_MS) + TOTP_STEP_MS) % TOTP_STEP_MS),
    /** A six-digit code that is none of the codes the server accepts right now. */
    wrongCode: (secret: string): string => {
      const accepted = new Set([-1, 0, 1].map((steps) => codeAt(secret, steps)))
      let candidate = 0
      while (accepted.has(String(candidate).padStart(6, '0'))) {
        candidate++
      }
      return String(candidate).padStart(6, '0')
    },
  }
}

/** The claims of a session's access token. */
export function claimsOf(session: Session | null | undefined): Record<string, unknown> {
  const payload = session?.access_token.split('.')[1] ?? ''
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

/** The authentication methods (`amr`) of a session's access token, in token order. */
export function amrMethodsOf(session: Session | null | undefined): string[] {
  return (claimsOf(session).amr as { method: string }[]).map((entry) => entry.method)
}
