import { Check } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { cn } from '@/lib/cn'
import { checkMultipleChoice, checkSingleChoice, toggleChoice } from '../lib/step-answers'
import type { MultipleChoiceStep as MultipleChoiceDefinition } from '../lib/step-registry'
import type { SingleChoiceStep as SingleChoiceDefinition } from '../lib/step-registry'
import { FieldError } from './field-error'
import { QUESTION_HEADING_ID } from './onboarding-step-shell'
import { StepNavigation } from './step-navigation'
import type { StepProps } from './step-props'

const OPTION_CLASSES =
  'flex min-h-14 w-full items-center gap-3 rounded-xl border bg-card px-4 py-3 text-left text-base font-medium shadow-xs transition-colors hover:border-primary/60 hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring'

/**
 * One answer of a few: each answer is a button that saves it and moves on, so the step takes
 * one tap (or Tab and Enter). The stored answer shows as pressed; Continue keeps it.
 */
export function SingleChoiceStep({
  step,
  wizard,
  advance,
  definition,
}: StepProps & { definition: SingleChoiceDefinition }) {
  const errorId = useId()
  const [error, setError] = useState<string | null>(null)
  const answer = wizard[definition.field]

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const checked = checkSingleChoice(answer)
    if (!checked.ok) {
      setError(checked.error)
      return
    }
    advance()
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-1 flex-col">
      <div
        role="group"
        aria-labelledby={QUESTION_HEADING_ID}
        aria-describedby={error ? errorId : undefined}
        className="flex flex-col gap-3"
      >
        {definition.options.map((option) => {
          const isChosen = answer === option.value
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={isChosen}
              className={cn(OPTION_CLASSES, isChosen && 'border-primary bg-primary/5')}
              onClick={() => advance({ [definition.field]: option.value })}
            >
              <span className="flex-1">
                {option.label}
                {option.hint && (
                  <span className="block text-sm font-normal text-muted-foreground">
                    {option.hint}
                  </span>
                )}
              </span>
              {isChosen && <Check aria-hidden="true" className="size-5 text-primary" />}
            </button>
          )
        })}
      </div>
      <FieldError id={errorId} message={error} />
      <StepNavigation step={step} />
    </form>
  )
}

/** Any number of answers: each tick is saved at once; Continue needs at least one. */
export function MultipleChoiceStep({
  step,
  wizard,
  save,
  advance,
  definition,
}: StepProps & { definition: MultipleChoiceDefinition }) {
  const errorId = useId()
  const [error, setError] = useState<string | null>(null)
  const selected: readonly string[] = wizard[definition.field] ?? []

  function handleToggle(value: string) {
    setError(null)
    const next = toggleChoice(selected, value, definition.exclusive)
    save({ [definition.field]: next })
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const checked = checkMultipleChoice(selected)
    if (!checked.ok) {
      setError(checked.error)
      return
    }
    advance()
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-1 flex-col">
      <fieldset aria-describedby={error ? errorId : undefined} className="flex flex-col gap-3">
        <legend className="sr-only">{definition.heading}</legend>
        {definition.options.map((option) => {
          const isChosen = selected.includes(option.value)
          return (
            <label
              key={option.value}
              className={cn(
                OPTION_CLASSES,
                'cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                isChosen && 'border-primary bg-primary/5',
              )}
            >
              <input
                type="checkbox"
                className="size-5 shrink-0 accent-[var(--color-primary)]"
                checked={isChosen}
                onChange={() => handleToggle(option.value)}
              />
              <span className="flex-1">{option.label}</span>
            </label>
          )
        })}
      </fieldset>
      <FieldError id={errorId} message={error} />
      <StepNavigation step={step} />
    </form>
  )
}
