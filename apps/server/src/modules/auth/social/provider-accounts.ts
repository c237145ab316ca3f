import type { Queryable } from '../../../platform/db/pool.ts'
import { AuthError } from '../gotrue-errors.ts'
import * as identities from '../identities.repository.ts'
import type { IdentityRow } from '../identities.repository.ts'
import * as users from '../users.repository.ts'
import type { UserRow } from '../users.repository.ts'
import { type AccountChanges, updateAccount } from './account-updates.repository.ts'
import type { ProviderProfile } from './oidc-id-token.ts'

/**
 * What a verified Google or Apple profile does to accounts, GoTrue's rules (its external.go and
 * account linking), all inside the caller's transaction:
 *
 * - **Sign-in.** A known identity signs its user in, refreshing the identity's claims and the
 *   user's metadata. An unknown one is linked automatically to the account that already has its
 *   email when the provider vouches for that email (or emails are confirmed automatically on
 *   this install): GoTrue's automatic linking, so "Continue with Google" reaches the account
 *   someone made with the same address. Otherwise a new confirmed user is created.
 * - **Pre-account takeover.** When the account reached is still unconfirmed, whoever signed up
 *   with that address never proved owning it: its password and other identities are dropped
 *   before the provider's identity confirms it.
 * - **Linking** (link_identity, the linking redirect flow, the product API) adds the identity to
 *   the signed-in user; a guest who gains a verified email this way becomes permanent.
 * - **Unlinking** keeps at least one identity and re-derives the email and providers.
 *
 * GoTrue commits a new unverified account and emails a confirmation; we create none instead and
 * answer the same 422, as no Google or Apple account we accept lacks a verified email.
 */
export type AccountOptions = { now: Date; emailAutoconfirm: boolean }

/**
 * GoTrue's manual-linking switch (`AUTH_MANUAL_LINKING`): when off, a signed-in user's linking
 * and unlinking requests answer 404 `manual_linking_disabled` before anything else is checked.
 */
export function requireManualLinking(settings: { manualLinking: boolean }): void {
  if (!settings.manualLinking) {
    throw new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled')
  }
}

function update(tx: Queryable, user: UserRow, changes: AccountChanges, now: Date) {
  return updateAccount(tx, user.id, changes, now)
}

function mergedMetadata(user: UserRow, profile: ProviderProfile) {
  return { ...user.raw_user_meta_data, ...profile.identityData }
}

function insertIdentity(tx: Queryable, user: UserRow, profile: ProviderProfile, now: Date) {
  return identities.insertIdentity(tx, {
    userId: user.id,
    provider: profile.provider,
    providerId: profile.subject,
    identityData: profile.identityData,
    now,
  })
}

/** `app_metadata.providers` from the identities; `provider` kept while it is one of them. */
async function refreshProviders(tx: Queryable, user: UserRow, now: Date): Promise<UserRow> {
  const providers = [
    ...new Set((await identities.listIdentities(tx, user.id)).map((row) => row.provider)),
  ]
  const current = user.raw_app_meta_data.provider
  const provider =
    typeof current === 'string' && providers.includes(current) ? current : providers[0]
  return update(tx, user, { appMetadata: { ...user.raw_app_meta_data, provider, providers } }, now)
}

async function existingUser(tx: Queryable, userId: string): Promise<UserRow> {
  const user = await users.findUserById(tx, userId)
  if (!user) {
    throw new AuthError(500, 'unexpected_failure', 'Identity without a user')
  }
  return user
}

/** The account an identity with this verified email joins: by identities, then by users. */
async function accountWithEmail(tx: Queryable, email: string): Promise<UserRow | null> {
  const owners = new Set(
    (await identities.findIdentitiesByEmail(tx, [email])).map((i) => i.user_id),
  )
  if (owners.size > 1) {
    throw new AuthError(
      500,
      'unexpected_failure',
      'Multiple accounts with the same email address in the same linking domain detected: default',
    )
  }
  const [owner] = owners
  return (owner ? await users.findUserById(tx, owner) : null) ?? users.findUserByEmail(tx, email)
}

function needsVerification(profile: ProviderProfile) {
  return new AuthError(
    422,
    'provider_email_needs_verification',
    `Unverified email with ${profile.provider}. Verify the email with ${profile.provider} in order to sign in`,
  )
}

