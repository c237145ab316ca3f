import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { Queryable } from '../../../platform/db/pool.ts'
import type { CodeChallenge } from '../pkce.ts'

/**
 * The state of an OAuth redirect sign-in between GET /authorize and GET|POST /callback: an
 * `auth.flow_state` row whose id is the OAuth `state` parameter (unguessable, single use,
 * expiring). A PKCE row carries the client's code challenge and later hands out the auth code
 * (`pkce.ts`); an implicit-flow row has none. This is the one insert that may leave the
 * challenge out, which pkce.ts's `insertFlowState` (emailed links) never does.
 */
export type OAuthFlowRow = {
  id: string
  auth_code: string
  code_challenge: string | null
  provider_type: string
  redirect_to: string | null
  linking_user_id: string | null
  auth_code_issued_at: Date | null
  created_at: Date
}

const COLUMNS =
  'id, auth_code, code_challenge, provider_type, redirect_to, linking_user_id, auth_code_issued_at, created_at'

export async function insertOAuthFlow(
  db: Queryable,
  flow: {
    provider: string
    challenge: CodeChallenge | null
    redirectTo: string
    linkingUserId: string | null
    now: Date
  },
): Promise<OAuthFlowRow> {
  const result = await db.query<OAuthFlowRow>(
    `insert into auth.flow_state (auth_code, code_challenge_method, code_challenge, provider_type,
       authentication_method, redirect_to, linking_user_id, created_at, updated_at)
     values ($1, $2, $3, $4, 'oauth', $5, $6, $7, $7)
     returning ${COLUMNS}`,
    [
      randomUUID(),
      flow.challenge?.method ?? null,
      flow.challenge?.challenge ?? null,
      flow.provider,
      flow.redirectTo,
      flow.linkingUserId,
      flow.now,
    ],
  )
  return result.rows[0] as OAuthFlowRow
}

/** The flow a `state` names, locked for the caller's transaction when `lock` is set. */
export async function findOAuthFlow(
  db: Queryable,
  state: string,
  { lock }: { lock: boolean },
): Promise<OAuthFlowRow | null> {
  if (!z.uuid().safeParse(state).success) {
    return null
  }
  const result = await db.query<OAuthFlowRow>(
    `select ${COLUMNS} from auth.flow_state
     where id = $1 and authentication_method = 'oauth'${lock ? ' for update' : ''}`,
    [state],
  )
  return result.rows[0] ?? null
}

export async function deleteOAuthFlow(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.flow_state where id = $1', [id])
}
