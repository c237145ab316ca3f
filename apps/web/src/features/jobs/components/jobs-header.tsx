import { Link } from '@tanstack/react-router'
import { Layers, List } from 'lucide-react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

/**
 * The jobs pages' views, deck or list (the filters travel along in the search params). The
 * route puts them in the app shell's top bar, beside the credits.
 */
export function JobsViews() {
  return (
    <nav aria-label="Jobs views" className="flex items-center gap-1">
      <ViewLink to="/jobs" icon={<Layers aria-hidden="true" />}>
        Deck
      </ViewLink>
      <ViewLink to="/jobs/list" icon={<List aria-hidden="true" />}>
        List
      </ViewLink>
    </nav>
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
