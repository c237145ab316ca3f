import { Link } from '@tanstack/react-router'
import { ArrowLeft, ArrowRight, Sparkles } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Progress } from '@/components/ui/progress'
import { ONBOARDING_STEPS, formatStepTitle, getStepIndex, type OnboardingStep } from '../lib/steps'

/**
 * The frame every onboarding step shares: progress, title and navigation. The questions of each
 * step come with the wizard itself.
 */
export function OnboardingStepShell({ step }: { step: OnboardingStep }) {
  const index = getStepIndex(step)
  const stepNumber = index + 1
  const stepCount = ONBOARDING_STEPS.length
  const previousStep = ONBOARDING_STEPS[index - 1]
  const nextStep = ONBOARDING_STEPS[index + 1]
  const title = formatStepTitle(step)
  const progressLabel = `Step ${stepNumber} of ${stepCount}`

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col px-4 pt-6 pb-10 sm:pt-12">
      <title>{`${title} · Onboarding`}</title>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-muted-foreground">{progressLabel}</p>
        <Progress value={(stepNumber / stepCount) * 100} aria-label={progressLabel} />
      </div>

      <Card className="mt-8">
        <CardHeader>
          <div className="mb-2 flex size-11 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <Sparkles aria-hidden="true" className="size-5" />
          </div>
          <CardTitle asChild className="text-2xl">
            <h1>{title}</h1>
          </CardTitle>
          <CardDescription className="text-base">
            This step is coming soon. You can already move through the plan.
          </CardDescription>
        </CardHeader>
        {/* Stand-ins where the step's answers will go, so the layout already has its final shape. */}
        <CardContent aria-hidden="true" className="flex flex-col gap-3">
          {[0, 1, 2].map((row) => (
            <div key={row} className="h-12 rounded-lg border border-dashed bg-muted/60" />
          ))}
        </CardContent>
      </Card>

      <nav aria-label="Onboarding steps" className="mt-6 flex items-center justify-between gap-3">
        {previousStep ? (
          <Button asChild variant="ghost">
            <Link to="/onboarding/$step" params={{ step: previousStep }}>
              <ArrowLeft aria-hidden="true" />
              Back
            </Link>
          </Button>
        ) : (
          <span />
        )}
        {nextStep ? (
          <Button asChild size="lg">
            <Link to="/onboarding/$step" params={{ step: nextStep }}>
              Next
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : null}
      </nav>
    </main>
  )
}
