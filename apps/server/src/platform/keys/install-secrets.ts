import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { SignJWT } from 'jose'
import { z } from 'zod'

/**
 * Secrets generated on first start and kept in the data folder (mode 0600), never in the
 * repository: the JWT signing secret, the anon and service-role API keys signed with it, and
 * the embedded PostgreSQL superuser password.
 */
const InstallSecretsSchema = z.object({
  jwtSecret: z.string().min(32),
  anonKey: z.string(),
  serviceRoleKey: z.string(),
  postgresPassword: z.string().min(16),
})
export type InstallSecrets = z.infer<typeof InstallSecretsSchema>

const SECRETS_FILE = 'secrets.json'
/** API keys are long-lived by design (as Supabase's are); rotate by changing the JWT secret. */
const API_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600

/** Signs an API key: a JWT whose only authority is its role. */
export function signApiKey(jwtSecret: string, role: 'anon' | 'service_role', issuedAt: number) {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('supabase')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + API_KEY_LIFETIME_SECONDS)
    .sign(new TextEncoder().encode(jwtSecret))
}

async function generateSecrets(jwtSecret: string): Promise<InstallSecrets> {
  const issuedAt = Math.floor(Date.now() / 1000)
  return {
    jwtSecret,
    anonKey: await signApiKey(jwtSecret, 'anon', issuedAt),
    serviceRoleKey: await signApiKey(jwtSecret, 'service_role', issuedAt),
    postgresPassword: randomBytes(24).toString('base64url'),
  }
}

/**
 * Reads the install's secrets, creating them on first use. A `JWT_SECRET` from the
 * environment wins over the stored one (deployments keep it in their secret store); the keys
 * are then re-signed with it.
 */
export async function loadOrCreateSecrets(
  dataDir: string,
  jwtSecretOverride?: string,
): Promise<InstallSecrets> {
  const file = path.join(dataDir, SECRETS_FILE)
  let secrets = await readSecrets(file)
  if (!secrets) {
    secrets = await generateSecrets(jwtSecretOverride ?? randomBytes(48).toString('base64url'))
    await mkdir(dataDir, { recursive: true })
    // Write then rename, so a crash never leaves a half-written secrets file behind.
    await writeFile(`${file}.tmp`, JSON.stringify(secrets, null, 2), { mode: 0o600 })
    await rename(`${file}.tmp`, file)
  }
  if (jwtSecretOverride && jwtSecretOverride !== secrets.jwtSecret) {
    const resigned = await generateSecrets(jwtSecretOverride)
    return { ...resigned, postgresPassword: secrets.postgresPassword }
  }
  return secrets
}

async function readSecrets(file: string): Promise<InstallSecrets | null> {
  try {
    return InstallSecretsSchema.parse(JSON.parse(await readFile(file, 'utf8')))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null
    }
    throw new Error(`${file} is unreadable; restore it or delete it to start a new install`, {
      cause: error,
    })
  }
}
