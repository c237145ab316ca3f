/**
 * The settings of `/rest/v1` that PostgREST reads from its configuration, under PostgREST's
 * names (`PGRST_DB_SCHEMAS`, `PGRST_DB_TX_END`, `PGRST_DB_PLAN_ENABLED`,
 * `PGRST_DB_AGGREGATES_ENABLED`); the defaults are hosted Supabase's.
 */
import type { Config } from '../../platform/config.ts'

export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override'

export type RestSettings = {
  /** The schemas served; the first one when a request names none. */
  schemas: string[]
  /** How a request's transaction ends, and whether `Prefer: tx=` may change it. */
  txEnd: TxEnd
  /** `Accept: application/vnd.pgrst.plan` (explain). */
  planEnabled: boolean
  /** Aggregate functions in `select` (`count()`, `price.sum()`, …). */
  aggregatesEnabled: boolean
}

export const DEFAULT_REST_SETTINGS: RestSettings = {
  schemas: ['public'],
  txEnd: 'commit',
  planEnabled: false,
  aggregatesEnabled: false,
}

export function restSettingsFromConfig(config: Config): RestSettings {
  return {
    schemas: config.PGRST_DB_SCHEMAS,
    txEnd: config.PGRST_DB_TX_END,
    planEnabled: config.PGRST_DB_PLAN_ENABLED,
    aggregatesEnabled: config.PGRST_DB_AGGREGATES_ENABLED,
  }
}
