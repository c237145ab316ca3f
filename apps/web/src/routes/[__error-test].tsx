import { createFileRoute, notFound } from '@tanstack/react-router'
import { env } from '@/lib/env'

/**
 * /__error-test throws while rendering so tests (and people checking a deployment's error screen
 * in development or staging) can see the router's error fallback. In production it does not
 * exist: it answers with the not-found page.
 */
export const Route = createFileRoute('/__error-test')({
  beforeLoad: () => {
    if (env.PUBLIC_APP_ENV === 'production') {
      throw notFound()
    }
  },
  component: ThrowingComponent,
})

function ThrowingComponent(): never {
  throw new Error('Deliberate render error from /__error-test')
}
