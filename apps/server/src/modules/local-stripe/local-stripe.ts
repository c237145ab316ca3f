import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { checkoutPage, messagePage, portalPage, type CheckoutLine } from './local-stripe.pages.ts'
import * as store from './local-stripe.store.ts'
import {
  StripeApiError,
  type LocalStripeState,
  type ParamValue,
  type Params,
} from './local-stripe.store.ts'

/**
 * A local stand-in for Stripe's HTTP API, hosted Checkout and customer portal, and webhook
 * deliveries, for tests and the no-keys demo. The real `stripe` SDK talks to it:
 * `new Stripe(secretKey, { host, port, protocol: 'http' })`. See README.md in this folder.
 */

export type LocalStripeOptions = {
  /** Where events are POSTed (the server's /api/webhooks/stripe); may be set later with setWebhookUrl. */
  webhookUrl?: string
  /** Default 127.0.0.1. */
  host?: string
  /** Default 0 (any free port). */
  port?: number
  /** Deliver events automatically as they happen (default true). */
  autoDeliver?: boolean
  /** The public base URL of the hosted pages, when different from the listening address. */
  publicUrl?: string
  /** The stand-in's clock (tests move it); default real time. */
  now?: () => Date
  /** Where failed deliveries are reported; default standard error. */
  logger?: { warn: (details: object, message: string) => void }
}

export type LocalStripe = {
  /** `http://127.0.0.1:PORT`, for Stripe({host, port, protocol}) */
  url: string
  host: string
  port: number
  /** Base URL of the hosted pages (publicUrl, else url). */
  publicUrl: string
  secretKey: string
  webhookSecret: string
  setWebhookUrl(url: string): void
  /** Every event created so far, oldest first (Stripe event objects). */
  events: Stripe.Event[]
  /** Next period: a paid `subscription_cycle` invoice (see the store for past_due and cancel-at-period-end). */
  renewSubscription(id: string): Promise<void>
  /** The next renewal happens now and fails: invoice.payment_failed, subscription past_due. */
  failNextPayment(id: string): Promise<void>
  /** A refund of the charge (in full when amount is omitted) → charge.refunded. */
  refundCharge(chargeId: string, amount?: number): Promise<void>
  /** (Re)sends one event now; status 0 when the connection failed. */
  deliver(eventId: string): Promise<{ status: number }>
  close(): Promise<void>
}

const DELIVERY_TIMEOUT_MS = 10_000

