import {
  MAX_WEEKLY_INTERVIEWS,
  WORKDAYS_PER_WEEK,
  applicationsForInterviewGoal,
  suggestInterviewGoal,
} from '@app/contracts'
import { Minus, Plus } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { checkInterviewGoal } from '../lib/step-answers'
import { BarChart } from './charts/bar-chart'
import { ModelAssumptions, ProjectionFigure } from './charts/projection-figure'
import { FieldError } from './field-error'
import { StepNavigation } from './step-navigation'
import type { StepProps } from './step-props'

/**
 * interviews-achievable: what matched applications can bring for the user's timeline (the
 * model's suggestion), and the weekly interview goal the user sets from it; each change saved.
 */
export function InterviewGoalStep({ step, wizard, save, advance }: StepProps) {
  const inputId = useId()
  const { jobTimeline, interviewsPerWeek } = wizard
  const suggestion =
    jobTimeline === null || interviewsPerWeek === null
      ? 1
      : suggestInterviewGoal(jobTimeline, interviewsPerWeek)
  const goal = wizard.interviewsAchievable ?? suggestion
  const [text, setText] = useState(String(goal))
  const [error, setError] = useState<string | null>(null)
  const applications = applicationsForInterviewGoal(goal)

  function setGoal(next: number) {
    const checked = checkInterviewGoal(next)
    setText(String(next))
    if (!checked.ok) {
      setError(checked.error)
      return
    }
    setError(null)
    save({ interviewsAchievable: checked.value })
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const checked = checkInterviewGoal(Number(text))
    if (!checked.ok) {
      setError(checked.error)
      return
    }
    advance({ interviewsAchievable: checked.value })
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-1 flex-col gap-5">
      <ProjectionFigure
        caption="Your week with the plan"
        summary={`About ${applications} applications to jobs that match you (${Math.ceil(applications / WORKDAYS_PER_WEEK)} each workday) bring ${goal} interview invitation${goal === 1 ? '' : 's'} a week. For your timeline we suggest ${suggestion}.`}
        table={{
          head: ['', 'A week'],
          rows: [
            ['Applications to matched jobs', String(applications)],
            ['Interview invitations', String(goal)],
          ],
        }}
      >
        <BarChart
          bars={[
            { label: 'Applications', value: applications, display: String(applications) },
            { label: 'Interviews', value: goal, display: String(goal), emphasis: true },
          ]}
        />
      </ProjectionFigure>

      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId}>Your weekly interview goal</Label>
        <div className="flex items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="One interview fewer"
            disabled={goal <= 1}
            onClick={() => setGoal(goal - 1)}
          >
            <Minus aria-hidden="true" />
          </Button>
          <Input
            id={inputId}
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_WEEKLY_INTERVIEWS}
            value={text}
            className="w-20 text-center text-lg font-semibold"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => {
              setText(event.target.value)
              const typed = Number(event.target.value)
              if (event.target.value !== '' && checkInterviewGoal(typed).ok) {
                setGoal(typed)
              }
            }}
          />
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="One interview more"
            disabled={goal >= MAX_WEEKLY_INTERVIEWS}
            onClick={() => setGoal(goal + 1)}
          >
            <Plus aria-hidden="true" />
          </Button>
        </div>
        <FieldError id={`${inputId}-error`} message={error} />
      </div>
      <ModelAssumptions />
      <StepNavigation step={step} />
    </form>
  )
}
