import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/form-alert'
import { EmailField, FormField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'
import { onboardingSessionQuery } from '../api/onboarding-session'
import { type GuestUpgradeResult, upgradeGuest } from '../api/guest-upgrade'
import {
  GuestUpgradeSchema,
  type GuestUpgradeValues,
  MIN_PASSWORD_LENGTH,
  describeUpgradeError,
} from '../lib/guest-upgrade-schema'

/**
 * The success step's invitation to keep the plan: email and password turn the guest into an
 * account holder, same user, same answers.
 */
export function UpgradeAccountForm({
  onUpgraded,
}: {
  onUpgraded: (result: GuestUpgradeResult) => void
}) {
  const queryClient = useQueryClient()
  const form = useForm<GuestUpgradeValues>({
    resolver: zodResolver(GuestUpgradeSchema),
    defaultValues: { email: '', password: '' },
  })
  const upgrade = useMutation({
    mutationFn: upgradeGuest,
    onSuccess: async (result) => {
      // The session now names an account holder (is_anonymous false).
      await queryClient.invalidateQueries(onboardingSessionQuery)
      onUpgraded(result)
    },
  })
  const { errors, isSubmitting } = form.formState

  return (
    <form
      noValidate
      aria-label="Create your account"
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit((values) => upgrade.mutate(values))(event)}
    >
      <FormAlert message={upgrade.error && describeUpgradeError(upgrade.error)} />
      <EmailField error={errors.email?.message} {...form.register('email')} />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <PendingButton
        type="submit"
        size="lg"
        pending={isSubmitting || upgrade.isPending}
        pendingLabel="Creating your account…"
      >
        Create account
      </PendingButton>
    </form>
  )
}