export async function startLocalStripe(options: LocalStripeOptions = {}): Promise<LocalStripe> {
  const host = options.host ?? '127.0.0.1'
  const secretKey = `sk_test_local_${randomBytes(18).toString('hex')}`
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`
  const state = store.createState(options.now ?? (() => new Date()))
  const autoDeliver = options.autoDeliver ?? true
  const logger = options.logger ?? {
    warn: (details: object, message: string) =>
      process.stderr.write(`local-stripe: ${message} ${JSON.stringify(details)}\n`),
  }
  let webhookUrl = options.webhookUrl
  let publicUrl = ''
  // Deliveries run one after another, in the order the events were created.
  let queue: Promise<unknown> = Promise.resolve()
  const idempotent = new Map<string, { status: number; body: unknown }>()

  async function post(event: Stripe.Event): Promise<number> {
    if (!webhookUrl) {
      logger.warn({ event: event.id, type: event.type }, 'no webhook URL set; event kept')
      return 0
    }
    const payload = JSON.stringify(event, null, 2)
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })
    try {
      const response = await fetch(webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      })
      await response.arrayBuffer()
      if (response.status < 200 || response.status > 299) {
        logger.warn(
          { event: event.id, type: event.type, status: response.status },
          'webhook refused',
        )
      }
      return response.status
    } catch (error) {
      logger.warn(
        { event: event.id, type: event.type, error: String(error) },
        'webhook delivery failed',
      )
      return 0
    }
  }

  function enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = queue.then(work, work)
    queue = next.catch(() => undefined)
    return next
  }

  /** Runs a change and, with autoDeliver, delivers the events it created before returning. */
  async function act<T>(change: () => T): Promise<T> {
    const mark = state.events.length
    try {
      return change()
    } finally {
      // Also when the change was refused after creating events (a session found expired).
      const created = state.events.slice(mark)
      if (autoDeliver && created.length > 0) {
        await enqueue(async () => {
          for (const event of created) await post(event)
        })
      }
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (error instanceof StripeApiError) return sendError(response, error)
      logger.warn({ error: String(error) }, 'request failed')
      sendJson(response, 500, { error: { type: 'api_error', message: 'The stand-in failed.' } })
    })
  })

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://local')
    const method = request.method ?? 'GET'
    const body = method === 'POST' ? await readBody(request) : ''
    const params = parseForm(method === 'POST' ? body : url.search.slice(1))
    const path = url.pathname
    if (path.startsWith('/v1/')) return api(request, response, method, path, params)
    return hosted(response, method, path, params)
  }

  async function api(
    request: IncomingMessage,
    response: ServerResponse,
    method: string,
    path: string,
    params: Params,
  ): Promise<void> {
    const key = apiKey(request)
    if (key !== secretKey) {
      const shown = key
        ? `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`
        : ''
      return sendJson(response, 401, {
        error: {
          type: 'invalid_request_error',
          message: key
            ? `Invalid API Key provided: ${shown}`
            : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        },
      })
    }
    const idempotencyKey = method === 'POST' ? headerValue(request, 'idempotency-key') : undefined
    const replay = idempotencyKey ? idempotent.get(idempotencyKey) : undefined
    if (replay) {
      response.setHeader('idempotent-replayed', 'true')
      return sendJson(response, replay.status, replay.body)
    }
    const route = ROUTES.find(
      (candidate) => candidate.method === method && candidate.pattern.test(path),
    )
    if (!route) {
      throw new StripeApiError(404, `Unrecognized request URL (${method}: ${path}).`)
    }
    const match = route.pattern.exec(path)!
    const ids = match.slice(1).map((part) => decodeURIComponent(part))
    const result = await act(() => route.run({ state, publicUrl, params, ids }))
    const expanded = expand(state, result, store.list(params, 'expand'))
    if (idempotencyKey) idempotent.set(idempotencyKey, { status: 200, body: expanded })
    sendJson(response, 200, expanded)
  }

  async function hosted(
    response: ServerResponse,
    method: string,
    path: string,
    params: Params,
  ): Promise<void> {
    const segments = path.split('/').filter(Boolean).map(decodeURIComponent)
    if (segments[0] === 'checkout' && segments[1]) {
      const session = state.sessions.get(segments[1])
      if (!session)
        return sendHtml(response, 404, messagePage('Not found', 'No such checkout session.'))
      if (method === 'GET' && segments.length === 2) {
        await act(() => store.retrieveCheckoutSession(state, session.id))
        const lines: CheckoutLine[] = state.sessionExtras.get(session.id)!.lineItems.map((item) => {
          const price = store.retrievePrice(state, item.price)
          return {
            productName: store.productName(state, price.product),
            price,
            quantity: item.quantity,
          }
        })
        const email = session.customer
          ? ((state.customers.get(session.customer)?.email as string | null) ?? null)
          : session.customer_email
        return sendHtml(response, 200, checkoutPage(session, lines, email))
      }
      if (method === 'POST' && segments[2] === 'pay' && segments.length === 3) {
        const email =
          typeof params.email === 'string' && params.email !== '' ? params.email : undefined
        try {
          const next = await act(() => store.completeCheckoutSession(state, session.id, email))
          if (next) return redirect(response, next)
          return sendHtml(
            response,
            200,
            messagePage('Payment complete', 'You may close this page.'),
          )
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error
          return sendHtml(response, 409, messagePage('Payment not possible', error.message))
        }
      }
    }
    if (segments[0] === 'portal' && segments[1]) {
      const portal = state.portalSessions.get(segments[1])
      if (!portal)
        return sendHtml(response, 404, messagePage('Not found', 'No such portal session.'))
      if (method === 'GET' && segments.length === 2) {
        const customer = store.retrieveCustomer(state, portal.customer as string)
        const subscriptions = [...state.subscriptions.values()]
          .filter((sub) => sub.customer === portal.customer)
          .map((sub) => {
            const price = store.retrievePrice(state, sub.items[0]!.price)
            return {
              id: sub.id,
              planName: store.productName(state, price.product),
              price,
              status: sub.status,
              currentPeriodEnd: sub.current_period_end,
              cancelAtPeriodEnd: sub.cancel_at_period_end,
            }
          })
        const page = portalPage(
          portal.id as string,
          customer.email as string | null,
          subscriptions,
          portal.return_url as string | null,
        )
        return sendHtml(response, 200, page)
      }
      if (
        method === 'POST' &&
        segments[2] === 'subscriptions' &&
        segments[3] &&
        segments[4] === 'cancel'
      ) {
        const subscriptionId = segments[3]
        try {
          await act(() => store.cancelAtPeriodEnd(state, portal.id as string, subscriptionId))
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error
          return sendHtml(response, 404, messagePage('Not found', error.message))
        }
        return redirect(response, `/portal/${encodeURIComponent(portal.id as string)}`)
      }
    }
    sendHtml(response, 404, messagePage('Not found', 'There is no page here.'))
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, host, () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const url = `http://${host}:${port}`
  publicUrl = (options.publicUrl ?? url).replace(/\/$/, '')

  return {
    url,
    host,
    port,
    publicUrl,
    secretKey,
    webhookSecret,
    events: state.events,
    setWebhookUrl(next) {
      webhookUrl = next
    },
    renewSubscription: (id) => act(() => store.renewSubscription(state, id)),
    failNextPayment: (id) => act(() => store.failNextPayment(state, id)),
    refundCharge: async (chargeId, amount) => {
      await act(() =>
        store.refund(state, {
          charge: chargeId,
          ...(amount === undefined ? {} : { amount: String(amount) }),
        }),
      )
    },
    async deliver(eventId) {
      const event = store.retrieveEvent(state, eventId)
      return { status: await enqueue(() => post(event)) }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }),
  }
}

