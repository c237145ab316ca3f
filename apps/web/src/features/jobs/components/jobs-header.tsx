import { Link } from '@tanstack/react-router'
import { Layers, List, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { CreditsPill } from './credits-pill'

/**
 * The jobs pages' header: deck or list (the filters travel along in the search params), the
 * credits pill and the way to the account.
 */
export function JobsHeader() {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-3 px-4 lg:px-6">
        <nav aria-label="Jobs views" className="flex items-center gap-1">
          <ViewLink to="/jobs" icon={<Layers aria-hidden="true" />}>
            Deck
          </ViewLink>
          <ViewLink to="/jobs/list" icon={<List aria-hidden="true" />}>
            List
          </ViewLink>
        </nav>
        <div className="flex items-center gap-2">
          <CreditsPill />
          <Link
            to="/account"
            aria-label="Your account"
            className="flex size-9 items-center justify-center rounded-full border bg-card hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <UserRound aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </header>
  )
}

function ViewLink({
  to,
  icon,
  children,
}: {
  to: '/jobs' | '/jobs/list'
  icon: ReactNode
  children: string
}) {
  return (
    <Link
      to={to}
      search={(search) => search}
      activeOptions={{ exact: true, includeSearch: false }}
      className={cn(
        'flex h-9 items-center gap-2 rounded-lg px-3 text-sm font-medium text-muted-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4',
        'aria-[current=page]:bg-secondary aria-[current=page]:text-secondary-foreground',
      )}
    >
      {icon}
      {/* Icons alone on a phone leave room for the credits. */}
      <span className="sr-only sm:not-sr-only">{children}</span>
    </Link>
  )
}
