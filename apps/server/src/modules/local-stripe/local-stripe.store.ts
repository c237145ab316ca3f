import { randomBytes } from 'node:crypto'
import Stripe from 'stripe'

/**
 * The stand-in's objects and their state transitions, in memory. Every object is kept in the
 * shape the Stripe API answers (plain JSON); `render*` functions build the parts that embed other
 * objects (a subscription's price, an invoice's lines) at the moment they are read, so an event
 * carries a snapshot of its object as it was then.
 */

type Json = Record<string, unknown>
export type Metadata = Record<string, string>

export type Params = { [key: string]: ParamValue }
export type ParamValue = string | ParamValue[] | Params

/** An error in Stripe's wire shape: `{error: {type, message, param?, code?}}`. */
export class StripeApiError extends Error {
  readonly status: number
  readonly type: string
  readonly code: string | undefined
  readonly param: string | undefined
  constructor(
    status: number,
    message: string,
    extra: { code?: string; param?: string; type?: string } = {},
  ) {
    super(message)
    this.status = status
    this.type = extra.type ?? 'invalid_request_error'
    this.code = extra.code
    this.param = extra.param
  }
}

export const API_VERSION: string = Stripe.API_VERSION

type Interval = 'day' | 'week' | 'month' | 'year'

export type Price = {
  id: string
  object: 'price'
  active: boolean
  billing_scheme: 'per_unit'
  created: number
  currency: string
  livemode: false
  lookup_key: string | null
  metadata: Metadata
  nickname: string | null
  product: string
  recurring: {
    interval: Interval
    interval_count: number
    usage_type: 'licensed'
    meter: null
    trial_period_days: null
  } | null
  tax_behavior: 'unspecified'
  type: 'recurring' | 'one_time'
  unit_amount: number
  unit_amount_decimal: string
}

type LineItem = { price: string; quantity: number }

export type CheckoutSession = Json & {
  id: string
  mode: 'payment' | 'subscription'
  status: 'open' | 'complete' | 'expired'
  customer: string | null
  customer_email: string | null
  success_url: string | null
  cancel_url: string | null
  expires_at: number
  amount_total: number
  currency: string
}

type SessionExtras = {
  lineItems: LineItem[]
  subscriptionMetadata: Metadata
  paymentIntentMetadata: Metadata
}

type Subscription = {
  id: string
  customer: string
  items: { id: string; price: string; quantity: number; created: number }[]
  status: 'active' | 'past_due' | 'canceled'
  created: number
  current_period_start: number
  current_period_end: number
  cancel_at_period_end: boolean
  canceled_at: number | null
  ended_at: number | null
  metadata: Metadata
  latest_invoice: string | null
}

type Invoice = {
  id: string
  customer: string
  subscription: string | null
  billing_reason: 'subscription_create' | 'subscription_cycle'
  status: 'open' | 'paid'
  currency: string
  amount_due: number
  amount_paid: number
  created: number
  period_start: number
  period_end: number
  lines: LineItem[]
  charge: string | null
  payment_intent: string | null
  attempt_count: number
  paid_at: number | null
}

export type Charge = Json & {
  id: string
  amount: number
  amount_refunded: number
  refunded: boolean
  currency: string
  payment_intent: string
  refunds: { object: 'list'; data: Json[]; has_more: false; total_count: number; url: string }
}

export type LocalStripeState = {
  now: () => Date
  customers: Map<string, Json>
  products: Map<string, Json>
  prices: Map<string, Price>
  sessions: Map<string, CheckoutSession>
  sessionExtras: Map<string, SessionExtras>
  portalSessions: Map<string, Json>
  subscriptions: Map<string, Subscription>
  invoices: Map<string, Invoice>
  charges: Map<string, Charge>
  paymentIntents: Map<string, Json>
  refunds: Map<string, Json>
  events: Stripe.Event[]
}

export function createState(now: () => Date): LocalStripeState {
  return {
    now,
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    sessions: new Map(),
    sessionExtras: new Map(),
    portalSessions: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    charges: new Map(),
    paymentIntents: new Map(),
    refunds: new Map(),
    events: [],
  }
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length)
  let id = ''
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length]
  return `${prefix}_${id}`
}

function seconds(state: LocalStripeState): number {
  return Math.floor(state.now().getTime() / 1000)
}

function snapshot<T>(value: T): T {
  return structuredClone(value)
}

// ---------------------------------------------------------------- parameters

function str(params: Params, key: string): string | undefined {
  const value = params[key]
  if (value === undefined) return undefined
  if (typeof value !== 'string') throw invalid(`Invalid string: ${key}`, key)
  return value
}

