import type pg from 'pg'
import type { Logger } from '../lib/logger.ts'

/** Demo data for a fresh install; safe to run at every start (it only fills what is missing). */
export async function seedDemoData(client: pg.PoolClient, logger: Logger): Promise<void> {
  void client
  logger.debug('no demo data yet')
}
