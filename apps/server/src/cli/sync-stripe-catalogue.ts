/**
 * `npm run billing:stripe-sync`: puts the plan catalogue (`public.credit_plans`) into the Stripe
 * account of `STRIPE_SECRET_KEY`: one active price per plan and pack, found by lookup key = the
 * plan's id, made when missing or when its amount, currency or period changed. Run it once after
 * connecting an account and after every price change (README, "Payments"). Exits 1 with the
 * reason when Stripe is not configured or refuses.
 */
import { loadConfig } from '../platform/config.ts'
import { openDatabase } from '../platform/db/open-database.ts'
import { createPool } from '../platform/db/pool.ts'
import { loadOrCreateSecrets } from '../platform/keys/install-secrets.ts'
import { createLogger } from '../platform/logger.ts'
import {
  billingSettingsFromConfig,
  createStripeClient,
  syncStripeCatalogue,
} from '../modules/billing/index.ts'
import { publicUrls } from '../modules/web-config/index.ts'

const config = loadConfig()
const settings = billingSettingsFromConfig(config, publicUrls(config).appUrl)
if (!settings.stripe) {
  console.error('billing:stripe-sync: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET first.')
  process.exit(1)
}
const logger = createLogger({ level: config.LOG_LEVEL, pretty: process.stdout.isTTY })
const database = await openDatabase(
  config,
  await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET),
  logger,
)
const db = createPool(database.url, 1)
try {
  const { created, kept } = await syncStripeCatalogue(db, createStripeClient(settings.stripe))
  console.log(
    [
      created.length ? `Prices created: ${created.join(', ')}` : 'No price created.',
      kept.length ? `Prices already right: ${kept.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  )
} catch (error) {
  console.error(`billing:stripe-sync failed: ${(error as Error).message}`)
  process.exitCode = 1
} finally {
  await db.end()
  await database.close()
}
