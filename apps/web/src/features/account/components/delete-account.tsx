import { useMutation, useQuery } from '@tanstack/react-query'
import { useNavigate, useRouterState } from '@tanstack/react-router'
import { Trash2 } from 'lucide-react'
import { useState } from 'react'
import { FormField } from '@/components/form-field'
import { Button } from '@/components/ui/button'
import { isApiError } from '@/lib/api-request'
import { deleteAccount, signOutLocally } from '../api/account-data'
import { identitiesQuery } from '../api/identities'
import {
  confirmPassword,
  DELETE_STEP_PATH,
  hasRecentSignIn,
  sendDeleteSignInLink,
  signInAgainWithGoogle,
} from '../api/reauthentication'
import { useAccountSession } from '../hooks/account-session'
import { DELETE_CONFIRMATION, isDeleteConfirmed } from '../lib/account-schemas'
import { describeAccountError } from '../lib/describe-account-error'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { Notice } from './notice'

/**
 * Deleting the account, after typing DELETE in a confirmation dialog, and only with a recent
 * sign-in (the server refuses anything else, 403 `reauthentication_needed`). A session that
 * signed in more than a few minutes ago is asked to prove it again: the password (signing in
 * again in place), or for an account without one, an email link or Google, which come back to
 * this step (`?delete=confirm` opens the dialog). A wrong password deletes nothing. Then the
 * server removes the user with every row and file of theirs; `onDeleted` leaves the account
 * pages (before this browser's session is cleared, so their sign-in guard cannot get there
 * first) and the session is forgotten.
 */
export function DeleteAccount({ onDeleted }: { onDeleted: () => Promise<void> }) {
  const session = useAccountSession()
  const navigate = useNavigate()
  const email = session.user.email ?? ''
  const returnedToDelete = useRouterState({
    select: (state) => (state.location.search as Record<string, unknown>).delete === 'confirm',
  })
  const [confirming, setConfirming] = useState(returnedToDelete)
  const [typed, setTyped] = useState('')
  const [password, setPassword] = useState('')
  const recent = useQuery({
    queryKey: ['account', 'recent-sign-in', session.access_token],
    queryFn: hasRecentSignIn,
    enabled: confirming,
    staleTime: 0,
  })
  const identities = useQuery({ ...identitiesQuery(session.user.id), enabled: confirming })
  const providers = new Set((identities.data ?? []).map((identity) => identity.provider))
  const hasEmail = providers.has('email') || (identities.isError && email !== '')
  const [forceSignIn, setForceSignIn] = useState(false)
  const needsSignIn = forceSignIn || recent.data === false

  const remove = useMutation({
    mutationFn: async () => {
      if (needsSignIn) {
        const check = await confirmPassword(email, password)
        if (check === 'needs-second-factor') {
          await navigate({
            to: '/sign-in/verify',
            search: { redirect: DELETE_STEP_PATH },
            replace: true,
          })
          return
        }
      }
      try {
        await deleteAccount()
      } catch (error) {
        if (isApiError(error) && error.code === 'reauthentication_needed') {
          setForceSignIn(true)
          throw new Error(
            'For your security, confirm it’s you: sign in again before deleting your account.',
          )
        }
        throw error
      }
      await onDeleted()
      await signOutLocally()
    },
    onSettled: () => setPassword(''),
  })
  const link = useMutation({ mutationFn: () => sendDeleteSignInLink(email) })
  const google = useMutation({ mutationFn: signInAgainWithGoogle })

  const passwordAsked = needsSignIn && hasEmail
  const confirmDisabled =
    !isDeleteConfirmed(typed) ||
    recent.isPending ||
    (needsSignIn && (!hasEmail || password === '')) ||
    link.isPending ||
    google.isPending
  const error = remove.error ?? link.error ?? google.error

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-pretty text-muted-foreground">
        Deletes your account, your profile, your onboarding answers, applications, interviews,
        credits and every file you uploaded. This cannot be undone: download your data first if you
        want to keep it.
      </p>
      <Button
        variant="destructive"
        className="sm:self-start"
        onClick={() => {
          setTyped('')
          setPassword('')
          remove.reset()
          link.reset()
          setConfirming(true)
        }}
      >
        <Trash2 aria-hidden="true" />
        Delete my account
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete your account?"
        description="Your account and everything in it will be deleted for good. There is no way to bring it back."
        confirmLabel="Delete my account"
        pendingLabel="Deleting your account…"
        tone="destructive"
        pending={remove.isPending}
        error={error && describeAccountError(error)}
        confirmDisabled={confirmDisabled}
        onConfirm={() => remove.mutate()}
        onCancel={() => {
          setConfirming(false)
          if (returnedToDelete) {
            void navigate({ to: '/account/data', replace: true })
          }
        }}
      >
        <FormField
          label={`Type ${DELETE_CONFIRMATION} to confirm`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        {needsSignIn && (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-pretty">
              {passwordAsked
                ? 'For your security, confirm it’s you: enter your password.'
                : 'For your security, confirm it’s you: sign in again, and you will come back here.'}
            </p>
            {passwordAsked && (
              <FormField
                label="Your password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
            )}
            <Notice
              message={
                link.isSuccess ? `We sent a sign-in link to ${email}. Open it to continue.` : null
              }
            />
            <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
              {hasEmail && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={link.isPending || remove.isPending}
                  onClick={() => link.mutate()}
                >
                  {passwordAsked
                    ? 'No password? Email me a sign-in link'
                    : 'Email me a sign-in link'}
                </Button>
              )}
              {providers.has('google') && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={google.isPending || remove.isPending}
                  onClick={() => google.mutate()}
                >
                  Sign in again with Google
                </Button>
              )}
            </div>
          </div>
        )}
      </ConfirmDialog>
    </div>
  )
}
