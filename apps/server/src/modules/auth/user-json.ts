import type { Queryable } from '../../platform/db/pool.ts'
import * as identities from './identities.repository.ts'
import { type IdentityRow, toIdentityJson } from './identities.repository.ts'
import * as mfa from './mfa/mfa.repository.ts'
import type { FactorJson } from './mfa/mfa.repository.ts'
import type { UserRow } from './users.repository.ts'

/** The user object of GoTrue's JSON (protocol §1.2); `factors` only when there are any. */
export type UserJson = ReturnType<typeof toUserJson> & { factors?: FactorJson[] }

/** The user's JSON with their identities and MFA factors, read in the caller's transaction. */
export async function loadUserJson(db: Queryable, user: UserRow): Promise<UserJson> {
  const json = toUserJson(user, await identities.listIdentities(db, user.id))
  const factors = await mfa.listFactors(db, user.id)
  return factors.length ? { ...json, factors: factors.map(mfa.toFactorJson) } : json
}

export function toUserJson(user: UserRow, userIdentities: IdentityRow[]) {
  const iso = (date: Date | null) => date?.toISOString() ?? undefined
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    phone: user.phone ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmed_at: iso(user.email_confirmed_at ?? user.phone_confirmed_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change ?? undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    reauthentication_sent_at: iso(user.reauthentication_sent_at),
    invited_at: iso(user.invited_at),
    identities: userIdentities.map(toIdentityJson),
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    banned_until: iso(user.banned_until),
    is_anonymous: user.is_anonymous,
  }
}
