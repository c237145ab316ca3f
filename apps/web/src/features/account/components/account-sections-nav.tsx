import { Link } from '@tanstack/react-router'
import { Bell, ChevronRight, Database, ShieldCheck, UserRound } from 'lucide-react'

const SECTIONS = [
  {
    to: '/account/profile',
    title: 'Profile',
    description: 'Your name, email and resume',
    icon: UserRound,
  },
  {
    to: '/account/security',
    title: 'Security',
    description: 'Two-step verification and sign-in methods',
    icon: ShieldCheck,
  },
  {
    to: '/account/notifications',
    title: 'Notifications',
    description: 'Job alerts, reminders and interviews on this device',
    icon: Bell,
  },
  {
    to: '/account/data',
    title: 'Your data',
    description: 'Download everything, or delete your account',
    icon: Database,
  },
] as const

/** The account's sections, as a list of links: large targets, one per row on a phone. */
export function AccountSectionsNav() {
  return (
    <nav aria-label="Account settings">
      <ul className="flex flex-col divide-y rounded-lg border">
        {SECTIONS.map(({ to, title, description, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-3 p-3 transition-colors first:rounded-t-lg hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Icon aria-hidden="true" className="size-5 shrink-0 text-primary" />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium">{title}</span>
                <span className="text-sm text-muted-foreground">{description}</span>
              </span>
              <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
