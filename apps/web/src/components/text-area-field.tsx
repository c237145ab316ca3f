import { type ComponentProps, useId } from 'react'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/cn'

type TextAreaFieldProps = ComponentProps<'textarea'> & {
  label: string
  hint?: string
  error?: string
}

/** A labelled textarea, wired as `FormField` wires its input (hint, error, aria-invalid). */
export function TextAreaField({ id, label, hint, error, className, ...props }: TextAreaFieldProps) {
  const generatedId = useId()
  const fieldId = id ?? generatedId
  const describedBy = (error ? `${fieldId}-error` : hint && `${fieldId}-hint`) || undefined
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={fieldId}>{label}</Label>
      <textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cn(
          'min-h-20 w-full rounded-lg border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-invalid:border-destructive sm:text-sm',
          className,
        )}
        {...props}
      />
      {hint && !error && (
        <p id={`${fieldId}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${fieldId}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
