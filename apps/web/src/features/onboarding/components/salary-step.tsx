import { type FormEvent, useId, useState } from 'react'
import { FormField } from '@/components/form-field'
import { Label } from '@/components/ui/label'
import { countryOfLocale } from '../lib/countries'
import {
  SALARY_CURRENCIES,
  SALARY_HINT,
  type SalaryCurrency,
  currencyOfCountry,
  isSalaryCurrency,
  parseSalary,
} from '../lib/step-answers'
import { StepNavigation } from './step-navigation'
import type { StepProps } from './step-props'

/** Currencies written "$": a "$" typed in the amount keeps the one picked among them. */
const DOLLAR_CURRENCIES: readonly SalaryCurrency[] = ['USD', 'CAD', 'AUD', 'NZD', 'SGD', 'MXN']

/**
 * minimum-salary: a yearly amount as people type it ("60,000", "60k", "€60.000"), a plain text
 * field so letters and symbols can be typed, and its currency: the one stored, else the one of
 * the first country chosen in job-preferences, else the browser's, else US dollars.
 */
export function SalaryStep({ step, wizard, advance }: StepProps) {
  const currencyId = useId()
  const [text, setText] = useState(
    wizard.minimumSalary === null ? '' : wizard.minimumSalary.toLocaleString('en-US'),
  )
  const [currency, setCurrency] = useState<SalaryCurrency>(() => defaultCurrency(wizard))
  const [error, setError] = useState<string | undefined>()

  function handleSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = parseSalary(text)
    if (!parsed.ok) {
      setError(parsed.error)
      return
    }
    const named = parsed.value.currency
    const chosen =
      named && !(named === 'USD' && DOLLAR_CURRENCIES.includes(currency)) ? named : currency
    setCurrency(chosen)
    advance({ minimumSalary: parsed.value.amount, minimumSalaryCurrency: chosen })
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="flex flex-1 flex-col gap-4">
      <FormField
        label="Minimum yearly salary"
        inputMode="text"
        autoComplete="off"
        enterKeyHint="next"
        placeholder="e.g. 60,000 or 60k"
        hint={SALARY_HINT}
        error={error}
        value={text}
        onChange={(event) => {
          setText(event.target.value)
          setError(undefined)
        }}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={currencyId}>Currency</Label>
        <select
          id={currencyId}
          value={currency}
          onChange={(event) => {
            if (isSalaryCurrency(event.target.value)) setCurrency(event.target.value)
          }}
          className="h-11 w-full rounded-md border border-input bg-background px-3 text-base"
        >
          {SALARY_CURRENCIES.map((code) => (
            <option key={code} value={code}>
              {currencyLabel(code)}
            </option>
          ))}
        </select>
      </div>
      <StepNavigation step={step} />
    </form>
  )
}

function defaultCurrency(wizard: StepProps['wizard']): SalaryCurrency {
  const stored = wizard.minimumSalaryCurrency
  if (stored && isSalaryCurrency(stored)) return stored
  const country = wizard.jobPreferences.locations?.[0]?.countryCode
  const locale = typeof navigator === 'undefined' ? 'en-US' : navigator.language
  return currencyOfCountry(country) ?? currencyOfCountry(countryOfLocale(locale)) ?? 'USD'
}

function currencyLabel(code: SalaryCurrency): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'currency' }).of(code)
    return name ? `${code} · ${name}` : code
  } catch {
    return code
  }
}
