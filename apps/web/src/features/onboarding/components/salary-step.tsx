import { type FormEvent, useState } from 'react'
import { FormField } from '@/components/form-field'
import { parseSalary } from '../lib/step-answers'
import { StepNavigation } from './step-navigation'
import type { StepProps } from './step-props'

/** minimum-salary: a yearly amount as people type it ("65,000", "65k"); 0 for no minimum. */
export function SalaryStep({ step, wizard, advance }: StepProps) {
  const [text, setText] = useState(
    wizard.minimumSalary === null ? '' : wizard.minimumSalary.toLocaleString('en-US'),
  )
  const [error, setError] = useState<string | undefined>()

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = parseSalary(text)
    if (!parsed.ok) {
      setError(parsed.error)
      return
    }
    advance({ minimumSalary: parsed.value })
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-1 flex-col">
      <FormField
        label="Minimum yearly salary"
        inputMode="numeric"
        autoComplete="off"
        enterKeyHint="next"
        placeholder="e.g. 60,000 or 60k"
        hint="Enter 0 for no minimum."
        error={error}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setError(undefined)
        }}
      />
      <StepNavigation step={step} />
    </form>
  )
}