function requiredStr(params: Params, key: string): string {
  const value = str(params, key)
  if (value === undefined || value === '') throw invalid(`Missing required param: ${key}.`, key)
  return value
}

function int(params: Params, key: string): number | undefined {
  const value = str(params, key)
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw invalid(`Invalid integer: ${value}`, key)
  return Number(value)
}

function bool(params: Params, key: string): boolean | undefined {
  const value = str(params, key)
  if (value === undefined) return undefined
  if (value !== 'true' && value !== 'false') throw invalid(`Invalid boolean: ${value}`, key)
  return value === 'true'
}

function obj(params: Params, key: string): Params {
  const value = params[key]
  if (value === undefined || value === '') return {}
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(`Invalid hash`, key)
  return value
}

export function list(params: Params, key: string): ParamValue[] {
  const value = params[key]
  if (value === undefined || value === '') return []
  if (Array.isArray(value)) return value
  if (typeof value === 'object') return Object.values(value)
  return [value]
}

/** Stripe's metadata update rule: a key set to '' is removed; `metadata=''` clears all. */
function mergeMetadata(current: Metadata, params: Params, key = 'metadata'): Metadata {
  if (params[key] === '') return {}
  const next = { ...current }
  for (const [name, value] of Object.entries(obj(params, key))) {
    if (typeof value !== 'string') throw invalid(`Invalid metadata value`, `${key}[${name}]`)
    if (value === '') delete next[name]
    else next[name] = value
  }
  return next
}

function invalid(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, message, {
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  })
}

function missing(kind: string, id: string, param = 'id'): StripeApiError {
  return new StripeApiError(404, `No such ${kind}: '${id}'`, { code: 'resource_missing', param })
}

function find<T>(map: Map<string, T>, kind: string, id: string, param?: string): T {
  const found = map.get(id)
  if (!found) throw missing(kind, id, param)
  return found
}

function listOf(data: unknown[], url: string): Json {
  return { object: 'list', data, has_more: false, url }
}

// ---------------------------------------------------------------- events

