import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

type ProgressProps = Omit<ComponentProps<'div'>, 'children'> & {
  /** Percentage from 0 to 100. */
  value: number
}

export function Progress({ className, value, ...props }: ProgressProps) {
  const percent = Math.min(100, Math.max(0, value))
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width] duration-300 ease-out"
        style={{ width: `${percent}%` }}
      />
    </div>
  )
}
