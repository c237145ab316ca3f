export { grant, readBalance, spend, toCreditsResponse } from './credit-ledger.ts'
export { creditPeriodRefresh } from './credit-period-refresh.ts'
export { freePlanFromConfig, saveFreePlan } from './credit-plans.ts'
export { registerCreditsRoutes } from './credits.routes.ts'
