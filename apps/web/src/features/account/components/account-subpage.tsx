import { Link } from '@tanstack/react-router'
import { ChevronLeft } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * The page every account section sits on (profile, security, your data): a way back to the
 * account overview, the page's heading, then its sections stacked. Mobile first: one column,
 * at the top of the screen, since these pages are longer than a sign-in card.
 */
export function AccountSubpage({
  title,
  description,
  children,
}: {
  title: string
  description: string
  children: ReactNode
}) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-10">
      <title>{title}</title>
      <Link
        to="/account"
        className="-ml-1 flex w-fit items-center gap-1 rounded-sm text-sm font-medium text-muted-foreground hover:text-foreground"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Your account
      </Link>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="text-base text-pretty text-muted-foreground">{description}</p>
      </header>
      {children}
    </main>
  )
}
