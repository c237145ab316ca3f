import { type ComponentProps, type ReactNode, useId } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'

export type FormFieldProps = ComponentProps<typeof Input> & {
  label: string
  /** The field's validation message; marks the input invalid and is read with it. */
  error?: string
  /** A standing note under the input, such as the password rule. */
  hint?: string
  /** Something on the label's line, at the far end (a "Forgot your password?" link). */
  labelAction?: ReactNode
}

/**
 * A labelled input with its hint and error wired for assistive technology: the error sets
 * aria-invalid, and hint and error are the input's description. Takes react-hook-form's
 * `register(...)` props as they are.
 */
export function FormField({ id, label, error, hint, labelAction, ...inputProps }: FormFieldProps) {
  const generatedId = useId()
  const inputId = id ?? generatedId
  const hintId = `${inputId}-hint`
  const errorId = `${inputId}-error`
  // The error replaces the hint (it states the same rule, broken).
  const describedBy = (error ? errorId : hint && hintId) || undefined

  return (
    <div className="flex flex-col gap-2">
      <div className="flex min-h-5 items-center justify-between gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        {labelAction}
      </div>
      <Input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint && !error && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

/**
 * The email address field of every form: the email keyboard, the browser's saved address, and
 * no capitalisation or spelling fixes of what is typed.
 */
export function EmailField(props: Omit<FormFieldProps, 'label' | 'type'>) {
  return (
    <FormField
      label="Email"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      {...props}
    />
  )
}