export function emit(
  state: LocalStripeState,
  type: string,
  object: unknown,
  previousAttributes?: Json,
): Stripe.Event {
  const event = {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: seconds(state),
    data: {
      object: snapshot(object),
      ...(previousAttributes ? { previous_attributes: snapshot(previousAttributes) } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as unknown as Stripe.Event
  state.events.push(event)
  return event
}

// ---------------------------------------------------------------- customers, products, prices

export function createCustomer(state: LocalStripeState, params: Params): Json {
  const customer = {
    id: newId('cus', 14),
    object: 'customer',
    balance: 0,
    created: seconds(state),
    currency: null,
    default_source: null,
    delinquent: false,
    description: str(params, 'description') ?? null,
    email: str(params, 'email') ?? null,
    invoice_prefix: newId('X', 6).slice(2).toUpperCase(),
    livemode: false,
    metadata: mergeMetadata({}, params),
    name: str(params, 'name') ?? null,
    phone: null,
    preferred_locales: [],
  }
  state.customers.set(customer.id, customer)
  return customer
}

export function retrieveCustomer(state: LocalStripeState, id: string): Json {
  return find(state.customers, 'customer', id)
}

export function updateCustomer(state: LocalStripeState, id: string, params: Params): Json {
  const customer = retrieveCustomer(state, id)
  for (const key of ['email', 'name', 'description']) {
    const value = str(params, key)
    if (value !== undefined) customer[key] = value === '' ? null : value
  }
  customer.metadata = mergeMetadata(customer.metadata as Metadata, params)
  return customer
}

export function createProduct(state: LocalStripeState, params: Params): Json {
  const created = seconds(state)
  const product = {
    id: newId('prod', 14),
    object: 'product',
    active: bool(params, 'active') ?? true,
    created,
    default_price: null,
    description: str(params, 'description') ?? null,
    images: [],
    livemode: false,
    metadata: mergeMetadata({}, params),
    name: requiredStr(params, 'name'),
    type: 'service',
    updated: created,
    url: null,
  }
  state.products.set(product.id, product)
  return product
}

export function retrieveProduct(state: LocalStripeState, id: string): Json {
  return find(state.products, 'product', id)
}

const INTERVALS: readonly string[] = ['day', 'week', 'month', 'year']

export function createPrice(state: LocalStripeState, params: Params): Price {
  const product = requiredStr(params, 'product')
  find(state.products, 'product', product, 'product')
  const unitAmount = int(params, 'unit_amount')
  if (unitAmount === undefined) throw invalid('Missing required param: unit_amount.', 'unit_amount')
  const currency = requiredStr(params, 'currency').toLowerCase()
  const recurringParams = params.recurring === undefined ? undefined : obj(params, 'recurring')
  let recurring: Price['recurring'] = null
  if (recurringParams) {
    const interval = requiredStr(recurringParams, 'interval')
    if (!INTERVALS.includes(interval)) {
      throw invalid(
        `Invalid recurring[interval]: must be one of day, week, month, or year`,
        'recurring[interval]',
      )
    }
    const count = int(recurringParams, 'interval_count') ?? 1
    if (count < 1) throw invalid('Invalid recurring[interval_count]', 'recurring[interval_count]')
    recurring = {
      interval: interval as Interval,
      interval_count: count,
      usage_type: 'licensed',
      meter: null,
      trial_period_days: null,
    }
  }
  const lookupKey = str(params, 'lookup_key') ?? null
  if (lookupKey !== null) {
    const holder = [...state.prices.values()].find((price) => price.lookup_key === lookupKey)
    if (holder) {
      if (bool(params, 'transfer_lookup_key') !== true) {
        throw invalid(
          `A price (\`${holder.id}\`) already uses that lookup key.`,
          'lookup_key',
          'lookup_key_already_exists',
        )
      }
      holder.lookup_key = null
    }
  }
  const price: Price = {
    id: newId('price'),
    object: 'price',
    active: bool(params, 'active') ?? true,
    billing_scheme: 'per_unit',
    created: seconds(state),
    currency,
    livemode: false,
    lookup_key: lookupKey,
    metadata: mergeMetadata({}, params),
    nickname: str(params, 'nickname') ?? null,
    product,
    recurring,
    tax_behavior: 'unspecified',
    type: recurring ? 'recurring' : 'one_time',
    unit_amount: unitAmount,
    unit_amount_decimal: String(unitAmount),
  }
  state.prices.set(price.id, price)
  return price
}

export function retrievePrice(state: LocalStripeState, id: string): Price {
  return find(state.prices, 'price', id)
}

export function listPrices(state: LocalStripeState, params: Params): Json {
  const lookupKeys = list(params, 'lookup_keys').filter((key) => typeof key === 'string')
  const active = bool(params, 'active')
  const product = str(params, 'product')
  const limit = int(params, 'limit') ?? 10
  const prices = [...state.prices.values()]
    .reverse()
    .filter((price) => lookupKeys.length === 0 || lookupKeys.includes(price.lookup_key ?? ''))
    .filter((price) => active === undefined || price.active === active)
    .filter((price) => product === undefined || price.product === product)
  return listOf(prices.slice(0, limit), '/v1/prices')
}

// ---------------------------------------------------------------- checkout

export function createCheckoutSession(
  state: LocalStripeState,
  baseUrl: string,
  params: Params,
): CheckoutSession {
  const mode = requiredStr(params, 'mode')
  if (mode !== 'payment' && mode !== 'subscription') {
    throw invalid(`The stand-in supports mode 'payment' or 'subscription', not '${mode}'.`, 'mode')
  }
  const customer = str(params, 'customer') ?? null
  const customerEmail = str(params, 'customer_email') ?? null
  if (customer && customerEmail) {
    throw invalid(
      'You may only specify one of these parameters: customer, customer_email.',
      'customer',
    )
  }
  if (customer) find(state.customers, 'customer', customer, 'customer')
  const lineItems = list(params, 'line_items').map((item, index): LineItem => {
    if (typeof item !== 'object' || Array.isArray(item))
      throw invalid('Invalid line_items', 'line_items')
    const param = `line_items[${index}][price]`
    const priceId = str(item, 'price')
    if (!priceId) throw invalid(`Missing required param: ${param}.`, param)
    const price = find(state.prices, 'price', priceId, param)
    if (mode === 'payment' && price.recurring) {
      throw invalid('You specified `payment` mode but passed a recurring price.', param)
    }
    if (mode === 'subscription' && !price.recurring) {
      throw invalid(
        'You must provide at least one recurring price in `subscription` mode when using prices.',
        param,
      )
    }
    return { price: priceId, quantity: int(item, 'quantity') ?? 1 }
  })
  if (lineItems.length === 0) throw invalid('Missing required param: line_items.', 'line_items')
  const prices = lineItems.map((item) => retrievePrice(state, item.price))
  const currency = prices[0]!.currency
  const amount = lineItems.reduce((sum, item, i) => sum + prices[i]!.unit_amount * item.quantity, 0)
  const created = seconds(state)
  const id = newId('cs_test', 58)
  const session: CheckoutSession = {
    id,
    object: 'checkout.session',
    amount_subtotal: amount,
    amount_total: amount,
    cancel_url: str(params, 'cancel_url') ?? null,
    client_reference_id: str(params, 'client_reference_id') ?? null,
    created,
    currency,
    customer,
    customer_details: null,
    customer_email: customerEmail,
    expires_at: created + 24 * 3600,
    invoice: null,
    livemode: false,
    metadata: mergeMetadata({}, params),
    mode,
    payment_intent: null,
    payment_status: 'unpaid',
    status: 'open',
    subscription: null,
    success_url: str(params, 'success_url') ?? null,
    ui_mode: 'hosted',
    url: `${baseUrl}/checkout/${id}`,
  }
  state.sessions.set(id, session)
  state.sessionExtras.set(id, {
    lineItems,
    subscriptionMetadata: mergeMetadata({}, obj(params, 'subscription_data')),
    paymentIntentMetadata: mergeMetadata({}, obj(params, 'payment_intent_data')),
  })
  return session
}

export function retrieveCheckoutSession(state: LocalStripeState, id: string): CheckoutSession {
  const session = find(state.sessions, 'checkout.session', id)
  if (session.status === 'open' && seconds(state) >= session.expires_at) {
    session.status = 'expired'
    session.url = null
    emit(state, 'checkout.session.expired', session)
  }
  return session
}

export function sessionLineItems(state: LocalStripeState, id: string): Json {
  const { lineItems } = state.sessionExtras.get(id)!
  const data = lineItems.map((item, index) => {
    const price = retrievePrice(state, item.price)
    const product = state.products.get(price.product)
    const amount = price.unit_amount * item.quantity
    return {
      id: `li_${id.slice(8, 30)}${index}`,
      object: 'item',
      amount_subtotal: amount,
      amount_total: amount,
      currency: price.currency,
      description: (product?.name as string | undefined) ?? null,
      price: snapshot(price),
      quantity: item.quantity,
    }
  })
  return listOf(data, `/v1/checkout/sessions/${id}/line_items`)
}

/** Pays an open session as the hosted page's "Pay" button does; returns the URL to go to. */
export function completeCheckoutSession(
  state: LocalStripeState,
  id: string,
  email: string | undefined,
): string | null {
  const session = retrieveCheckoutSession(state, id)
  if (session.status !== 'open') {
    throw invalid(
      `This Checkout Session is ${session.status}.`,
      undefined,
      'checkout_session_not_open',
    )
  }
  const extras = state.sessionExtras.get(id)!
  let customerId = session.customer
  if (!customerId) {
    const customerEmail = session.customer_email ?? email
    if (!customerEmail) throw invalid('An email address is required.', 'email')
    customerId = createCustomer(state, { email: customerEmail }).id as string
  }
  const customer = retrieveCustomer(state, customerId)
  session.customer = customerId
  session.customer_details = { email: customer.email, name: customer.name }
  session.status = 'complete'
  session.payment_status = 'paid'
  session.url = null

  if (session.mode === 'subscription') {
    const now = seconds(state)
    const price = retrievePrice(state, extras.lineItems[0]!.price)
    const subscription: Subscription = {
      id: newId('sub'),
      customer: customerId,
      items: extras.lineItems.map((item) => ({
        id: newId('si', 14),
        price: item.price,
        quantity: item.quantity,
        created: now,
      })),
      status: 'active',
      created: now,
      current_period_start: now,
      current_period_end: addInterval(now, price),
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      metadata: extras.subscriptionMetadata,
      latest_invoice: null,
    }
    state.subscriptions.set(subscription.id, subscription)
    const invoice = createInvoice(state, subscription, 'subscription_create', true)
    session.subscription = subscription.id
    session.invoice = invoice.id
    emit(state, 'customer.subscription.created', renderSubscription(state, subscription))
    emit(state, 'checkout.session.completed', session)
    emit(state, 'invoice.paid', renderInvoice(state, invoice))
  } else {
    const { paymentIntent, charge } = createPayment(state, {
      customer: customerId,
      amount: session.amount_total,
      currency: session.currency,
      metadata: extras.paymentIntentMetadata,
      invoice: null,
      succeeded: true,
    })
    session.payment_intent = paymentIntent.id
    emit(state, 'checkout.session.completed', session)
    emit(state, 'charge.succeeded', charge)
  }
  return session.success_url?.replaceAll('{CHECKOUT_SESSION_ID}', id) ?? null
}

function addInterval(start: number, price: Price): number {
  const { interval, interval_count: count } = price.recurring!
  const date = new Date(start * 1000)
  if (interval === 'day') date.setUTCDate(date.getUTCDate() + count)
  if (interval === 'week') date.setUTCDate(date.getUTCDate() + 7 * count)
  if (interval === 'month') date.setUTCMonth(date.getUTCMonth() + count)
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + count)
  return Math.floor(date.getTime() / 1000)
}

// ---------------------------------------------------------------- payments

function createPayment(
  state: LocalStripeState,
  input: {
    customer: string
    amount: number
    currency: string
    metadata: Metadata
    invoice: string | null
    succeeded: boolean
  },
): { paymentIntent: Json; charge: Charge } {
  const created = seconds(state)
  const paymentIntentId = newId('pi')
  const charge: Charge = {
    id: newId('ch'),
    object: 'charge',
    amount: input.amount,
    amount_captured: input.succeeded ? input.amount : 0,
    amount_refunded: 0,
    billing_details: { email: null, name: null },
    captured: input.succeeded,
    created,
    currency: input.currency,
    customer: input.customer,
    description: null,
    failure_code: input.succeeded ? null : 'card_declined',
    failure_message: input.succeeded ? null : 'Your card was declined.',
    invoice: input.invoice,
    livemode: false,
    metadata: { ...input.metadata },
    paid: input.succeeded,
    payment_intent: paymentIntentId,
    receipt_url: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
    status: input.succeeded ? 'succeeded' : 'failed',
  }
  charge.refunds.url = `/v1/charges/${charge.id}/refunds`
  const paymentIntent = {
    id: paymentIntentId,
    object: 'payment_intent',
    amount: input.amount,
    amount_received: input.succeeded ? input.amount : 0,
    created,
    currency: input.currency,
    customer: input.customer,
    last_payment_error: input.succeeded
      ? null
      : { code: 'card_declined', message: 'Your card was declined.', type: 'card_error' },
    latest_charge: charge.id,
    livemode: false,
    metadata: { ...input.metadata },
    status: input.succeeded ? 'succeeded' : 'requires_payment_method',
  }
  state.charges.set(charge.id, charge)
  state.paymentIntents.set(paymentIntent.id, paymentIntent)
  return { paymentIntent, charge }
}

export function retrieveCharge(state: LocalStripeState, id: string): Charge {
  return find(state.charges, 'charge', id)
}

export function retrievePaymentIntent(state: LocalStripeState, id: string): Json {
  return find(state.paymentIntents, 'payment_intent', id)
}

export function refund(state: LocalStripeState, params: Params): Json {
  let chargeId = str(params, 'charge')
  const paymentIntentId = str(params, 'payment_intent')
  if (!chargeId && paymentIntentId) {
    chargeId = retrievePaymentIntent(state, paymentIntentId).latest_charge as string
  }
  if (!chargeId)
    throw invalid(
      'One of the following params should be provided: charge, payment_intent.',
      'charge',
    )
  const charge = find(state.charges, 'charge', chargeId, 'charge')
  const remaining = charge.amount - charge.amount_refunded
  if (charge.status !== 'succeeded') {
    throw invalid(`Charge ${charge.id} has not succeeded; nothing to refund.`, 'charge')
  }
  if (remaining === 0) {
    throw invalid(
      `Charge ${charge.id} has already been refunded.`,
      'charge',
      'charge_already_refunded',
    )
  }
  const amount = int(params, 'amount') ?? remaining
  if (amount < 1 || amount > remaining) {
    throw invalid(
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      'amount',
      'amount_too_large',
    )
  }
  const previous = {
    amount_refunded: charge.amount_refunded,
    refunded: charge.refunded,
    refunds: snapshot(charge.refunds),
  }
  const created = {
    id: newId('re'),
    object: 'refund',
    amount,
    charge: charge.id,
    created: seconds(state),
    currency: charge.currency,
    metadata: mergeMetadata({}, params),
    payment_intent: charge.payment_intent,
    reason: str(params, 'reason') ?? null,
    status: 'succeeded',
  }
  state.refunds.set(created.id, created)
  charge.amount_refunded += amount
  charge.refunded = charge.amount_refunded === charge.amount
  charge.refunds.data.unshift(created)
  charge.refunds.total_count += 1
  emit(state, 'charge.refunded', charge, previous)
  return created
}

// ---------------------------------------------------------------- invoices

function createInvoice(
  state: LocalStripeState,
  subscription: Subscription,
  reason: Invoice['billing_reason'],
  succeeded: boolean,
): Invoice {
  const prices = subscription.items.map((item) => retrievePrice(state, item.price))
  const amount = subscription.items.reduce(
    (sum, item, i) => sum + prices[i]!.unit_amount * item.quantity,
    0,
  )
  const invoice: Invoice = {
    id: newId('in'),
    customer: subscription.customer,
    subscription: subscription.id,
    billing_reason: reason,
    status: succeeded ? 'paid' : 'open',
    currency: prices[0]!.currency,
    amount_due: amount,
    amount_paid: succeeded ? amount : 0,
    created: seconds(state),
    period_start: subscription.current_period_start,
    period_end: subscription.current_period_end,
    lines: subscription.items.map((item) => ({ price: item.price, quantity: item.quantity })),
    charge: null,
    payment_intent: null,
    attempt_count: 1,
    paid_at: succeeded ? seconds(state) : null,
  }
  const { paymentIntent, charge } = createPayment(state, {
    customer: subscription.customer,
    amount,
    currency: invoice.currency,
    metadata: {},
    invoice: invoice.id,
    succeeded,
  })
  invoice.charge = charge.id
  invoice.payment_intent = paymentIntent.id as string
  state.invoices.set(invoice.id, invoice)
  subscription.latest_invoice = invoice.id
  return invoice
}

export function retrieveInvoice(state: LocalStripeState, id: string): Json {
  return renderInvoice(state, find(state.invoices, 'invoice', id))
}

/**
 * `GET /v1/invoice_payments?invoice=…` or `?payment[type]=payment_intent&payment[payment_intent]=…`:
 * how current API versions link an invoice and the payment intent that paid it.
 */
export function listInvoicePayments(state: LocalStripeState, params: Params): Json {
  const invoiceId = str(params, 'invoice')
  const payment = params.payment
  const paymentIntent =
    payment && typeof payment === 'object' && !Array.isArray(payment)
      ? str(payment, 'payment_intent')
      : undefined
  const data = [...state.invoices.values()]
    .filter((invoice) => invoice.payment_intent !== null)
    .filter((invoice) => invoiceId === undefined || invoice.id === invoiceId)
    .filter((invoice) => paymentIntent === undefined || invoice.payment_intent === paymentIntent)
    .slice(0, int(params, 'limit') ?? 10)
    .map((invoice) => ({
      id: `inpay_${invoice.id.slice(3)}`,
      object: 'invoice_payment',
      amount_paid: invoice.status === 'paid' ? invoice.amount_paid : null,
      amount_requested: invoice.amount_due,
      created: invoice.created,
      currency: invoice.currency,
      invoice: invoice.id,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: invoice.payment_intent },
      status: invoice.status === 'paid' ? 'paid' : 'open',
      status_transitions: { canceled_at: null, paid_at: invoice.paid_at },
    }))
  return listOf(data, '/v1/invoice_payments')
}

function renderInvoice(state: LocalStripeState, invoice: Invoice): Json {
  const lines = invoice.lines.map((line, index) => {
    const price = retrievePrice(state, line.price)
    return {
      id: `il_${invoice.id.slice(3, 20)}${index}`,
      object: 'line_item',
      amount: price.unit_amount * line.quantity,
      currency: price.currency,
      description: null,
      invoice: invoice.id,
      livemode: false,
      metadata: {},
      period: { start: invoice.period_start, end: invoice.period_end },
      price: snapshot(price),
      pricing: {
        type: 'price_details',
        price_details: { price: price.id, product: price.product },
      },
      quantity: line.quantity,
      subscription: invoice.subscription,
    }
  })
  return {
    id: invoice.id,
    object: 'invoice',
    amount_due: invoice.amount_due,
    amount_paid: invoice.amount_paid,
    amount_remaining: invoice.amount_due - invoice.amount_paid,
    attempt_count: invoice.attempt_count,
    attempted: true,
    billing_reason: invoice.billing_reason,
    charge: invoice.charge,
    collection_method: 'charge_automatically',
    created: invoice.created,
    currency: invoice.currency,
    customer: invoice.customer,
    customer_email: state.customers.get(invoice.customer)?.email ?? null,
    hosted_invoice_url: null,
    lines: listOf(lines, `/v1/invoices/${invoice.id}/lines`),
    livemode: false,
    metadata: {},
    next_payment_attempt: invoice.status === 'open' ? invoice.created + 3 * 24 * 3600 : null,
    paid: invoice.status === 'paid',
    parent: invoice.subscription
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: { metadata: {}, subscription: invoice.subscription },
        }
      : null,
    payment_intent: invoice.payment_intent,
    period_end: invoice.period_end,
    period_start: invoice.period_start,
    status: invoice.status,
    status_transitions: { finalized_at: invoice.created, paid_at: invoice.paid_at },
    subscription: invoice.subscription,
    subtotal: invoice.amount_due,
    total: invoice.amount_due,
  }
}

