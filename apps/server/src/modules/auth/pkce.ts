import { createHash, randomUUID } from 'node:crypto'
import { type Queryable, withTransaction } from '../../platform/db/pool.ts'
import type { AuthContext } from './auth-context.ts'
import { AuthError } from './gotrue-errors.ts'
import type { SessionMeta } from './sessions.repository.ts'
import { issueSession, type SessionResponse } from './sessions.service.ts'
import * as users from './users.repository.ts'

/**
 * The PKCE flow (protocol §1.4, /token?grant_type=pkce): a client that starts an emailed-link
 * or OAuth sign-in sends a code challenge; the flow state remembers it; the redirect then
 * carries a single-use auth code instead of tokens, which only the holder of the code verifier
 * can exchange for a session. A flow lives 5 minutes from when its code was issued.
 */
export const FLOW_STATE_LIFETIME_MS = 5 * 60 * 1000

export type CodeChallenge = { challenge: string; method: 's256' | 'plain' }

export type FlowStateRow = {
  id: string
  user_id: string | null
  auth_code: string
  code_challenge_method: 's256' | 'plain'
  code_challenge: string
  provider_type: string
  provider_access_token: string | null
  provider_refresh_token: string | null
  authentication_method: string
  redirect_to: string | null
  linking_user_id: string | null
  auth_code_issued_at: Date | null
  created_at: Date
}

/**
 * The challenge of a request body (`code_challenge`, `code_challenge_method`), or null for an
 * implicit-flow request. auth-js sends `code_challenge: null` when it does not use PKCE.
 */
export function readCodeChallenge(body: {
  code_challenge?: unknown
  code_challenge_method?: unknown
}): CodeChallenge | null {
  const challenge = body.code_challenge
  const method = body.code_challenge_method
  if ((challenge === null || challenge === undefined || challenge === '') && !method) {
    return null
  }
  if (typeof challenge !== 'string' || typeof method !== 'string') {
    throw new AuthError(
      400,
      'validation_failed',
      'PKCE flow requires code_challenge_method and code_challenge',
    )
  }
  const normalized = method.toLowerCase()
  if (normalized !== 's256' && normalized !== 'plain') {
    throw new AuthError(400, 'validation_failed', `Code challenge method not supported: ${method}`)
  }
  if (challenge.length < 43 || challenge.length > 128) {
    throw new AuthError(
      400,
      'validation_failed',
      'code challenge has to be between 43 and 128 characters',
    )
  }
  return { challenge, method: normalized }
}

export function verifierMatches(flow: FlowStateRow, verifier: string): boolean {
  if (flow.code_challenge_method === 'plain') {
    return verifier === flow.code_challenge
  }
  return createHash('sha256').update(verifier).digest('base64url') === flow.code_challenge
}

export async function insertFlowState(
  db: Queryable,
  flow: {
    userId: string | null
    challenge: CodeChallenge
    providerType: string
    authenticationMethod: string
    redirectTo: string | null
    linkingUserId?: string | null
    now: Date
  },
): Promise<FlowStateRow> {
  const result = await db.query<FlowStateRow>(
    `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge,
       provider_type, authentication_method, redirect_to, linking_user_id, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     returning *`,
    [
      flow.userId,
      randomUUID(),
      flow.challenge.method,
      flow.challenge.challenge,
      flow.providerType,
      flow.authenticationMethod,
      flow.redirectTo,
      flow.linkingUserId ?? null,
      flow.now,
    ],
  )
  return result.rows[0] as FlowStateRow
}

export async function findFlowState(db: Queryable, id: string): Promise<FlowStateRow | null> {
  const result = await db.query<FlowStateRow>('select * from auth.flow_state where id = $1', [id])
  return result.rows[0] ?? null
}

/**
 * The flow now has its user and hands out its code: the code's 5 minutes start now. Provider
 * tokens (OAuth) are returned to the client with the session.
 */
export async function issueAuthCode(
  db: Queryable,
  flowId: string,
  update: {
    userId: string
    now: Date
    providerAccessToken?: string | null
    providerRefreshToken?: string | null
  },
): Promise<FlowStateRow> {
  const result = await db.query<FlowStateRow>(
    `update auth.flow_state
     set user_id = $2, auth_code_issued_at = $3, updated_at = $3,
         provider_access_token = $4, provider_refresh_token = $5
     where id = $1
     returning *`,
    [
      flowId,
      update.userId,
      update.now,
      update.providerAccessToken ?? null,
      update.providerRefreshToken ?? null,
    ],
  )
  return result.rows[0] as FlowStateRow
}

type ExchangedSession = SessionResponse & {
  provider_token?: string
  provider_refresh_token?: string
}

/** `/token?grant_type=pkce`: exchanges an auth code and its verifier for a session, once. */
export async function exchangeAuthCode(
  ctx: Pick<AuthContext, 'db' | 'now' | 'signer'>,
  input: { authCode: string; codeVerifier: string },
  meta: SessionMeta,
): Promise<ExchangedSession> {
  const outcome = await withTransaction(ctx.db, async (tx) => {
    const found = await tx.query<FlowStateRow>(
      'select * from auth.flow_state where auth_code = $1 for update',
      [input.authCode],
    )
    const flow = found.rows[0]
    if (!flow?.user_id) {
      throw new AuthError(
        404,
        'flow_state_not_found',
        'invalid flow state, no valid flow state found',
      )
    }
    const issuedAt = flow.auth_code_issued_at ?? flow.created_at
    if (ctx.now().getTime() - issuedAt.getTime() > FLOW_STATE_LIFETIME_MS) {
      await tx.query('delete from auth.flow_state where id = $1', [flow.id])
      return { kind: 'expired' as const }
    }
    if (!verifierMatches(flow, input.codeVerifier)) {
      throw new AuthError(
        400,
        'bad_code_verifier',
        'code challenge does not match previously saved code verifier',
      )
    }
    const user = await users.findUserById(tx, flow.user_id)
    if (!user) {
      throw new AuthError(404, 'user_not_found', 'User not found')
    }
    await tx.query('delete from auth.flow_state where id = $1', [flow.id])
    const session = await issueSession(ctx, tx, user, flow.authentication_method, meta)
    const exchanged: ExchangedSession = { ...session }
    if (flow.provider_access_token) {
      exchanged.provider_token = flow.provider_access_token
    }
    if (flow.provider_refresh_token) {
      exchanged.provider_refresh_token = flow.provider_refresh_token
    }
    return { kind: 'exchanged' as const, session: exchanged }
  })
  if (outcome.kind === 'expired') {
    // Thrown after the commit, so the expired flow stays deleted.
    throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired')
  }
  return outcome.session
}
