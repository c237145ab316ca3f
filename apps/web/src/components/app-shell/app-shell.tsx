import { Link } from '@tanstack/react-router'
import { Briefcase } from 'lucide-react'
import { createContext, type MouseEvent, type ReactNode, useContext, useState } from 'react'
import { createPortal } from 'react-dom'
import { cn } from '@/lib/cn'
import { InstallAppCard } from '../install-app-card'
import { OfflineBanner } from '../offline-banner'
import { APP_NAV_ITEMS, type AppNavItem } from './nav-items'
import { useTabBadges } from './tab-badges'

/** The element the skip link moves to: the page's `<main>` is inside it. */
export const MAIN_CONTENT_ID = 'main-content'

const HeaderSlotContext = createContext<HTMLElement | null>(null)

type AppShellProps = {
  /** The credits meter, in the top bar of every page (composed by the route: features stay apart). */
  credits: ReactNode
  /** Above the top bar on every page when it has something to say (a failed payment). */
  banner?: ReactNode
  children: ReactNode
}

/**
 * The frame of every signed-in page: a skip link (the first tab stop), the app's areas (a
 * bottom tab bar below 48rem, a side navigation from 48rem up), a top bar with the credits and
 * a slot an area fills with its own controls (`ShellHeaderContent`), then the page.
 *
 * The page brings its own `<main>` (the account pages' screens render one), so the shell wraps
 * it in a plain element the skip link targets. Tab order follows the screen: skip link, areas,
 * top bar, page.
 */
export function AppShell({ credits, banner, children }: AppShellProps) {
  const [headerSlot, setHeaderSlot] = useState<HTMLElement | null>(null)

  return (
    <div className="min-h-dvh bg-background md:flex">
      <SkipLink />
      <AppNav />
      {/* Below 48rem the fixed tab bar (3.5rem and the phone's safe area) must not cover the page's end. */}
      <div className="flex min-w-0 flex-1 flex-col pb-[calc(3.5rem+env(safe-area-inset-bottom))] md:pb-0">
        <OfflineBanner />
        {banner}
        <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
          <div className="mx-auto flex h-12 w-full max-w-6xl items-center justify-between gap-3 px-4 md:h-16 lg:px-6">
            <div ref={setHeaderSlot} className="peer flex min-w-0 items-center empty:hidden" />
            {/* With no area controls, the app's name holds the left side (the side nav has it on wide screens). */}
            <span className="hidden items-center gap-2 text-sm font-semibold whitespace-nowrap peer-empty:flex md:peer-empty:hidden">
              <Briefcase aria-hidden="true" className="size-5 text-primary" />
              Job search
            </span>
            <div className="ms-auto flex items-center gap-2">{credits}</div>
          </div>
        </header>
        {/* A page's own full-height screen fills what the bars leave, not a whole screen more. */}
        <div
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="flex flex-1 flex-col outline-none [&>main]:min-h-0 [&>main]:flex-1"
        >
          <InstallAppCard />
          <HeaderSlotContext value={headerSlot}>{children}</HeaderSlotContext>
        </div>
      </div>
    </div>
  )
}

/**
 * Puts an area's own controls (the jobs' Deck and List, say) in the shell's top bar, left of the
 * credits: one bar instead of two, which leaves the deck its room on a phone.
 */
export function ShellHeaderContent({ children }: { children: ReactNode }) {
  const slot = useContext(HeaderSlotContext)
  return slot ? createPortal(children, slot) : null
}

/**
 * "Skip to main content": hidden until focused. It moves focus to the page's `<main>` (made
 * focusable for the purpose), so the next Tab continues inside the page.
 */
function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const region = document.getElementById(MAIN_CONTENT_ID)
    if (!region) {
      return
    }
    event.preventDefault()
    const main = region.querySelector('main')
    const target = main ?? region
    if (!target.hasAttribute('tabindex')) {
      target.setAttribute('tabindex', '-1')
    }
    target.focus()
  }
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="sr-only rounded-lg bg-primary px-4 py-3 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:start-2 focus:top-2 focus:z-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      Skip to main content
    </a>
  )
}

/** The areas: a tab bar fixed to the bottom on phones, a column on the left on wide screens. */
function AppNav() {
  const badges = useTabBadges()
  return (
    <nav
      aria-label="App"
      className={cn(
        'fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur',
        'md:sticky md:top-0 md:h-dvh md:w-56 md:shrink-0 md:border-e md:border-t-0 md:pb-0 md:backdrop-blur-none',
      )}
    >
      <p className="hidden h-16 items-center gap-2 px-5 text-sm font-semibold whitespace-nowrap md:flex">
        <Briefcase aria-hidden="true" className="size-5 shrink-0 text-primary" />
        Job-search assistant
      </p>
      <ul className="grid auto-cols-fr grid-flow-col md:flex md:flex-col md:gap-1 md:px-3">
        {APP_NAV_ITEMS.map(({ to, label, icon: Icon, ...item }: AppNavItem) => {
          const count = item.badge && badges ? badges[item.badge] : 0
          return (
            <li key={to} className="flex">
              <Link
                to={to}
                // Current on every page of the area, whatever its filters.
                activeOptions={{ includeSearch: false }}
                className={cn(
                  'flex h-14 w-full flex-col items-center justify-center gap-0.5 text-xs font-medium text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring',
                  'md:h-10 md:flex-row md:justify-start md:gap-3 md:rounded-lg md:px-3 md:text-sm md:hover:bg-accent',
                  'aria-[current=page]:text-primary md:aria-[current=page]:bg-secondary md:aria-[current=page]:text-secondary-foreground',
                )}
              >
                <span className="relative">
                  <Icon aria-hidden="true" className="size-5 shrink-0" />
                  {count > 0 && (
                    <span
                      aria-hidden="true"
                      className="absolute -end-2.5 -top-1.5 min-w-4 rounded-full bg-primary px-1 text-center text-[0.625rem] leading-4 font-semibold text-primary-foreground"
                    >
                      {count > 9 ? '9+' : count}
                    </span>
                  )}
                </span>
                {label}
                {count > 0 && (
                  <span className="sr-only">
                    {item.badge === 'reviewInbox'
                      ? `, ${count} ${count === 1 ? 'email' : 'emails'} to review`
                      : `, ${count} ${count === 1 ? 'interview' : 'interviews'} today`}
                  </span>
                )}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
