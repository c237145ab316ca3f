import type { OnboardingMessage, OnboardingMessagesResponse } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Lightbulb } from 'lucide-react'
import { useId } from 'react'
import { FormAlert } from '@/components/form-alert'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { markOnboardingMessageRead, onboardingMessagesQuery } from '../api/onboarding-messages'
import { formatDayDistance } from '../lib/day-distance'

/**
 * The user's onboarding messages (GET /api/onboarding/messages): the tips of their plan,
 * newest first, unread ones marked "New" with a button to mark them read, and when the next
 * one arrives. Before the wizard is completed there are none, and it invites the user to finish
 * it. For the success step and the account page: `<OnboardingMessagesPanel userId={id} />`.
 */
export function OnboardingMessagesPanel({
  userId,
  className,
}: {
  userId: string
  className?: string
}) {
  const headingId = useId()
  const query = useQuery(onboardingMessagesQuery(userId))

  return (
    <section
      aria-labelledby={headingId}
      className={cn('rounded-xl border bg-card p-5 shadow-sm', className)}
    >
      <div className="flex items-center gap-2">
        <Lightbulb aria-hidden="true" className="size-5 text-primary" />
        <h2 id={headingId} className="text-lg font-semibold">
          Your plan, tip by tip
        </h2>
      </div>
      {query.isPending && (
        <p role="status" className="mt-3 text-sm text-muted-foreground">
          Loading your tips…
        </p>
      )}
      {query.isError && (
        <div className="mt-3 flex flex-col items-start gap-3">
          <FormAlert message="We couldn't load your tips." />
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {query.isSuccess && <MessageList userId={userId} response={query.data} />}
    </section>
  )
}

function MessageList({
  userId,
  response,
}: {
  userId: string
  response: OnboardingMessagesResponse
}) {
  const now = new Date()
  if (response.messages.length === 0) {
    return (
      <p className="mt-3 text-sm text-muted-foreground">
        Finish the onboarding questions to get your plan and a tip every few days.{' '}
        <Link
          to="/onboarding"
          className="font-medium text-primary underline-offset-4 hover:underline"
        >
          Go to onboarding
        </Link>
      </p>
    )
  }
  return (
    <>
      <ol className="mt-3 flex flex-col gap-3">
        {[...response.messages].reverse().map((message) => (
          <MessageItem key={message.id} userId={userId} message={message} now={now} />
        ))}
      </ol>
      {response.nextDeliverAt && (
        <p className="mt-3 text-sm text-muted-foreground">
          Next tip {formatDayDistance(new Date(response.nextDeliverAt), now)}.
        </p>
      )}
    </>
  )
}

function MessageItem({
  userId,
  message,
  now,
}: {
  userId: string
  message: OnboardingMessage
  now: Date
}) {
  const queryClient = useQueryClient()
  const markRead = useMutation({
    mutationFn: () => markOnboardingMessageRead(message.id),
    onSuccess: (read) =>
      queryClient.setQueryData(
        onboardingMessagesQuery(userId).queryKey,
        (current) =>
          current && {
            ...current,
            messages: current.messages.map((each) => (each.id === read.id ? read : each)),
          },
      ),
  })
  const isUnread = message.readAt === null
  const titleId = useId()

  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        'rounded-lg border p-3',
        isUnread ? 'border-primary/40 bg-primary/5' : 'bg-background',
      )}
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 id={titleId} className="font-semibold">
          {message.title}
          {isUnread && (
            <span className="ml-2 rounded-full bg-primary px-2 py-0.5 align-middle text-xs font-medium text-primary-foreground">
              New
            </span>
          )}
        </h3>
        <p className="shrink-0 text-xs text-muted-foreground">
          {formatDayDistance(new Date(message.deliverAt), now)}
        </p>
      </div>
      <p className="mt-1 text-sm text-pretty text-muted-foreground">{message.body}</p>
      {isUnread && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="mt-1 h-auto px-0"
          disabled={markRead.isPending}
          aria-describedby={titleId}
          onClick={() => markRead.mutate()}
        >
          Mark as read
        </Button>
      )}
      {markRead.isError && (
        <p role="alert" className="text-sm text-destructive">
          Couldn't mark it read. Try again.
        </p>
      )}
    </li>
  )
}