// ---------------------------------------------------------------- routes of the API

type RouteContext = { state: LocalStripeState; publicUrl: string; params: Params; ids: string[] }
type Route = { method: string; pattern: RegExp; run: (context: RouteContext) => unknown }

const ID = '([^/]+)'

function route(method: string, path: string, run: Route['run']): Route {
  return { method, pattern: new RegExp(`^/v1/${path}$`), run }
}

const ROUTES: Route[] = [
  route('POST', 'customers', (c) => store.createCustomer(c.state, c.params)),
  route('GET', `customers/${ID}`, (c) => store.retrieveCustomer(c.state, c.ids[0]!)),
  route('POST', `customers/${ID}`, (c) => store.updateCustomer(c.state, c.ids[0]!, c.params)),
  route('POST', 'products', (c) => store.createProduct(c.state, c.params)),
  route('GET', `products/${ID}`, (c) => store.retrieveProduct(c.state, c.ids[0]!)),
  route('POST', 'prices', (c) => store.createPrice(c.state, c.params)),
  route('GET', 'prices', (c) => store.listPrices(c.state, c.params)),
  route('GET', `prices/${ID}`, (c) => store.retrievePrice(c.state, c.ids[0]!)),
  route('POST', 'checkout/sessions', (c) =>
    store.createCheckoutSession(c.state, c.publicUrl, c.params),
  ),
  route('GET', `checkout/sessions/${ID}`, (c) => store.retrieveCheckoutSession(c.state, c.ids[0]!)),
  route('GET', `checkout/sessions/${ID}/line_items`, (c) => {
    store.retrieveCheckoutSession(c.state, c.ids[0]!)
    return store.sessionLineItems(c.state, c.ids[0]!)
  }),
  route('POST', 'billing_portal/sessions', (c) =>
    store.createPortalSession(c.state, c.publicUrl, c.params),
  ),
  route('GET', 'subscriptions', (c) => store.listSubscriptions(c.state, c.params)),
  route('GET', `subscriptions/${ID}`, (c) => store.retrieveSubscription(c.state, c.ids[0]!)),
  route('POST', `subscriptions/${ID}`, (c) =>
    store.updateSubscription(c.state, c.ids[0]!, c.params),
  ),
  route('DELETE', `subscriptions/${ID}`, (c) => store.cancelSubscription(c.state, c.ids[0]!)),
  route('GET', `invoices/${ID}`, (c) => store.retrieveInvoice(c.state, c.ids[0]!)),
  route('GET', 'invoice_payments', (c) => store.listInvoicePayments(c.state, c.params)),
  route('GET', `charges/${ID}`, (c) => store.retrieveCharge(c.state, c.ids[0]!)),
  route('GET', `payment_intents/${ID}`, (c) => store.retrievePaymentIntent(c.state, c.ids[0]!)),
  route('POST', 'refunds', (c) => store.refund(c.state, c.params)),
  route('GET', 'events', (c) => store.listEvents(c.state, c.params)),
  route('GET', `events/${ID}`, (c) => store.retrieveEvent(c.state, c.ids[0]!)),
]