// ---------------------------------------------------------------- subscriptions

export function renderSubscription(state: LocalStripeState, subscription: Subscription): Json {
  const price = retrievePrice(state, subscription.items[0]!.price)
  const period = {
    current_period_start: subscription.current_period_start,
    current_period_end: subscription.current_period_end,
  }
  return {
    id: subscription.id,
    object: 'subscription',
    billing_cycle_anchor: subscription.created,
    cancel_at: subscription.cancel_at_period_end ? subscription.current_period_end : null,
    cancel_at_period_end: subscription.cancel_at_period_end,
    canceled_at: subscription.canceled_at,
    cancellation_details: {
      comment: null,
      feedback: null,
      reason: subscription.canceled_at ? 'cancellation_requested' : null,
    },
    collection_method: 'charge_automatically',
    created: subscription.created,
    currency: price.currency,
    ...period,
    customer: subscription.customer,
    ended_at: subscription.ended_at,
    items: {
      object: 'list',
      data: subscription.items.map((item) => ({
        id: item.id,
        object: 'subscription_item',
        created: item.created,
        ...period,
        metadata: {},
        price: snapshot(retrievePrice(state, item.price)),
        quantity: item.quantity,
        subscription: subscription.id,
      })),
      has_more: false,
      total_count: subscription.items.length,
      url: `/v1/subscription_items?subscription=${subscription.id}`,
    },
    latest_invoice: subscription.latest_invoice,
    livemode: false,
    metadata: { ...subscription.metadata },
    start_date: subscription.created,
    status: subscription.status,
    trial_end: null,
    trial_start: null,
  }
}

