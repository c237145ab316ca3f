import { CircleCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { CenteredScreen } from '@/components/centered-screen'
import { Card, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'

interface LinkSuccessViewProps {
  title: string
  description: string
  /** Where to go next (a link into the app), below the text. */
  action?: ReactNode
}

/** The closing screen of a page opened from an auth link, once its work is done. */
export function LinkSuccessView({ title, description, action }: LinkSuccessViewProps) {
  return (
    <CenteredScreen>
      <title>{title}</title>
      <Card className="w-full max-w-md">
        <CardHeader className="pb-6">
          <div className="mb-2 flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <CircleCheck aria-hidden="true" className="size-6" />
          </div>
          <CardTitle asChild className="text-2xl">
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription className="text-base">{description}</CardDescription>
        </CardHeader>
        {action && <CardFooter>{action}</CardFooter>}
      </Card>
    </CenteredScreen>
  )
}
