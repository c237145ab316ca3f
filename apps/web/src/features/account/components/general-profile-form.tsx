import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'
import { generalProfileQuery, type GeneralProfile, updateProfileNames } from '../api/profile'
import { type ProfileNamesValues, profileNamesSchema } from '../lib/account-schemas'
import { describeAccountError } from '../lib/describe-account-error'
import { Notice } from './notice'

/** First and last name, saved to the profile row. */
export function GeneralProfileForm({
  userId,
  profile,
}: {
  userId: string
  profile: GeneralProfile
}) {
  const queryClient = useQueryClient()
  const form = useForm<ProfileNamesValues>({
    resolver: zodResolver(profileNamesSchema),
    defaultValues: { firstName: profile.firstName, lastName: profile.lastName },
  })
  const save = useMutation({
    mutationFn: (values: ProfileNamesValues) => updateProfileNames(userId, values),
    onSuccess: (saved) => {
      queryClient.setQueryData(generalProfileQuery(userId).queryKey, saved)
      form.reset({ firstName: saved.firstName, lastName: saved.lastName })
    },
  })
  const { errors, isDirty } = form.formState

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => void form.handleSubmit((values) => save.mutate(values))(event)}
    >
      <FormAlert message={save.error && describeAccountError(save.error)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="First name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName', { onChange: () => save.reset() })}
        />
        <FormField
          label="Last name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName', { onChange: () => save.reset() })}
        />
      </div>
      <Notice message={save.isSuccess && !isDirty ? 'Your name is saved.' : null} />
      <PendingButton
        type="submit"
        className="sm:self-start"
        pending={save.isPending}
        pendingLabel="Saving…"
      >
        Save name
      </PendingButton>
    </form>
  )
}
