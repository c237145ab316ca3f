import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { inboundAddressQuery, inboundKeys, rotateInboundAddress } from '../api/inbound-email'

/** The user's private forwarding address, a copy button, and how to set up forwarding. */
export function InboundAddressCard() {
  const queryClient = useQueryClient()
  const address = useQuery(inboundAddressQuery())
  const [copied, setCopied] = useState(false)
  const rotate = useMutation({
    mutationFn: rotateInboundAddress,
    onSuccess: (next) => {
      queryClient.setQueryData(inboundKeys.address(), next)
      setCopied(false)
    },
  })

  const copy = async () => {
    if (!address.data) return
    try {
      await navigator.clipboard.writeText(address.data)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Your forwarding address</CardTitle>
        <CardDescription>
          Forward employers’ emails here: interview invitations, offers and rejections move your
          applications on their own. Keep it private; anyone with it can add emails to your inbox.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {address.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading your address…
          </p>
        ) : address.isError ? (
          <p role="alert" className="text-destructive">
            We couldn’t load your address: {address.error.message}
          </p>
        ) : (
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <code
              data-testid="inbound-address"
              className="min-w-0 flex-1 rounded-md border bg-muted px-3 py-2 text-sm break-all"
            >
              {address.data}
            </code>
            <div className="flex gap-2">
              <Button type="button" onClick={() => void copy()}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={rotate.isPending}
                onClick={() => rotate.mutate()}
              >
                New address
              </Button>
            </div>
          </div>
        )}
        {rotate.isError ? (
          <p role="alert" className="text-destructive">
            We couldn’t make a new address: {rotate.error.message}
          </p>
        ) : null}
        <details className="rounded-md border px-3 py-2">
          <summary className="cursor-pointer font-medium">Forward from Gmail</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            <li>
              Settings → See all settings → Forwarding and POP/IMAP → Add a forwarding address, and
              paste the address above.
            </li>
            <li>
              Gmail sends a confirmation email: it arrives in the inbox below. Open it, copy the
              code, and confirm it in Gmail.
            </li>
            <li>
              Filters and Blocked Addresses → Create a new filter: for example “Has the words”{' '}
              <code>interview OR offer OR application</code>, or “From” an employer → Create filter
              → Forward it to the address.
            </li>
          </ol>
        </details>
        <details className="rounded-md border px-3 py-2">
          <summary className="cursor-pointer font-medium">Forward from Outlook</summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-muted-foreground">
            <li>Settings → Mail → Rules → Add new rule.</li>
            <li>
              Add a condition: “Subject includes” application, interview or offer, or “From” an
              employer.
            </li>
            <li>Add the action “Forward to” and paste the address above, then Save.</li>
            <li>
              Work accounts may need an administrator to allow forwarding to outside addresses.
            </li>
          </ol>
        </details>
        <p className="text-sm text-muted-foreground">
          You can also forward a single email by hand.
        </p>
      </CardContent>
    </Card>
  )
}
