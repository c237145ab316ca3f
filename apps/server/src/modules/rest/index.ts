export { parseQuery, splitQueryString } from './query-grammar.ts'
export { planRead } from './read-plan.ts'
export {
  API_ROLES,
  queryAsRequest,
  runAsRequest,
  type ApiRole,
  type RequestIdentity,
} from './request-context.ts'
export { registerRestRoutes } from './rest.routes.ts'
export { loadSchemaCache } from './schema-cache.ts'
export { buildRead, createSqlContext, relationSource, type Statement } from './sql-builder.ts'
export {
  DEFAULT_REST_SETTINGS,
  type RestSettings,
  restSettingsFromConfig,
} from './rest-settings.ts'