function findSubscription(state: LocalStripeState, id: string): Subscription {
  return find(state.subscriptions, 'subscription', id)
}

export function retrieveSubscription(state: LocalStripeState, id: string): Json {
  return renderSubscription(state, findSubscription(state, id))
}

export function listSubscriptions(state: LocalStripeState, params: Params): Json {
  const customer = str(params, 'customer')
  const status = str(params, 'status')
  const price = str(params, 'price')
  const limit = int(params, 'limit') ?? 10
  const data = [...state.subscriptions.values()]
    .reverse()
    .filter((sub) => customer === undefined || sub.customer === customer)
    .filter((sub) =>
      status === 'all'
        ? true
        : status === undefined
          ? sub.status !== 'canceled'
          : sub.status === status,
    )
    .filter((sub) => price === undefined || sub.items.some((item) => item.price === price))
    .slice(0, limit)
    .map((sub) => renderSubscription(state, sub))
  return listOf(data, '/v1/subscriptions')
}

function changeSubscription(
  state: LocalStripeState,
  subscription: Subscription,
  change: (sub: Subscription) => void,
  type = 'customer.subscription.updated',
): Json {
  const before = renderSubscription(state, subscription)
  change(subscription)
  return emitSubscriptionChange(state, subscription, before, type)
}

