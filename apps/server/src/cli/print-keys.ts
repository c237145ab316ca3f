/**
 * `npm run keys`: prints this install's API URL, anon key and service-role key (creating them
 * if the server has never started). The service-role key bypasses row-level security: keep it
 * on servers, never in a browser or an app.
 */
import path from 'node:path'
import { loadConfig } from '../platform/config.ts'
import { loadOrCreateSecrets } from '../platform/keys/install-secrets.ts'
import { publicUrls } from '../modules/web-config/index.ts'

const config = loadConfig()
const secrets = await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET)
const urls = publicUrls(config)

console.log(`API URL:          ${urls.supabaseUrl}
anon key:         ${secrets.anonKey}
service_role key: ${secrets.serviceRoleKey}
(stored in ${path.join(config.DATA_DIR, 'secrets.json')})`)
