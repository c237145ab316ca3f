import { ShieldAlert } from 'lucide-react'
import { CenteredScreen } from '@/components/centered-screen'
import { Button } from '@/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'
import { env } from '@/lib/env'

interface LinkErrorViewProps {
  title: string
  description: string
  /** The bullets under "This might be due to:". */
  reasons: readonly string[]
  /** What to do next, e.g. ask the mobile app for a new link. */
  instruction: string
}

/** Shown when a page opened from an auth link cannot sign the visitor in (reset, upload). */
export function LinkErrorView({ title, description, reasons, instruction }: LinkErrorViewProps) {
  return (
    <CenteredScreen>
      <title>{title}</title>
      <Card className="w-full max-w-md">
        <CardHeader>
          <div className="mb-2 flex size-12 items-center justify-center rounded-xl bg-destructive/10 text-destructive">
            <ShieldAlert aria-hidden="true" className="size-6" />
          </div>
          <CardTitle asChild className="text-2xl">
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription className="text-base">{description}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 text-sm">
          <div className="rounded-lg bg-muted p-4">
            <p className="font-medium">This might be due to:</p>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-muted-foreground marker:text-muted-foreground">
              {reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
          <p className="text-muted-foreground">{instruction}</p>
        </CardContent>
        <CardFooter>
          <Button asChild size="lg" className="w-full">
            <a href={env.PUBLIC_MARKETING_URL}>Back to Home</a>
          </Button>
        </CardFooter>
      </Card>
    </CenteredScreen>
  )
}
