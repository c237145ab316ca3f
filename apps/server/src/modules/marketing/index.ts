export { buildMarketingServer } from './marketing-server.ts'
