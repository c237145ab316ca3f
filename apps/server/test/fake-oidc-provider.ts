import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type CryptoKey,
  exportJWK,
  generateKeyPair,
  type JWK,
  type JWTPayload,
  SignJWT,
} from 'jose'

/**
 * Test support, not used by the server: a local stand-in for Google's network, speaking the
 * same protocols on 127.0.0.1 so the integration tests run the real verification and the real
 * redirect flow without the internet.
 *
 * - `GET /jwks` publishes the current signing key (RS256, with a `kid`); `rotateKey()` replaces
 *   it, as a provider does when it rotates keys.
 * - `GET /authorize` is the consent page: it sends the browser back to `redirect_uri` with a
 *   code for the account set by `consentAs(…)`, or with `error=access_denied`.
 * - `POST /token` exchanges such a code (checking client id, secret and redirect URI) for an
 *   access token and an ID token signed with the current key.
 */
export type FakeAccount = {
  sub: string
  email?: string
  email_verified?: boolean | string
  name?: string
  picture?: string
}

type SigningKey = { kid: string; privateKey: CryptoKey; publicJwk: JWK }

async function newSigningKey(): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const kid = randomUUID()
  return {
    kid,
    privateKey,
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
  }
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = []
  for await (const chunk of request) {
    chunks.push(chunk as Buffer)
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
}

export type FakeOidcProvider = Awaited<ReturnType<typeof startFakeOidcProvider>>

export async function startFakeOidcProvider(options: {
  issuer: string
  clientId: string
  clientSecret: string
}) {
  let key = await newSigningKey()
  let consent: FakeAccount | 'deny' = 'deny'
  const codes = new Map<string, { account: FakeAccount; redirectUri: string }>()
  const authorizationRequests: URLSearchParams[] = []
  let jwksRequests = 0

  /** An ID token for these claims (defaults: our issuer and client, valid for an hour). */
  async function signIdToken(
    claims: JWTPayload,
    signing: { key?: SigningKey; expiresAt?: number } = {},
  ): Promise<string> {
    const signer = signing.key ?? key
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({ iss: options.issuer, aud: options.clientId, iat: now, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: signer.kid, typ: 'JWT' })
      .setExpirationTime(signing.expiresAt ?? now + 3600)
      .sign(signer.privateKey)
  }

  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-provider')
    const redirect = (location: string) => {
      response.writeHead(302, { location }).end()
    }
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }
    if (url.pathname === '/jwks') {
      jwksRequests += 1
      json(200, { keys: [key.publicJwk] })
      return
    }
    if (url.pathname === '/authorize') {
      authorizationRequests.push(url.searchParams)
      const back = new URL(url.searchParams.get('redirect_uri') ?? '')
      back.searchParams.set('state', url.searchParams.get('state') ?? '')
      if (consent === 'deny') {
        back.searchParams.set('error', 'access_denied')
        back.searchParams.set('error_description', 'The user denied access')
      } else {
        const code = randomUUID()
        codes.set(code, { account: consent, redirectUri: back.origin + back.pathname })
        back.searchParams.set('code', code)
      }
      redirect(back.toString())
      return
    }
    if (url.pathname === '/token' && request.method === 'POST') {
      void readForm(request).then(async (form) => {
        const grant = codes.get(form.get('code') ?? '')
        codes.delete(form.get('code') ?? '')
        if (
          !grant ||
          form.get('grant_type') !== 'authorization_code' ||
          form.get('client_id') !== options.clientId ||
          form.get('client_secret') !== options.clientSecret ||
          form.get('redirect_uri') !== grant.redirectUri
        ) {
          json(400, { error: 'invalid_grant', error_description: 'Bad Request' })
          return
        }
        const accessToken = `ya29.${randomUUID()}`
        const atHash = createHash('sha256').update(accessToken).digest().subarray(0, 16)
        json(200, {
          access_token: accessToken,
          refresh_token: `1//${randomUUID()}`,
          expires_in: 3599,
          scope: 'openid email profile',
          token_type: 'Bearer',
          id_token: await signIdToken({ ...grant.account, at_hash: atHash.toString('base64url') }),
        })
      })
      return
    }
    json(404, { error: 'not_found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    jwksUrl: `${origin}/jwks`,
    authorizationUrl: `${origin}/authorize`,
    tokenUrl: `${origin}/token`,
    signIdToken,
    /** A key this provider never publishes (a forged signature). */
    unpublishedKey: () => newSigningKey(),
    /** From now on tokens are signed with a new key under a new `kid`, the only one published. */
    rotateKey: async () => {
      key = await newSigningKey()
    },
    /** Who the consent page signs in next, or 'deny' for the person declining. */
    consentAs: (account: FakeAccount | 'deny') => {
      consent = account
    },
    lastAuthorizationRequest: () => authorizationRequests.at(-1),
    jwksRequests: () => jwksRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
