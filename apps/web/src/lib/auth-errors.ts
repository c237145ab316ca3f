/**
 * supabase-js's auth error predicates, without importing supabase-js (issue 21).
 *
 * The code that explains a failure (a form's message) is part of the first render of pages such
 * as /forgot-password and the onboarding wizard. Importing the predicates from supabase-js would
 * make those pages wait for its 200 KB before they show anything. An auth error can only be made
 * by supabase-js, so until it has loaded no error is one and these answer false; once it has
 * loaded (lib/supabase-client.ts provides them), they are supabase-js's own.
 */
import type * as SupabaseJs from '@supabase/supabase-js'
import type {
  AuthApiError,
  AuthError,
  AuthRetryableFetchError,
  AuthSessionMissingError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js'

export type AuthErrorGuards = Pick<
  typeof SupabaseJs,
  | 'isAuthError'
  | 'isAuthApiError'
  | 'isAuthRetryableFetchError'
  | 'isAuthSessionMissingError'
  | 'isAuthWeakPasswordError'
>

let guards: AuthErrorGuards | undefined

/** Called with supabase-js when it loads (and by unit tests that make auth errors). */
export function provideAuthErrorGuards(provided: AuthErrorGuards): void {
  guards = provided
}

export function isAuthError(error: unknown): error is AuthError {
  return guards?.isAuthError(error) ?? false
}

export function isAuthApiError(error: unknown): error is AuthApiError {
  return guards?.isAuthApiError(error) ?? false
}

export function isAuthRetryableFetchError(error: unknown): error is AuthRetryableFetchError {
  return guards?.isAuthRetryableFetchError(error) ?? false
}

export function isAuthSessionMissingError(error: unknown): error is AuthSessionMissingError {
  return guards?.isAuthSessionMissingError(error) ?? false
}

export function isAuthWeakPasswordError(error: unknown): error is AuthWeakPasswordError {
  return guards?.isAuthWeakPasswordError(error) ?? false
}
