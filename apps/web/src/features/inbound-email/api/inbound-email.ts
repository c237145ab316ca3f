/**
 * The inbound-email API (README "Inbound email"): the user's private forwarding address, and
 * the review inbox of forwarded messages the server did not turn into an event on its own.
 * The applications a message may be about are read through supabase-js (RLS shows only the
 * user's own).
 */
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '@/lib/api'
import { loadSupabase } from '@/lib/supabase'

export const EVENT_TYPES = ['interview_invitation', 'offer_received', 'rejection_received'] as const
export type EventType = (typeof EVENT_TYPES)[number]

const AddressSchema = z.object({ address: z.string() })

const ReviewItemSchema = z.object({
  id: z.string(),
  from: z.object({ name: z.string(), address: z.string() }),
  subject: z.string(),
  sentAt: z.string().nullable(),
  receivedAt: z.string(),
  text: z.string(),
  guess: z.object({
    type: z.string(),
    company: z.string().nullable(),
    role: z.string().nullable(),
    confidence: z.number(),
  }),
  candidates: z.array(
    z.object({ id: z.string(), company: z.string().nullable(), title: z.string().nullable() }),
  ),
})
export type ReviewItem = z.infer<typeof ReviewItemSchema>

const ReviewListSchema = z.object({ items: z.array(ReviewItemSchema) })

export type ApplicationChoice = { id: string; label: string }

export const inboundKeys = {
  all: ['inbound-email'] as const,
  address: () => [...inboundKeys.all, 'address'] as const,
  review: () => [...inboundKeys.all, 'review'] as const,
  applications: (userId: string) => [...inboundKeys.all, 'applications', userId] as const,
}

export const inboundAddressQuery = () =>
  queryOptions({
    queryKey: inboundKeys.address(),
    queryFn: async () =>
      (await apiRequest('emails/inbound-address', { schema: AddressSchema })).address,
  })

export async function rotateInboundAddress(): Promise<string> {
  return (
    await apiRequest('emails/inbound-address/rotate', { method: 'POST', schema: AddressSchema })
  ).address
}

export const reviewItemsQuery = () =>
  queryOptions({
    queryKey: inboundKeys.review(),
    queryFn: async () => (await apiRequest('emails/review', { schema: ReviewListSchema })).items,
  })

export async function confirmReviewItem(
  id: string,
  decision: { jobApplicationId: string; type: EventType },
): Promise<void> {
  await apiRequest(`emails/review/${id}/confirm`, { method: 'POST', body: decision })
}

export async function dismissReviewItem(id: string): Promise<void> {
  await apiRequest(`emails/review/${id}/dismiss`, { method: 'POST' })
}

const ApplicationRow = z.object({
  id: z.string(),
  job_title: z.string().nullable(),
  job_company_name: z.string().nullable(),
})

/** The user's applications, newest first, as choices for "which application is this about". */
export const applicationChoicesQuery = (userId: string) =>
  queryOptions({
    queryKey: inboundKeys.applications(userId),
    queryFn: async (): Promise<ApplicationChoice[]> => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('job_applications_with_job')
        .select('id, job_title, job_company_name')
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .limit(500)
      if (error) {
        throw new Error(error.message)
      }
      return z
        .array(ApplicationRow)
        .parse(data)
        .map((row) => ({
          id: row.id,
          label: [row.job_title ?? 'Untitled job', row.job_company_name]
            .filter(Boolean)
            .join(' · '),
        }))
    },
  })
