/**
 * The decisions of the social sign-in rules (spec §4 and §5), apart from the calls that feed
 * them (`api/social-sign-in.ts`), so they can be tested on their own.
 */
import { splitFullName } from './split-full-name'

/** What the profile lookup found: no profile (PGRST116), or the profile's names. */
export type ProfileLookup =
  { found: false } | { found: true; firstName: string | null; lastName: string | null }

/** Where the app goes next: a new user starts onboarding, a known one the app. */
export type SignInDestination = '/onboarding' | '/account'

/** The provider's full name from the user metadata (GoTrue sets `full_name`, Google `name`). */
export function fullNameOf(userMetadata: Record<string, unknown> | undefined): string {
  const name = userMetadata?.full_name ?? userMetadata?.name
  return typeof name === 'string' ? name : ''
}

/**
 * The profile's empty name fields, filled from the provider's full name; null when there is
 * nothing to fill. A name the person typed is never overwritten by the provider's.
 */
export function namesToComplete(
  profile: { firstName: string | null; lastName: string | null },
  fullName: string,
): { first_name?: string; last_name?: string } | null {
  const { firstName, lastName } = splitFullName(fullName)
  const changes = {
    ...(!profile.firstName?.trim() && firstName ? { first_name: firstName } : {}),
    ...(!profile.lastName?.trim() && lastName ? { last_name: lastName } : {}),
  }
  return Object.keys(changes).length ? changes : null
}

/**
 * New user: no profile yet (the lookup answered PGRST116), or onboarding never finished. A
 * known user (onboarding done) goes to the app.
 */
export function destinationAfterSocialSignIn(
  lookup: ProfileLookup,
  onboardingCompleted: boolean,
): SignInDestination {
  return lookup.found && onboardingCompleted ? '/account' : '/onboarding'
}
