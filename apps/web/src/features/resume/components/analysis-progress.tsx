import { RESUME_ANALYSIS_PROCESSING, type ResumeAnalysis } from '@app/contracts'
import { CircleCheck, Circle, LoaderCircle } from 'lucide-react'
import { Progress } from '@/components/ui/progress'
import { cn } from '@/lib/cn'
import { SHOWN_STEPS, stepLabel, stepState, typicalTime } from '../lib/analysis-progress'

/** A running analysis: the bar, the step it is at among queued → reading → parsing → reviewing. */
export function AnalysisProgress({ analysis }: { analysis: ResumeAnalysis }) {
  const { step, percent } = analysis.progress
  const typical = typicalTime(RESUME_ANALYSIS_PROCESSING)
  return (
    <section
      aria-labelledby="analysis-progress-heading"
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h2 id="analysis-progress-heading" className="text-lg font-semibold">
          Analysing your resume
        </h2>
        {typical && <p className="text-sm text-muted-foreground">{typical}</p>}
      </div>
      <Progress value={percent} aria-label="Analysis progress" />
      <p role="status" aria-live="polite" className="text-sm font-medium tabular-nums">
        {stepLabel(step)}… {percent}%
      </p>
      <ol className="flex flex-col gap-2 text-sm">
        {SHOWN_STEPS.map((shown) => {
          const state = stepState(shown, step)
          const Icon = state === 'done' ? CircleCheck : state === 'current' ? LoaderCircle : Circle
          return (
            <li
              key={shown}
              className={cn('flex items-center gap-2', state === 'todo' && 'text-muted-foreground')}
            >
              <Icon
                aria-hidden="true"
                className={cn(
                  'size-4 shrink-0',
                  state === 'current' && 'animate-spin motion-reduce:animate-none',
                  state === 'done' && 'text-success-text',
                )}
              />
              <span>
                {stepLabel(shown)}
                <span className="sr-only">
                  {state === 'done' ? ' (done)' : state === 'current' ? ' (now)' : ''}
                </span>
              </span>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
