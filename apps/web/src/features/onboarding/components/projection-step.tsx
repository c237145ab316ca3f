import {
  INTERVIEW_TO_OFFER_RATE,
  PRACTICE_OFFER_UPLIFT,
  type SearchProjection,
  buildOnboardingPlan,
  formatChance,
} from '@app/contracts'
import { type FormEvent, useState } from 'react'
import { formatShortDate } from '../lib/day-distance'
import type { ProjectionChart } from '../lib/step-registry'
import { BarChart } from './charts/bar-chart'
import { ChanceLineChart } from './charts/chance-line-chart'
import { ComparisonLegend, ModelAssumptions, ProjectionFigure } from './charts/projection-figure'
import { StepNavigation } from './step-navigation'
import type { StepProps } from './step-props'

const WEEK_MS = 7 * 24 * 60 * 60 * 1000

/**
 * interview-comparison, results-comparison and potential-success: today's pace against the
 * plan, computed from the answers by the projection model (packages/contracts), with its
 * assumptions stated under the chart.
 */
export function ProjectionStep({
  step,
  wizard,
  advance,
  chart,
}: StepProps & { chart: ProjectionChart }) {
  const [today] = useState(() => Date.now())
  // The step view shows these steps only once the plan's answers exist.
  const plan = buildOnboardingPlan(wizard)
  if (!plan) {
    return null
  }
  const { projection } = plan
  const horizon = `${projection.horizonWeeks} weeks (by ${formatShortDate(
    new Date(today + projection.horizonWeeks * WEEK_MS),
  )})`

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    advance()
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-1 flex-col gap-5">
      {chart === 'interviews' && <InterviewsFigure projection={projection} horizon={horizon} />}
      {chart === 'offers' && <OffersFigure projection={projection} horizon={horizon} />}
      {chart === 'chance' && <ChanceFigure projection={projection} horizon={horizon} />}
      <ModelAssumptions />
      <StepNavigation step={step} />
    </form>
  )
}

type FigureProps = { projection: SearchProjection; horizon: string }

function InterviewsFigure({ projection: { now, plan }, horizon }: FigureProps) {
  const today = Math.round(now.interviewsByHorizon)
  const withPlan = Math.round(plan.interviewsByHorizon)
  const comparison =
    today > 0
      ? `${(withPlan / today).toLocaleString('en-US', { maximumFractionDigits: 1 })}× as many`
      : 'where today’s pace brings none'
  return (
    <ProjectionFigure
      caption={`Interview invitations in ${horizon}`}
      summary={`With your plan: about ${withPlan} invitations instead of ${today}, ${comparison}. That is ${plan.interviewsPerWeek} a week instead of ${now.interviewsPerWeek}.`}
      table={{
        head: ['', 'Per week', 'In total'],
        rows: [
          ['Today', String(now.interviewsPerWeek), String(today)],
          ['With your plan', String(plan.interviewsPerWeek), String(withPlan)],
        ],
      }}
    >
      <BarChart
        bars={[
          { label: 'Today', value: today, display: String(today) },
          { label: 'With your plan', value: withPlan, display: String(withPlan), emphasis: true },
        ]}
      />
      <ComparisonLegend />
    </ProjectionFigure>
  )
}

function OffersFigure({ projection: { now, plan }, horizon }: FigureProps) {
  const today = now.expectedOffers.toFixed(1)
  const withPlan = plan.expectedOffers.toFixed(1)
  const rate = (value: number) => `${Math.round(value * 100)}%`
  return (
    <ProjectionFigure
      caption={`Expected offers in ${horizon}`}
      summary={`About ${withPlan} offers with your plan, ${today} at today’s pace. Practice interviews raise each interview’s chance of an offer from ${rate(INTERVIEW_TO_OFFER_RATE)} to ${rate(INTERVIEW_TO_OFFER_RATE * PRACTICE_OFFER_UPLIFT)}.`}
      table={{
        head: ['', 'Interviews', 'Chance of an offer per interview', 'Expected offers'],
        rows: [
          ['Today', String(Math.round(now.interviewsByHorizon)), rate(now.offerRate), today],
          [
            'With your plan',
            String(Math.round(plan.interviewsByHorizon)),
            rate(plan.offerRate),
            withPlan,
          ],
        ],
      }}
    >
      <BarChart
        bars={[
          { label: 'Today', value: now.expectedOffers, display: today },
          {
            label: 'With your plan',
            value: plan.expectedOffers,
            display: withPlan,
            emphasis: true,
          },
        ]}
      />
      <ComparisonLegend />
    </ProjectionFigure>
  )
}

function ChanceFigure({ projection, horizon }: FigureProps) {
  return (
    <ProjectionFigure
      caption="Chance of at least one offer, week by week"
      summary={`Within ${horizon}: ${formatChance(projection.plan.offerChance)} with your plan, ${formatChance(projection.now.offerChance)} at today’s pace. Offers take about 3 weeks after the first interview, so the lines start late.`}
      table={{
        head: ['Week', 'Today', 'With your plan'],
        rows: projection.offerChanceByWeek.map((point) => [
          String(point.week),
          formatChance(point.now),
          formatChance(point.plan),
        ]),
      }}
    >
      <ChanceLineChart points={projection.offerChanceByWeek} />
      <ComparisonLegend />
    </ProjectionFigure>
  )
}
