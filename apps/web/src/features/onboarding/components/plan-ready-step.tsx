import { buildOnboardingPlan, formatChance } from '@app/contracts'
import { Link } from '@tanstack/react-router'
import { Crosshair, MessageSquareQuote, SlidersHorizontal, Target, TrendingUp } from 'lucide-react'
import type { FormEvent, ReactNode } from 'react'
import { answerLabel, describeJobFilters } from '../lib/plan-summary'
import { StepNavigation } from './step-navigation'
import type { StepProps } from './step-props'

/**
 * plan-ready: the plan in brief (the weekly target, the chance of an offer, what to focus on,
 * the story to practise, the job filters with links to change them). "Start my plan" completes
 * the wizard, which makes the onboarding messages.
 */
export function PlanReadyStep({ step, wizard, advance }: StepProps) {
  const plan = buildOnboardingPlan(wizard)
  if (!plan) {
    return null
  }
  const { projection } = plan

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    advance({ completedAt: wizard.completedAt ?? new Date().toISOString() })
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-1 flex-col gap-3">
      <PlanItem icon={<Target />} title="Your weekly target">
        <p className="text-lg font-semibold text-foreground">
          {plan.interviewGoal} interview invitation{plan.interviewGoal === 1 ? '' : 's'} a week
        </p>
        <p>
          Apply to about {plan.applicationsPerWeek} matched jobs a week:{' '}
          {plan.applicationsPerWorkday} each workday.
        </p>
      </PlanItem>
      <PlanItem icon={<TrendingUp />} title="Your chance of an offer">
        <p>
          <span className="font-semibold text-foreground">
            {formatChance(projection.plan.offerChance)}
          </span>{' '}
          within {projection.horizonWeeks} weeks, against {formatChance(projection.now.offerChance)}{' '}
          at today’s pace.
        </p>
      </PlanItem>
      {plan.focus && (
        <PlanItem icon={<Crosshair />} title={`Focus first: ${plan.focus.title}`}>
          <p>{plan.focus.body}</p>
        </PlanItem>
      )}
      {plan.story && (
        <PlanItem icon={<MessageSquareQuote />} title="Your interview story">
          <blockquote className="border-l-2 border-primary pl-3 italic">{plan.story}</blockquote>
        </PlanItem>
      )}
      <PlanItem icon={<SlidersHorizontal />} title="Your job filters">
        {plan.goal && <p>What matters most: {answerLabel('user-goal', plan.goal)}.</p>}
        <dl className="mt-1 grid grid-cols-[auto_1fr_auto] gap-x-3 gap-y-1.5">
          {describeJobFilters(wizard).map((line) => (
            <div key={line.label} className="contents">
              <dt className="font-medium text-foreground">{line.label}</dt>
              <dd>{line.value}</dd>
              <dd>
                <Link
                  to="/onboarding/$step"
                  params={{ step: line.step }}
                  aria-label={`Change ${line.label.toLowerCase()}`}
                  className="text-primary underline-offset-4 hover:underline"
                >
                  Change
                </Link>
              </dd>
            </div>
          ))}
        </dl>
      </PlanItem>
      <StepNavigation step={step} continueLabel="Start my plan" />
    </form>
  )
}

function PlanItem({
  icon,
  title,
  children,
}: {
  icon: ReactNode
  title: string
  children: ReactNode
}) {
  return (
    <section className="flex gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-5"
      >
        {icon}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 text-sm text-muted-foreground">
        <h2 className="text-base font-semibold text-foreground">{title}</h2>
        {children}
      </div>
    </section>
  )
}
