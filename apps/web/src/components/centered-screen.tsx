import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/** A full-height page whose content sits in the middle: the layout of every standalone screen. */
export function CenteredScreen({ className, children, ...props }: ComponentProps<'main'>) {
  return (
    <main
      className={cn(
        'flex min-h-dvh flex-col items-center justify-center px-4 py-10 sm:px-6 sm:py-16',
        className,
      )}
      {...props}
    >
      {children}
    </main>
  )
}
