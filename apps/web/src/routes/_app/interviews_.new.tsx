import { createFileRoute, redirect } from '@tanstack/react-router'
import { z } from 'zod'

const NewInterviewSearch = z.object({
  jobApplicationId: z.uuid().optional().catch(undefined),
})

/**
 * /interviews/new?jobApplicationId=…: "Practise an interview for this job" from an application's
 * page. The start card lives on Practice, so this sends there with the card set to that job.
 */
export const Route = createFileRoute('/_app/interviews_/new')({
  validateSearch: NewInterviewSearch,
  beforeLoad: ({ search }) => {
    throw redirect({
      to: '/interviews',
      search: { jobApplicationId: search.jobApplicationId },
      replace: true,
    })
  },
})