/** Emits the subscription's event, with `previous_attributes` for an update that changed something. */
function emitSubscriptionChange(
  state: LocalStripeState,
  subscription: Subscription,
  before: Json,
  type = 'customer.subscription.updated',
): Json {
  const after = renderSubscription(state, subscription)
  if (type !== 'customer.subscription.updated') {
    emit(state, type, after)
    return after
  }
  const previous: Json = {}
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) previous[key] = before[key]
  }
  if (Object.keys(previous).length > 0) emit(state, type, after, previous)
  return after
}

export function updateSubscription(state: LocalStripeState, id: string, params: Params): Json {
  const subscription = findSubscription(state, id)
  const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end')
  if (subscription.status === 'canceled' && cancelAtPeriodEnd !== undefined) {
    throw invalid(
      'A canceled subscription can only update its cancellation_details and metadata.',
      'cancel_at_period_end',
    )
  }
  return changeSubscription(state, subscription, (sub) => {
    sub.metadata = mergeMetadata(sub.metadata, params)
    if (cancelAtPeriodEnd !== undefined) {
      sub.cancel_at_period_end = cancelAtPeriodEnd
      sub.canceled_at = cancelAtPeriodEnd ? seconds(state) : null
    }
  })
}

export function cancelSubscription(state: LocalStripeState, id: string): Json {
  const subscription = findSubscription(state, id)
  if (subscription.status === 'canceled') {
    throw invalid(`The subscription ${id} is already canceled.`, 'id')
  }
  return changeSubscription(
    state,
    subscription,
    (sub) => {
      const now = seconds(state)
      sub.status = 'canceled'
      sub.canceled_at ??= now
      sub.ended_at = now
    },
    'customer.subscription.deleted',
  )
}

