export { startLocalStripe, type LocalStripe, type LocalStripeOptions } from './local-stripe.ts'
