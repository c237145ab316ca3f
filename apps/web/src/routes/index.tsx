import { createFileRoute } from '@tanstack/react-router'
import { NotFoundPage } from '@/components/not-found-page'

// The spec has no home screen in the app: / shows the not-found page, which links to marketing.
export const Route = createFileRoute('/')({
  component: NotFoundPage,
})
