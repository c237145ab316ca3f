import { Compass } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { env } from '@/lib/env'
import { CenteredScreen } from './centered-screen'

/** Shown at / and for any path no route matches. "Go home" leaves the app for the marketing site. */
export function NotFoundPage() {
  return (
    <CenteredScreen>
      <title>Page not found</title>
      <div className="flex w-full max-w-md flex-col items-center text-center">
        <div className="mb-6 flex size-14 items-center justify-center rounded-2xl bg-secondary text-secondary-foreground">
          <Compass aria-hidden="true" className="size-7" />
        </div>
        <p className="mb-2 text-sm font-semibold tracking-wide text-primary">404</p>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Oops! Page not found
        </h1>
        <p className="mt-3 text-base text-pretty text-muted-foreground">
          We couldn't find the page you're looking for.
        </p>
        <Button asChild size="lg" className="mt-8 w-full sm:w-auto">
          <a href={env.PUBLIC_MARKETING_URL}>Go home</a>
        </Button>
      </div>
    </CenteredScreen>
  )
}
