import { useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { z } from 'zod'
import { useSession } from '@/features/auth'
import { CreditsPage } from '@/features/billing'
import { creditsQueryOptions } from '@/features/jobs'

/** `?checkout=success&session_id=…` or `?checkout=cancelled`: the return from Stripe Checkout. */
const CreditsSearch = z.object({
  checkout: z.enum(['success', 'cancelled']).optional().catch(undefined),
  session_id: z.string().max(300).optional().catch(undefined),
})

/**
 * Credits (/credits): the balance, the plans and packs, the history; where Stripe Checkout
 * comes back to. The route reads `?checkout=` once, then takes it out of the address (a reload
 * does not confirm the payment again), and refreshes the top bar's credits once the purchase
 * shows (the jobs feature's query: features never import each other).
 */
export const Route = createFileRoute('/_app/credits')({
  validateSearch: CreditsSearch,
  component: CreditsRoute,
})

function CreditsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const queryClient = useQueryClient()
  const session = useSession()
  const [checkoutOutcome] = useState(search.checkout)

  useEffect(() => {
    if (search.checkout || search.session_id) {
      void navigate({ search: {}, replace: true })
    }
  }, [navigate, search.checkout, search.session_id])

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 md:py-10 lg:px-6">
      <title>Credits</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Credits</h1>
        <p className="text-base text-pretty text-muted-foreground">
          Saving a job from the deck costs a credit. Your plan renews them; a pack tops them up.
        </p>
      </header>
      {session.status === 'signed-in' ? (
        <CreditsPage
          isGuest={session.session.user.is_anonymous === true}
          checkoutOutcome={checkoutOutcome}
          onCreditsChanged={() =>
            void queryClient.invalidateQueries({ queryKey: creditsQueryOptions().queryKey })
          }
        />
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading your credits…
        </p>
      )}
    </main>
  )
}
