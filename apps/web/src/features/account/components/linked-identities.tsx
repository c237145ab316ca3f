import type { UserIdentity } from '@supabase/supabase-js'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRound, Link2 } from 'lucide-react'
import { useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import { identitiesQuery, linkGoogle, unlinkIdentity } from '../api/identities'
import { describeAccountError } from '../lib/describe-account-error'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { LoadingLine } from './loading-line'
import { Notice } from './notice'

const DATE_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  email: 'Email and password',
  google: 'Google',
  apple: 'Apple',
}

function providerName(provider: string): string {
  return PROVIDER_NAMES[provider] ?? provider
}

/**
 * The ways this person signs in (email, Google, Apple): listed, one unlinked at a time (the
 * server refuses to unlink the last one, and says so), and Google linked when the server
 * offers it.
 */
export function LinkedIdentities({
  userId,
  googleEnabled,
  notice,
}: {
  userId: string
  /** The auth server has Google sign-in turned on. */
  googleEnabled: boolean
  /** Set after coming back from linking an account. */
  notice?: string | null
}) {
  const queryClient = useQueryClient()
  const query = identitiesQuery(userId)
  const identities = useQuery(query)
  const link = useMutation({ mutationFn: linkGoogle })

  if (identities.isPending) {
    return <LoadingLine label="Loading your sign-in methods…" />
  }
  if (identities.isError) {
    return <FormAlert message={describeAccountError(identities.error)} />
  }
  const hasGoogle = identities.data.some((identity) => identity.provider === 'google')
  return (
    <div className="flex flex-col gap-4">
      <Notice message={notice} />
      {identities.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">A guest account has no sign-in method yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {identities.data.map((identity) => (
            <IdentityItem
              key={identity.identity_id}
              identity={identity}
              // The server refuses to unlink the last one: do not offer it (issue 13).
              isOnlyMethod={identities.data.length === 1}
              onUnlinked={() => void queryClient.invalidateQueries({ queryKey: query.queryKey })}
            />
          ))}
        </ul>
      )}
      {googleEnabled && !hasGoogle && (
        <>
          <FormAlert message={link.error && describeAccountError(link.error)} />
          <PendingButton
            variant="outline"
            className="sm:self-start"
            // Linking succeeds by leaving for Google: stay busy until the browser is gone.
            pending={link.isPending || link.isSuccess}
            pendingLabel="Opening Google…"
            onClick={() => link.mutate()}
          >
            <Link2 aria-hidden="true" />
            Link your Google account
          </PendingButton>
        </>
      )}
    </div>
  )
}

function IdentityItem({
  identity,
  isOnlyMethod,
  onUnlinked,
}: {
  identity: UserIdentity
  isOnlyMethod: boolean
  onUnlinked: () => void
}) {
  const [confirming, setConfirming] = useState(false)
  const unlink = useMutation({
    mutationFn: () => unlinkIdentity(identity),
    onSuccess: () => {
      setConfirming(false)
      onUnlinked()
    },
  })
  const name = providerName(identity.provider)
  const email = identity.identity_data?.email as string | undefined

  return (
    <li className="flex items-center gap-3 rounded-lg border p-3">
      <KeyRound aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-medium">{name}</span>
        <span className="text-sm break-all text-muted-foreground">
          {email ?? ''}
          {email && identity.created_at ? ' · ' : ''}
          {identity.created_at && `Linked ${DATE_FORMAT.format(new Date(identity.created_at))}`}
        </span>
        {isOnlyMethod && (
          <span className="text-sm text-muted-foreground">
            Your only way to sign in: link another before removing it.
          </span>
        )}
      </div>
      {!isOnlyMethod && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`Unlink ${name}`}
          onClick={() => {
            unlink.reset()
            setConfirming(true)
          }}
        >
          Unlink
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        title={`Unlink ${name}?`}
        description={`You will no longer be able to sign in with ${name}. You can link it again later.`}
        confirmLabel="Unlink"
        pendingLabel="Unlinking…"
        tone="destructive"
        pending={unlink.isPending}
        error={unlink.error && describeAccountError(unlink.error)}
        onConfirm={() => unlink.mutate()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  )
}
