/**
 * `npm run keys`: prints this install's API URL, anon key and service-role key (creating them
 * if the server has never started), and its JWT signing keys. The service-role key bypasses
 * row-level security: keep it on servers, never in a browser or an app.
 *
 * `npm run keys -- rotate`: a new ES256 signing key signs user access tokens from the next
 * start; the current one becomes `previous` (tokens it signed still verify, its public key
 * stays published). `npm run keys -- retire <kid>`: removes a previous key, once every token it
 * signed has expired (an hour after the rotation; restart the server after either). ADR 0030.
 */
import path from 'node:path'
import { loadConfig } from '../platform/config.ts'
import { loadOrCreateSecrets } from '../platform/keys/install-secrets.ts'
import {
  loadOrCreateSigningKeys,
  parseSigningKeys,
  retireSigningKey,
  rotateSigningKeys,
  SIGNING_KEYS_FILE,
  SigningKeyError,
  type StoredSigningKey,
} from '../platform/keys/signing-keys.ts'
import { publicUrls } from '../modules/web-config/index.ts'

const config = loadConfig()
const [command, argument] = process.argv.slice(2)

function describeKeys(keys: StoredSigningKey[]) {
  return keys
    .map((key) => `  ${key.kid}  ${key.alg}  ${key.status.padEnd(8)}  created ${key.created_at}`)
    .join('\n')
}

const restart = 'Restart the server for it to take effect.'

try {
  if ((command === 'rotate' || command === 'retire') && config.JWT_SIGNING_KEYS) {
    throw new SigningKeyError(
      `JWT_SIGNING_KEYS is set, so the keys live there: ${command} in a data folder holding them as ${SIGNING_KEYS_FILE}, then set JWT_SIGNING_KEYS to the new file`,
    )
  }
  if (command === 'rotate') {
    const keys = await rotateSigningKeys(config.DATA_DIR)
    console.log(`Rotated: ${keys[0]?.kid} is the new current signing key. ${restart}
Retire the previous key once its tokens have expired (an hour): npm run keys -- retire <kid>
${describeKeys(keys)}`)
  } else if (command === 'retire') {
    if (!argument) {
      throw new SigningKeyError('usage: npm run keys -- retire <kid>')
    }
    const keys = await retireSigningKey(config.DATA_DIR, argument)
    console.log(`Retired ${argument}: tokens it signed no longer verify. ${restart}
${describeKeys(keys)}`)
  } else if (command === undefined) {
    const secrets = await loadOrCreateSecrets(config.DATA_DIR, config.JWT_SECRET)
    const keys = config.JWT_SIGNING_KEYS
      ? parseSigningKeys(config.JWT_SIGNING_KEYS, 'JWT_SIGNING_KEYS')
      : await loadOrCreateSigningKeys(config.DATA_DIR)
    const urls = publicUrls(config)
    console.log(`API URL:          ${urls.supabaseUrl}
anon key:         ${secrets.anonKey}
service_role key: ${secrets.serviceRoleKey}
(stored in ${path.join(config.DATA_DIR, 'secrets.json')})

User access tokens: ${config.AUTH_JWT_SIGNING_ALGORITHM}. Signing keys (${path.join(config.DATA_DIR, SIGNING_KEYS_FILE)}):
${describeKeys(keys)}
Public keys: ${urls.supabaseUrl}/auth/v1/.well-known/jwks.json`)
  } else {
    throw new SigningKeyError(`unknown command ${command}: use rotate, retire <kid>, or nothing`)
  }
} catch (error) {
  if (error instanceof SigningKeyError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}
