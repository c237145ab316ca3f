import { createFileRoute, redirect } from '@tanstack/react-router'

/**
 * /jobs/saved, where people look for their saved jobs, is the Saved area (/applications). A
 * static segment, so "saved" is never read as a job id by /jobs/$jobId.
 */
export const Route = createFileRoute('/_app/jobs/saved')({
  beforeLoad: () => {
    throw redirect({ to: '/applications', search: { status: 'SAVED' }, replace: true })
  },
})
