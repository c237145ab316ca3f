import { type ComponentProps, Suspense, lazy } from 'react'
import { LoadingStatus } from '@/components/loading-status'

const Form = lazy(() =>
  import('./new-password-form').then(({ NewPasswordForm }) => ({ default: NewPasswordForm })),
)

/**
 * The new-password form, downloaded when it is first shown (issue 21). /forgot-password opened
 * without a link's session shows only the link's error; the form's validation (zod, the form
 * library) would otherwise hold that first paint back.
 */
export function NewPasswordForm(props: ComponentProps<typeof Form>) {
  return (
    <Suspense fallback={<LoadingStatus />}>
      <Form {...props} />
    </Suspense>
  )
}