/**
 * The next period arrives. A subscription set to cancel at period end ends instead
 * (`customer.subscription.deleted`); one whose last renewal failed has that invoice paid and
 * becomes active again; otherwise a new period starts with a paid `subscription_cycle` invoice.
 */
export function renewSubscription(state: LocalStripeState, id: string): void {
  const subscription = findSubscription(state, id)
  if (subscription.status === 'canceled') throw invalid(`The subscription ${id} is canceled.`, 'id')
  if (subscription.cancel_at_period_end) {
    changeSubscription(
      state,
      subscription,
      (sub) => {
        sub.status = 'canceled'
        sub.ended_at = sub.current_period_end
      },
      'customer.subscription.deleted',
    )
    return
  }
  const open = subscription.latest_invoice
    ? state.invoices.get(subscription.latest_invoice)
    : undefined
  if (subscription.status === 'past_due' && open?.status === 'open') {
    const { paymentIntent, charge } = createPayment(state, {
      customer: open.customer,
      amount: open.amount_due,
      currency: open.currency,
      metadata: {},
      invoice: open.id,
      succeeded: true,
    })
    Object.assign(open, {
      status: 'paid',
      amount_paid: open.amount_due,
      attempt_count: open.attempt_count + 1,
      charge: charge.id,
      payment_intent: paymentIntent.id,
      paid_at: seconds(state),
    })
    emit(state, 'invoice.paid', renderInvoice(state, open))
    changeSubscription(state, subscription, (sub) => {
      sub.status = 'active'
    })
    return
  }
  const before = renderSubscription(state, subscription)
  startNextPeriod(state, subscription)
  const invoice = createInvoice(state, subscription, 'subscription_cycle', true)
  subscription.status = 'active'
  emit(state, 'invoice.paid', renderInvoice(state, invoice))
  emitSubscriptionChange(state, subscription, before)
}

