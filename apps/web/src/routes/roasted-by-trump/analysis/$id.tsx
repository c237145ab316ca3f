import { createFileRoute } from '@tanstack/react-router'
import { PublicRoastPage } from '@/features/roasts'

/** A published roast's public page (spec §2), no session needed; the server adds its OG tags. */
export const Route = createFileRoute('/roasted-by-trump/analysis/$id')({
  component: PublicRoastRoute,
})

function PublicRoastRoute() {
  const { id } = Route.useParams()
  return <PublicRoastPage key={id} id={id} />
}
