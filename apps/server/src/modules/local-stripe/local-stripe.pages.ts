import type { CheckoutSession, Price } from './local-stripe.store.ts'

/**
 * The hosted pages Stripe would show (Checkout, the customer portal), as plain server-rendered
 * HTML: a heading, real labels and buttons, forms that work without JavaScript.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

/** "$39.99 / month", "$99.00 / 3 months", "$9.00" for a one-off price. */
export function formatPrice(
  price: Pick<Price, 'unit_amount' | 'currency' | 'recurring'>,
  quantity = 1,
): string {
  const amount = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
  }).format((price.unit_amount * quantity) / 100)
  if (!price.recurring) return amount
  const { interval, interval_count: count } = price.recurring
  return count === 1 ? `${amount} / ${interval}` : `${amount} / ${count} ${interval}s`
}

export function formatDate(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · Local Stripe</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
.badge { display: inline-block; background: #ffe8a3; color: #5c4300; padding: .2rem .5rem; border-radius: .3rem; font-size: .85rem; }
button { font: inherit; padding: .6rem 1.4rem; border: 0; border-radius: .4rem; background: #635bff; color: #fff; cursor: pointer; }
button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #1a1a1a; outline-offset: 2px; }
input { font: inherit; padding: .4rem; width: 100%; box-sizing: border-box; }
li { margin-bottom: 1rem; }
</style>
</head>
<body>
<main>
<p class="badge">Local Stripe — test mode</p>
${body}
</main>
</body>
</html>
`
}

export type CheckoutLine = { productName: string; price: Price; quantity: number }

export function checkoutPage(
  session: CheckoutSession,
  lines: CheckoutLine[],
  customerEmail: string | null,
): string {
  if (session.status === 'complete') {
    return layout(
      'Payment complete',
      `<h1>Payment complete</h1><p>This checkout session is already paid.</p>`,
    )
  }
  if (session.status === 'expired') {
    return layout(
      'Session expired',
      `<h1>Session expired</h1><p>This checkout session has expired.</p>`,
    )
  }
  const items = lines
    .map(
      (line) =>
        `<li><strong>${escapeHtml(line.productName)}</strong>${line.quantity > 1 ? ` × ${line.quantity}` : ''}: ` +
        `${escapeHtml(formatPrice(line.price, line.quantity))}</li>`,
    )
    .join('\n')
  const email = customerEmail
    ? `<p>Paying as <strong>${escapeHtml(customerEmail)}</strong></p>`
    : `<p><label for="email">Email</label><br><input id="email" name="email" type="email" required autocomplete="email"></p>`
  const cancel = session.cancel_url
    ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel</a></p>`
    : ''
  return layout(
    'Checkout',
    `<h1>${session.mode === 'subscription' ? 'Subscribe' : 'Pay'}</h1>
<ul>
${items}
</ul>
<form method="post" action="/checkout/${escapeHtml(session.id)}/pay">
${email}
<p>Test card 4242 4242 4242 4242: no card details are needed here.</p>
<button type="submit">Pay</button>
</form>
${cancel}`,
  )
}

export type PortalSubscription = {
  id: string
  planName: string
  price: Price
  status: string
  currentPeriodEnd: number
  cancelAtPeriodEnd: boolean
}

export function portalPage(
  portalId: string,
  customerEmail: string | null,
  subscriptions: PortalSubscription[],
  returnUrl: string | null,
): string {
  const rows = subscriptions
    .map((sub) => {
      const renewal =
        sub.status === 'canceled'
          ? 'Ended'
          : sub.cancelAtPeriodEnd
            ? `Cancels on ${formatDate(sub.currentPeriodEnd)}`
            : `Renews on ${formatDate(sub.currentPeriodEnd)}`
      const cancel =
        sub.status !== 'canceled' && !sub.cancelAtPeriodEnd
          ? `<form method="post" action="/portal/${escapeHtml(portalId)}/subscriptions/${escapeHtml(sub.id)}/cancel">` +
            `<button type="submit" aria-label="Cancel plan ${escapeHtml(sub.planName)}">Cancel plan</button></form>`
          : ''
      return `<li><h2>${escapeHtml(sub.planName)}</h2>
<p>${escapeHtml(formatPrice(sub.price))}</p>
<p>Status: ${escapeHtml(sub.status)}</p>
<p>${escapeHtml(renewal)}</p>
${cancel}</li>`
    })
    .join('\n')
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to the app</a></p>` : ''
  return layout(
    'Billing',
    `<h1>Billing</h1>
${customerEmail ? `<p>${escapeHtml(customerEmail)}</p>` : ''}
${subscriptions.length > 0 ? `<ul>\n${rows}\n</ul>` : '<p>No subscriptions.</p>'}
${back}`,
  )
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`)
}
