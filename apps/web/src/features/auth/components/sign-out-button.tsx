import { useMutation } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { LogOut } from 'lucide-react'
import { signOut } from '../api/sign-out'
import { describeAuthError } from '../lib/describe-auth-error'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'

export function SignOutButton() {
  const navigate = useNavigate()
  const signOutMutation = useMutation({
    mutationFn: signOut,
    onSuccess: () => navigate({ to: '/sign-in', replace: true }),
  })

  return (
    <div className="flex flex-col gap-3">
      <FormAlert message={signOutMutation.error && describeAuthError(signOutMutation.error)} />
      <PendingButton
        variant="outline"
        size="lg"
        pending={signOutMutation.isPending || signOutMutation.isSuccess}
        pendingLabel="Signing out…"
        onClick={() => signOutMutation.mutate()}
      >
        <LogOut aria-hidden="true" />
        Sign out
      </PendingButton>
    </div>
  )
}
