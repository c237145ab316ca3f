import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'

/**
 * TOTP the way GoTrue does it (RFC 6238 with SHA-1, 6 digits, 30-second steps, one step of
 * tolerance either way), always on the caller's clock so tests can move it. otpauth computes
 * the codes and the `otpauth://` URI; qrcode draws that URI as SVG markup for enrolment.
 */
const PERIOD_SECONDS = 30
const DIGITS = 6
const ALGORITHM = 'SHA1'
/** 20 random bytes (32 base32 characters), as GoTrue's TOTP library generates. */
const SECRET_BYTES = 20

export type TotpEnrolment = {
  /** The shared secret, base32. */
  secret: string
  /** `otpauth://totp/<issuer>:<account>?secret=…&issuer=…`, what authenticator apps import. */
  uri: string
  /** The URI as a QR code: SVG markup. */
  qrCode: string
}

function totpOf(secret: string, issuer = '', accountName = ''): TOTP {
  return new TOTP({
    issuer,
    label: accountName,
    // The label is `issuer:account`, so an issuer with a colon (a host with a port, in
    // development) would be misread there; the `issuer` parameter then names it alone.
    issuerInLabel: !issuer.includes(':'),
    secret: Secret.fromBase32(secret),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD_SECONDS,
  })
}

export async function createTotpEnrolment(
  issuer: string,
  accountName: string,
): Promise<TotpEnrolment> {
  const secret = new Secret({ size: SECRET_BYTES }).base32
  const uri = totpOf(secret, issuer, accountName).toString()
  return { secret, uri, qrCode: await QRCode.toString(uri, { type: 'svg' }) }
}

/**
 * The time step (unix seconds / 30) whose code `code` is, when it is the code of the step at
 * `at` or of the step either side; otherwise null.
 */
export function totpTimeStepOf(secret: string, code: string, at: Date): number | null {
  const timestamp = at.getTime()
  const delta = totpOf(secret).validate({ token: code, timestamp, window: 1 })
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta
}
