export {
  API_RATE_LIMITS,
  type ApiRateLimitBucket,
  type LimitUser,
  type ApiRateLimitDeps,
  countUserRequest,
  limitUserRequest,
} from './api-rate-limits.ts'
