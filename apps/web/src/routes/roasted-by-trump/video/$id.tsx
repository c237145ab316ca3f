import { createFileRoute } from '@tanstack/react-router'
import { PublicRoastVideoPage } from '@/features/roasts'

/** A shared roast's video page (spec §2), no session needed. */
export const Route = createFileRoute('/roasted-by-trump/video/$id')({
  component: PublicRoastVideoRoute,
})

function PublicRoastVideoRoute() {
  const { id } = Route.useParams()
  return <PublicRoastVideoPage key={id} id={id} />
}
