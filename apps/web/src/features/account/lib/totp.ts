/** Pure helpers of the TOTP (authenticator app) screens. */
import { z } from 'zod'

/**
 * An `<img>` source for the server's QR code. The server sends SVG markup, which auth-js
 * prefixes with `data:image/svg+xml;utf-8,` but does not encode: a `#` in the markup (its
 * colours) would end the URL there. Encoded here, and shown through `<img>`, where an SVG can
 * run no script, never inserted into the page as markup.
 */
export function qrCodeImageSource(qrCode: string): string {
  const svg = qrCode.replace(/^data:image\/svg\+xml;[^,]*,/, '')
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** The secret in groups of four, easier to type into an authenticator app by hand. */
export function groupSecret(secret: string): string {
  return secret.match(/.{1,4}/g)?.join(' ') ?? ''
}

const FACTOR_NAME = 'Authenticator app'

/**
 * A name for a new factor that none of the user's factors has (the server refuses a duplicate
 * friendly name): "Authenticator app", then "Authenticator app 2", …
 */
export function nextFactorName(existingNames: readonly (string | undefined)[]): string {
  const taken = new Set(existingNames)
  let name = FACTOR_NAME
  for (let number = 2; taken.has(name); number++) {
    name = `${FACTOR_NAME} ${number}`
  }
  return name
}

export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app')),
})
export type TotpCodeValues = z.input<typeof totpCodeSchema>