/** `expand[]`: replaces an id field by its object; dotted paths reach further; `line_items` on a session. */
function expand(state: LocalStripeState, value: unknown, paths: ParamValue[]): unknown {
  if (paths.length === 0) return value
  const copy = structuredClone(value) as Record<string, unknown>
  for (const path of paths) {
    if (typeof path === 'string') expandPath(state, copy, path.split('.'))
  }
  return copy
}

function expandPath(
  state: LocalStripeState,
  target: Record<string, unknown>,
  path: string[],
): void {
  const [field, ...rest] = path
  if (!field) return
  if (target.object === 'list' && field === 'data' && Array.isArray(target.data)) {
    for (const item of target.data as Record<string, unknown>[]) expandPath(state, item, rest)
    return
  }
  if (field === 'line_items' && target.object === 'checkout.session') {
    target.line_items = store.sessionLineItems(state, target.id as string)
  } else if (typeof target[field] === 'string') {
    target[field] = structuredClone(lookup(state, target[field]))
  }
  const next = target[field]
  if (rest.length > 0 && next && typeof next === 'object') {
    expandPath(state, next as Record<string, unknown>, rest)
  }
}

function lookup(state: LocalStripeState, id: string): unknown {
  const prefix = id.slice(0, id.indexOf('_'))
  switch (prefix) {
    case 'cus':
      return store.retrieveCustomer(state, id)
    case 'prod':
      return store.retrieveProduct(state, id)
    case 'price':
      return store.retrievePrice(state, id)
    case 'sub':
      return store.retrieveSubscription(state, id)
    case 'in':
      return store.retrieveInvoice(state, id)
    case 'ch':
      return store.retrieveCharge(state, id)
    case 'pi':
      return store.retrievePaymentIntent(state, id)
    default:
      return id
  }
}

// ---------------------------------------------------------------- HTTP helpers

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** `Authorization: Bearer sk_…` (what the SDK sends) or Basic with the key as user name (curl -u). */
function apiKey(request: IncomingMessage): string | undefined {
  const header = headerValue(request, 'authorization') ?? ''
  const [scheme, value] = header.split(' ', 2)
  if (scheme?.toLowerCase() === 'bearer') return value
  if (scheme?.toLowerCase() === 'basic' && value) {
    return Buffer.from(value, 'base64').toString('utf8').split(':')[0]
  }
  return undefined
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Form bodies in Stripe's bracket notation: `line_items[0][price]=x`, `metadata[userId]=y`,
 * `expand[]=z` or `expand[0]=z`. Objects whose keys are all indexes become arrays.
 */
export function parseForm(text: string): Params {
  const root: Params = Object.create(null) as Params
  for (const [name, value] of new URLSearchParams(text)) {
    const first = name.indexOf('[')
    const keys =
      first < 0
        ? [name]
        : [
            name.slice(0, first),
            ...[...name.slice(first).matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!),
          ]
    if (keys.some((key) => key === '__proto__' || key === 'constructor' || key === 'prototype'))
      continue
    let target = root
    keys.forEach((key, index) => {
      const last = index === keys.length - 1
      const slot = key === '' ? String(Object.keys(target).length) : key
      if (last) {
        target[slot] = value
        return
      }
      const existing = target[slot]
      if (typeof existing !== 'object' || existing === null || Array.isArray(existing)) {
        target[slot] = Object.create(null) as Params
      }
      target = target[slot] as Params
    })
  }
  return toArrays(root) as Params
}

function toArrays(value: ParamValue): ParamValue {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const keys = Object.keys(value)
  const converted: Params = Object.create(null) as Params
  for (const key of keys) converted[key] = toArrays(value[key]!)
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!)
  }
  return converted
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json',
    'request-id': `req_${randomBytes(7).toString('hex')}`,
    'stripe-version': store.API_VERSION,
  })
  response.end(JSON.stringify(body, null, 2))
}

function sendError(response: ServerResponse, error: StripeApiError): void {
  sendJson(response, error.status, {
    error: {
      type: error.type,
      message: error.message,
      ...(error.param ? { param: error.param } : {}),
      ...(error.code
        ? {
            code: error.code,
            doc_url: `https://stripe.com/docs/error-codes/${error.code.replaceAll('_', '-')}`,
          }
        : {}),
    },
  })
}

function sendHtml(response: ServerResponse, status: number, html: string): void {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
  response.end(html)
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location })
  response.end()
}