/** An unconfirmed account keeps only the identity that now proves the address. */
async function confirmThroughIdentity(
  tx: Queryable,
  user: UserRow,
  identity: IdentityRow,
  now: Date,
): Promise<UserRow> {
  for (const other of await identities.listIdentities(tx, user.id)) {
    if (other.id !== identity.id) {
      await identities.deleteIdentity(tx, other.id)
    }
  }
  return update(
    tx,
    user,
    { encryptedPassword: null, userMetadata: identity.identity_data, emailConfirmedAt: now },
    now,
  )
}

export async function signInWithProviderProfile(
  tx: Queryable,
  profile: ProviderProfile,
  { now, emailAutoconfirm }: AccountOptions,
): Promise<UserRow> {
  const trusted = profile.emailVerified || emailAutoconfirm
  const email = profile.email?.toLowerCase() ?? null
  const known = await identities.findIdentity(tx, profile.provider, profile.subject)
  let user: UserRow
  let identity: IdentityRow
  if (known) {
    user = await existingUser(tx, known.user_id)
    identity = await identities.recordIdentitySignIn(tx, known.id, profile.identityData, now)
    user = await update(tx, user, { userMetadata: mergedMetadata(user, profile) }, now)
  } else {
    const owner = email && trusted ? await accountWithEmail(tx, email) : null
    if (owner) {
      identity = await insertIdentity(tx, owner, profile, now)
      user = await update(tx, owner, { userMetadata: mergedMetadata(owner, profile) }, now)
    } else {
      if (!trusted) {
        throw needsVerification(profile)
      }
      user = await users.insertUser(tx, {
        email,
        encryptedPassword: null,
        emailConfirmedAt: now,
        isAnonymous: false,
        appMetadata: { provider: profile.provider, providers: [profile.provider] },
        userMetadata: profile.identityData,
        now,
      })
      identity = await insertIdentity(tx, user, profile, now)
    }
  }

  if (user.banned_until && user.banned_until > now) {
    throw new AuthError(403, 'user_banned', 'User is banned')
  }
  if (!user.email_confirmed_at) {
    if (!trusted) {
      throw needsVerification(profile)
    }
    user = await confirmThroughIdentity(tx, user, identity, now)
  }
  return refreshProviders(tx, user, now)
}

export async function linkProviderProfile(
  tx: Queryable,
  target: UserRow,
  profile: ProviderProfile,
  { now }: Pick<AccountOptions, 'now'>,
): Promise<UserRow> {
  const known = await identities.findIdentity(tx, profile.provider, profile.subject)
  if (known) {
    throw new AuthError(
      422,
      'identity_already_exists',
      known.user_id === target.id
        ? 'Identity is already linked'
        : 'Identity is already linked to another user',
    )
  }
  await insertIdentity(tx, target, profile, now)
  let user = target
  const email = profile.email?.toLowerCase()
  if (!target.email && email) {
    if (!profile.emailVerified) {
      throw new AuthError(
        422,
        'email_not_confirmed',
        `Unverified email with ${profile.provider}. Verify the email with ${profile.provider} in order to link it`,
      )
    }
    if (await users.findUserByEmail(tx, email)) {
      throw new AuthError(
        400,
        'email_exists',
        'A user with this email address has already been registered',
      )
    }
    // A guest who gains a verified email this way is a permanent user from now on.
    user = await update(tx, user, { email, emailConfirmedAt: now, isAnonymous: false }, now)
  }
  return refreshProviders(tx, user, now)
}

/** DELETE /user/identities/{id}: the identity goes; the email follows the identities left. */
export async function unlinkIdentity(
  tx: Queryable,
  user: UserRow,
  identityId: string,
  now: Date,
): Promise<void> {
  const all = await identities.listIdentities(tx, user.id)
  if (all.length <= 1) {
    throw new AuthError(
      422,
      'single_identity_not_deletable',
      'User must have at least 1 identity after unlinking',
    )
  }
  const unlinked = all.find((identity) => identity.id === identityId)
  if (!unlinked) {
    throw new AuthError(422, 'identity_not_found', "Identity doesn't exist")
  }
  await identities.deleteIdentity(tx, unlinked.id)
  const remaining = all.filter((identity) => identity !== unlinked)
  let account = user
  const email = user.email?.toLowerCase()
  if (email && !remaining.some((identity) => identity.email === email)) {
    const replacement = remaining.find((identity) => identity.email)?.email ?? null
    const holder = replacement ? await users.findUserByEmail(tx, replacement) : null
    if (holder && holder.id !== user.id) {
      throw new AuthError(
        422,
        'email_conflict_identity_not_deletable',
        'Unable to unlink identity due to email conflict',
      )
    }
    account = await update(tx, user, { email: replacement }, now)
  }
  await refreshProviders(tx, account, now)
}
