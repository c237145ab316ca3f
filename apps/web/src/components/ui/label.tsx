import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    // A primitive: the caller associates it, with htmlFor or by nesting the control.
    // eslint-disable-next-line jsx-a11y/label-has-associated-control
    <label
      className={cn(
        'text-sm leading-none font-medium select-none peer-disabled:cursor-not-allowed peer-disabled:opacity-50',
        className,
      )}
      {...props}
    />
  )
}