/** The next renewal happens now and its payment fails: the subscription is past_due. */
export function failNextPayment(state: LocalStripeState, id: string): void {
  const subscription = findSubscription(state, id)
  if (subscription.status === 'canceled') throw invalid(`The subscription ${id} is canceled.`, 'id')
  const before = renderSubscription(state, subscription)
  startNextPeriod(state, subscription)
  const invoice = createInvoice(state, subscription, 'subscription_cycle', false)
  subscription.status = 'past_due'
  emit(state, 'invoice.payment_failed', renderInvoice(state, invoice))
  emitSubscriptionChange(state, subscription, before)
}

function startNextPeriod(state: LocalStripeState, subscription: Subscription): void {
  const price = retrievePrice(state, subscription.items[0]!.price)
  subscription.current_period_start = subscription.current_period_end
  subscription.current_period_end = addInterval(subscription.current_period_end, price)
}

// ---------------------------------------------------------------- billing portal

export function createPortalSession(
  state: LocalStripeState,
  baseUrl: string,
  params: Params,
): Json {
  const customer = requiredStr(params, 'customer')
  find(state.customers, 'customer', customer, 'customer')
  const id = newId('bps')
  const session = {
    id,
    object: 'billing_portal.session',
    configuration: 'bpc_local',
    created: seconds(state),
    customer,
    flow: null,
    livemode: false,
    locale: null,
    on_behalf_of: null,
    return_url: str(params, 'return_url') ?? null,
    url: `${baseUrl}/portal/${id}`,
  }
  state.portalSessions.set(id, session)
  return session
}

export function retrievePortalSession(state: LocalStripeState, id: string): Json {
  return find(state.portalSessions, 'billing_portal.session', id)
}

/** The portal's "Cancel plan": cancel at the end of the paid period. */
export function cancelAtPeriodEnd(
  state: LocalStripeState,
  portalId: string,
  subscriptionId: string,
): void {
  const portal = retrievePortalSession(state, portalId)
  const subscription = findSubscription(state, subscriptionId)
  if (subscription.customer !== portal.customer) throw missing('subscription', subscriptionId)
  updateSubscription(state, subscriptionId, { cancel_at_period_end: 'true' })
}

/** A product's name, for the hosted pages. */
export function productName(state: LocalStripeState, productId: string): string {
  const name = state.products.get(productId)?.name
  return typeof name === 'string' ? name : productId
}

export function retrieveEvent(state: LocalStripeState, id: string): Stripe.Event {
  const event = state.events.find((candidate) => candidate.id === id)
  if (!event) throw missing('event', id)
  return event
}

export function listEvents(state: LocalStripeState, params: Params): Json {
  const type = str(params, 'type')
  const limit = int(params, 'limit') ?? 10
  const data = [...state.events]
    .reverse()
    .filter((event) => type === undefined || event.type === type)
    .slice(0, limit)
  return listOf(data, '/v1/events')
}
