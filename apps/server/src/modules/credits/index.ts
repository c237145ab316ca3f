export { grant, readBalance, spend, spendAndCommit, toCreditsResponse } from './credit-ledger.ts'
export { readCreditHistory, takeBackRefundedCredits } from './credit-history.ts'
export { creditPeriodRefresh } from './credit-period-refresh.ts'
export {
  type CataloguePlan,
  freePlanFromConfig,
  listPlansForSale,
  planForStoreProduct,
  readPlan,
  readUserPlan,
  requirePlanFeature,
  saveFreePlan,
} from './credit-plans.ts'
export { priceForRequest, readPrice, requireShownPrice } from './credit-prices.ts'
export { returnToFreePlan, startPaidPeriod } from './plan-periods.ts'
export { registerCreditsRoutes } from './credits.routes.ts'
