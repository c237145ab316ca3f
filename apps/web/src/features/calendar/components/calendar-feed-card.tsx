import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  calendarFeedQuery,
  calendarKeys,
  createFeed,
  revokeFeed,
  rotateFeed,
} from '../api/calendar'

const DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/**
 * The private feed: create it, copy its URL (shown once: only a digest of it is kept), make a new
 * one (the old stops at once), or turn it off; with how to subscribe in the common calendars.
 */
export function CalendarFeedCard() {
  const queryClient = useQueryClient()
  const feed = useQuery(calendarFeedQuery())
  const [url, setUrl] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const onMade = (next: { url: string | null; active: boolean; createdAt: string | null }) => {
    queryClient.setQueryData(calendarKeys.feed(), { ...next, url: null })
    setUrl(next.url)
    setCopied(false)
  }
  const create = useMutation({ mutationFn: createFeed, onSuccess: onMade })
  const rotate = useMutation({ mutationFn: rotateFeed, onSuccess: onMade })
  const revoke = useMutation({
    mutationFn: revokeFeed,
    onSuccess: () => {
      queryClient.setQueryData(calendarKeys.feed(), { active: false, url: null, createdAt: null })
      setUrl(null)
    },
  })
  const failure = create.error ?? rotate.error ?? revoke.error
  const busy = create.isPending || rotate.isPending || revoke.isPending

  const copy = async () => {
    if (!url) return
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Subscribe on your phone</CardTitle>
        <CardDescription>
          A private calendar address with every scheduled interview: your phone’s calendar keeps it
          up to date. Keep it secret; anyone with it can see your interviews.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {feed.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading your calendar feed…
          </p>
        ) : feed.isError ? (
          <p role="alert" className="text-destructive">
            We couldn’t load your calendar feed: {feed.error.message}
          </p>
        ) : url ? (
          <div className="flex flex-col gap-2">
            <p className="text-sm">
              Your feed address. Copy it now: for your privacy we show it only once.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              <code
                data-testid="calendar-feed-url"
                className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 text-sm break-all"
              >
                {url}
              </code>
              <Button type="button" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            </div>
            {/* webcal: opens the device's calendar app on its subscribe screen (iPhone, Mac). */}
            <a
              href={url.replace(/^https?:/, 'webcal:')}
              className="text-sm text-primary underline underline-offset-4"
            >
              Subscribe on this device
            </a>
          </div>
        ) : feed.data.active ? (
          <p className="text-sm">
            Your feed is on
            {feed.data.createdAt
              ? ` (address made ${DATE.format(new Date(feed.data.createdAt))})`
              : ''}
            . Lost the address? Make a new one; the old one stops working.
          </p>
        ) : (
          <div className="flex flex-col items-start gap-2">
            <p className="text-sm text-muted-foreground">You have no calendar feed yet.</p>
            <Button type="button" disabled={busy} onClick={() => create.mutate()}>
              Create calendar feed
            </Button>
          </div>
        )}
        {feed.data?.active || url ? (
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" disabled={busy} onClick={() => rotate.mutate()}>
              New address
            </Button>
            <Button type="button" variant="outline" disabled={busy} onClick={() => revoke.mutate()}>
              Turn off feed
            </Button>
          </div>
        ) : null}
        {failure ? (
          <p role="alert" className="text-destructive">
            That didn’t work: {failure.message}
          </p>
        ) : null}
        <details className="rounded-md border px-3 py-2">
          <summary className="cursor-pointer font-medium">Google Calendar</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            <li>On a computer, open calendar.google.com.</li>
            <li>Beside “Other calendars”, choose + → From URL.</li>
            <li>Paste the address and choose Add calendar. Your phone shows it once synced.</li>
          </ol>
        </details>
        <details className="rounded-md border px-3 py-2">
          <summary className="cursor-pointer font-medium">Apple Calendar (iPhone, Mac)</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            <li>iPhone: Settings → Calendar → Accounts → Add Account → Other.</li>
            <li>Choose Add Subscribed Calendar, paste the address, then Next and Save.</li>
            <li>Mac: Calendar → File → New Calendar Subscription, and paste the address.</li>
          </ol>
        </details>
        <details className="rounded-md border px-3 py-2">
          <summary className="cursor-pointer font-medium">Outlook</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            <li>In Outlook on the web, open Calendar → Add calendar.</li>
            <li>Choose Subscribe from web, paste the address, name it and Import.</li>
          </ol>
        </details>
      </CardContent>
    </Card>
  )
}
