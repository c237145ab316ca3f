import { LoaderCircle } from 'lucide-react'
import { type ComponentProps, Suspense, lazy } from 'react'

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
    <Suspense
      fallback={
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading…
        </p>
      }
    >
      <Form {...props} />
    </Suspense>
  )
}
