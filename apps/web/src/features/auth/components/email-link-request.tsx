import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Mail, MailCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { type EmailOnlyValues, emailOnlySchema } from '../lib/auth-schemas'
import { describeAuthError } from '../lib/describe-auth-error'
import { AuthScreen } from './auth-screen'
import { FormAlert } from '@/components/form-alert'
import { EmailField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'

interface EmailLinkRequestProps {
  title: string
  description: string
  submitLabel: string
  pendingLabel: string
  defaultEmail: string
  /** Asks the server to email the link. */
  send: (email: string) => Promise<void>
  /** What the "Check your inbox" screen says once the email is on its way. */
  sentDescription: (email: string) => string
  /** The page the sign-in returns to (`?redirect=`), kept by "Back to sign in". */
  returnTo?: string
  /** Something more the "Check your inbox" screen offers (the reset email's code entry). */
  sentAction?: (email: string) => ReactNode
}

/** A screen that emails a link to an address: the sign-in link, the password reset link. */
export function EmailLinkRequest({
  title,
  description,
  submitLabel,
  pendingLabel,
  defaultEmail,
  send,
  sentDescription,
  returnTo,
  sentAction,
}: EmailLinkRequestProps) {
  const form = useForm<EmailOnlyValues>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: defaultEmail },
  })
  const request = useMutation({ mutationFn: ({ email }: EmailOnlyValues) => send(email) })
  const backToSignIn = (
    <Link
      to="/sign-in"
      search={{ redirect: returnTo }}
      className="font-medium text-primary underline-offset-4 hover:underline"
    >
      Back to sign in
    </Link>
  )

  if (request.isSuccess) {
    return (
      <AuthScreen
        title="Check your inbox"
        description={sentDescription(request.variables.email)}
        icon={<MailCheck aria-hidden="true" />}
        footer={backToSignIn}
      >
        <div className="flex flex-col gap-3">
          {sentAction?.(request.variables.email)}
          <Button variant="outline" size="lg" className="w-full" onClick={() => request.reset()}>
            Use a different email
          </Button>
        </div>
      </AuthScreen>
    )
  }

  return (
    <AuthScreen
      title={title}
      description={description}
      icon={<Mail aria-hidden="true" />}
      footer={backToSignIn}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => void form.handleSubmit((values) => request.mutate(values))(event)}
      >
        <FormAlert message={request.error && describeAuthError(request.error)} />
        <EmailField error={form.formState.errors.email?.message} {...form.register('email')} />
        <PendingButton
          type="submit"
          size="lg"
          className="mt-2"
          pending={form.formState.isSubmitting || request.isPending}
          pendingLabel={pendingLabel}
        >
          {submitLabel}
        </PendingButton>
      </form>
    </AuthScreen>
  )
}
