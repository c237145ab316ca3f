import { MAX_ACCOMPLISHMENT_LENGTH } from '@app/contracts'
import { type FormEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { checkAccomplishment } from '../lib/step-answers'
import { FieldError } from './field-error'
import { StepNavigation } from './step-navigation'
import type { StepProps } from './step-props'

/**
 * job-accomplishment: a short free text, the one optional question (typing is the slowest
 * answer). Saved when the field is left and on Continue; "Skip for now" moves on without it.
 */
export function AccomplishmentStep({ step, wizard, save, advance }: StepProps) {
  const fieldId = useId()
  const [text, setText] = useState(wizard.jobAccomplishment ?? '')
  const [error, setError] = useState<string | null>(null)
  const length = text.trim().length

  function saveText(): boolean {
    const checked = checkAccomplishment(text)
    if (!checked.ok) {
      setError(checked.error)
      return false
    }
    setError(null)
    if (checked.value !== wizard.jobAccomplishment) {
      save({ jobAccomplishment: checked.value })
    }
    return true
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    if (saveText()) {
      advance()
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-1 flex-col">
      <div className="flex flex-col gap-2">
        <Label htmlFor={fieldId}>Your win</Label>
        <textarea
          id={fieldId}
          rows={4}
          value={text}
          placeholder="e.g. I cut our monthly reporting from two days to two hours."
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId}-count${error ? ` ${fieldId}-error` : ''}`}
          className="w-full rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm"
          onChange={(event) => setText(event.target.value)}
          onBlur={saveText}
        />
        <p id={`${fieldId}-count`} className="text-right text-sm text-muted-foreground">
          {length} / {MAX_ACCOMPLISHMENT_LENGTH}
        </p>
        <FieldError id={`${fieldId}-error`} message={error} />
      </div>
      <StepNavigation
        step={step}
        secondary={
          <Button type="button" variant="ghost" onClick={() => advance()}>
            Skip for now
          </Button>
        }
      />
    </form>
  )
}
