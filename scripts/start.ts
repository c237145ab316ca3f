/**
 * `npm start`: builds what changed, then starts the whole product (embedded PostgreSQL unless
 * DATABASE_URL is set, migrations, demo data, app and marketing site) and prints the URLs.
 */
import { buildIfNeeded } from './build-if-needed.ts'

buildIfNeeded()
await import('../apps/server/src/main.ts')
