import type { ReactNode } from 'react'
import { CenteredScreen } from '@/components/centered-screen'
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card'
import { cn } from '@/lib/cn'

interface AuthScreenProps {
  title: string
  description?: ReactNode
  /** A lucide icon, shown in a tile above the title. */
  icon?: ReactNode
  /** Tint of the icon tile: `destructive` for failures. */
  tone?: 'default' | 'destructive'
  /** Links under the card's content, such as "Already have an account? Sign in". */
  footer?: ReactNode
  children?: ReactNode
}

/** The card every account screen sits in: sign-in, sign-up, the callback, the account. */
export function AuthScreen({
  title,
  description,
  icon,
  tone = 'default',
  footer,
  children,
}: AuthScreenProps) {
  return (
    <CenteredScreen>
      <title>{title}</title>
      <Card className="w-full max-w-md">
        <CardHeader>
          {icon && (
            <div
              className={cn(
                'mb-2 flex size-12 items-center justify-center rounded-xl [&_svg]:size-6',
                tone === 'destructive'
                  ? 'bg-destructive/10 text-destructive'
                  : 'bg-secondary text-secondary-foreground',
              )}
            >
              {icon}
            </div>
          )}
          <CardTitle asChild className="text-2xl">
            <h1>{title}</h1>
          </CardTitle>
          {description && (
            <CardDescription className="text-base text-pretty">{description}</CardDescription>
          )}
        </CardHeader>
        {children && <CardContent>{children}</CardContent>}
        {footer && (
          <CardFooter className="flex-wrap justify-center gap-1 text-sm text-muted-foreground">
            {footer}
          </CardFooter>
        )}
      </Card>
    </CenteredScreen>
  )
}
