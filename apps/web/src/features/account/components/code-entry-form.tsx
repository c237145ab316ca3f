import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { FormAlert } from '@/components/form-alert'
import { FormField, type FormFieldProps } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'

type CodeValues = { code: string }

export type CodeEntryFormProps = {
  /** Reads the typed code (trims, drops spaces) and states what a valid one looks like. */
  schema: z.ZodType<CodeValues, CodeValues>
  /** Checks the code with the server; throws when it is refused. */
  verify: (code: string) => Promise<void>
  /** The alert shown when `verify` throws. */
  describeError: (error: unknown) => string
  /** The code field: its label, hint, keyboard and length. */
  field: Omit<FormFieldProps, 'error' | 'name' | 'onChange' | 'onBlur' | 'ref'>
  onVerified: () => void
  submitLabel: string
  pendingLabel: string
  /** Buttons beside the submit button (Cancel, Sign out). */
  secondaryAction?: ReactNode
}

/**
 * One code typed and checked with the server (an authenticator app's code, a recovery code):
 * refused, the alert says why, the field takes the focus again, and typing clears the alert.
 */
export function CodeEntryForm({
  schema,
  verify,
  describeError,
  field,
  onVerified,
  submitLabel,
  pendingLabel,
  secondaryAction,
}: CodeEntryFormProps) {
  const form = useForm<CodeValues>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  })
  const check = useMutation({
    mutationFn: (code: string) => verify(code),
    onSuccess: onVerified,
    onError: () => form.setFocus('code'),
  })
  const { errors } = form.formState

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) =>
        void form.handleSubmit((values) => check.mutate(schema.parse(values).code))(event)
      }
    >
      <FormAlert message={check.error && describeError(check.error)} />
      <FormField
        {...field}
        error={errors.code?.message}
        {...form.register('code', { onChange: () => check.reset() })}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <PendingButton
          type="submit"
          pending={check.isPending || check.isSuccess}
          pendingLabel={pendingLabel}
        >
          {submitLabel}
        </PendingButton>
        {secondaryAction}
      </div>
    </form>
  )
}
