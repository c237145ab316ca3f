import { useState } from 'react'
import { FormField } from '@/components/form-field'

type SalaryFilterProps = {
  value: number | undefined
  onChange: (value: number | undefined) => void
}

const MAX_SALARY = 10_000_000

/**
 * The minimum yearly salary. Applied when the field is left or Enter is pressed, not on every
 * keystroke (each would be a new search).
 */
export function SalaryFilter({ value, onChange }: SalaryFilterProps) {
  const [draft, setDraft] = useState(value === undefined ? '' : String(value))
  const [shownValue, setShownValue] = useState(value)

  // The URL changed under us (a reset, a link): show its figure.
  if (shownValue !== value) {
    setShownValue(value)
    setDraft(value === undefined ? '' : String(value))
  }

  const apply = () => {
    // "55,000" and "€55000" mean 55000; nothing (or 0) means no minimum.
    const amount = Math.min(Number(draft.replace(/\D/g, '')), MAX_SALARY) || undefined
    setDraft(amount === undefined ? '' : String(amount))
    if (amount !== value) {
      onChange(amount)
    }
  }

  return (
    <FormField
      label="Minimum salary"
      hint="A yearly amount, in each job's own currency."
      inputMode="numeric"
      placeholder="e.g. 50000"
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          apply()
        }
      }}
    />
  )
}
