import { type ReactNode, useId } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/cn'

/** One titled block of an account page, named by its heading for assistive technology. */
export function AccountSection({
  title,
  description,
  tone = 'default',
  children,
}: {
  title: string
  description?: ReactNode
  /** `destructive` for the section that deletes the account. */
  tone?: 'default' | 'destructive'
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <Card className={cn(tone === 'destructive' && 'border-destructive/40')}>
      <section aria-labelledby={headingId}>
        <CardHeader>
          <CardTitle asChild>
            <h2 id={headingId}>{title}</h2>
          </CardTitle>
          {description && <CardDescription className="text-pretty">{description}</CardDescription>}
        </CardHeader>
        <CardContent className="flex flex-col gap-4">{children}</CardContent>
      </section>
    </Card>
  )
}
