export { billingWebhooks } from './billing-jobs.ts'
export { registerBillingRoutes } from './billing.routes.ts'
export {
  type BillingSettings,
  billingSettingsFromConfig,
  createStripeClient,
  type StripeSettings,
} from './billing-settings.ts'
export { syncStripeCatalogue } from './stripe-catalogue.ts'
