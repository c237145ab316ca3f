import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  type ApplicationChoice,
  applicationChoicesQuery,
  confirmReviewItem,
  dismissReviewItem,
  EVENT_TYPES,
  type EventType,
  inboundKeys,
  type ReviewItem,
  reviewItemsQuery,
} from '../api/inbound-email'

const TYPE_LABELS: Record<string, string> = {
  interview_invitation: 'Interview invitation',
  offer_received: 'Offer',
  rejection_received: 'Rejection',
  other: 'Not about an application',
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** Forwarded emails waiting for the user: confirm the guess, correct it, or dismiss. */
export function ReviewInbox({ userId }: { userId: string }) {
  const items = useQuery(reviewItemsQuery())
  const choices = useQuery(applicationChoicesQuery(userId))

  return (
    <Card>
      <CardHeader>
        <CardTitle>Inbox to review</CardTitle>
        <CardDescription>
          Emails we were not sure about, or could not match to one of your applications. Nothing
          moves until you confirm.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {items.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading…
          </p>
        ) : items.isError ? (
          <p role="alert" className="text-destructive">
            We couldn’t load the inbox: {items.error.message}
          </p>
        ) : items.data.length === 0 ? (
          <p className="text-muted-foreground">Nothing to review.</p>
        ) : (
          <ul className="flex flex-col gap-4" aria-label="Emails to review">
            {items.data.map((item) => (
              <ReviewItemCard key={item.id} item={item} choices={choices.data ?? []} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}

function ReviewItemCard({ item, choices }: { item: ReviewItem; choices: ApplicationChoice[] }) {
  const queryClient = useQueryClient()
  const fieldId = useId()
  const guessedType = (EVENT_TYPES as readonly string[]).includes(item.guess.type)
    ? (item.guess.type as EventType)
    : 'rejection_received'
  const [type, setType] = useState<EventType>(guessedType)
  const [applicationId, setApplicationId] = useState(item.candidates[0]?.id ?? '')
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: inboundKeys.review() })
    void queryClient.invalidateQueries({ queryKey: ['applications'] })
  }
  const confirm = useMutation({
    mutationFn: () => confirmReviewItem(item.id, { jobApplicationId: applicationId, type }),
    onSuccess: done,
  })
  const dismiss = useMutation({ mutationFn: () => dismissReviewItem(item.id), onSuccess: done })
  const busy = confirm.isPending || dismiss.isPending
  // The likeliest applications first (shown even before the full list has loaded), then the rest.
  const suggested = item.candidates.map((candidate) => ({
    id: candidate.id,
    label: [candidate.title ?? 'Untitled job', candidate.company].filter(Boolean).join(' · '),
  }))
  const options = [
    ...suggested,
    ...choices.filter((choice) => !suggested.some((one) => one.id === choice.id)),
  ]
  const from = item.from.name ? `${item.from.name} <${item.from.address}>` : item.from.address
  const guess = [
    TYPE_LABELS[item.guess.type] ?? item.guess.type,
    item.guess.company,
    item.guess.role,
  ]
    .filter(Boolean)
    .join(' · ')

  return (
    <li className="flex flex-col gap-3 rounded-lg border p-3" aria-label={item.subject || from}>
      <div className="flex flex-col gap-0.5">
        <p className="font-medium break-words">{item.subject || '(no subject)'}</p>
        <p className="text-sm break-all text-muted-foreground">{from}</p>
        <p className="text-sm text-muted-foreground">
          {dateFormat.format(new Date(item.sentAt ?? item.receivedAt))}
        </p>
      </div>
      <p className="text-sm">
        Our guess: <strong>{guess}</strong> ({Math.round(item.guess.confidence * 100)}% sure)
      </p>
      <details>
        <summary className="cursor-pointer text-sm">Read the email</summary>
        <p className="mt-2 max-h-64 overflow-auto text-sm whitespace-pre-wrap">{item.text}</p>
      </details>
      <div className="grid gap-2 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${fieldId}-type`}>
          What it is
          <select
            id={`${fieldId}-type`}
            className="h-10 rounded-md border bg-card px-2"
            value={type}
            onChange={(event) => setType(event.target.value as EventType)}
          >
            {EVENT_TYPES.map((value) => (
              <option key={value} value={value}>
                {TYPE_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${fieldId}-application`}>
          Application
          <select
            id={`${fieldId}-application`}
            className="h-10 rounded-md border bg-card px-2"
            value={applicationId}
            onChange={(event) => setApplicationId(event.target.value)}
          >
            <option value="">Choose an application…</option>
            {options.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          disabled={busy || applicationId === ''}
          onClick={() => confirm.mutate()}
        >
          Confirm
        </Button>
        <Button type="button" variant="outline" disabled={busy} onClick={() => dismiss.mutate()}>
          Dismiss
        </Button>
      </div>
      {confirm.isError || dismiss.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {(confirm.error ?? dismiss.error)?.message}
        </p>
      ) : null}
    </li>
  )
}
