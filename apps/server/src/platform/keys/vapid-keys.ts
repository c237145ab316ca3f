import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import webPush from 'web-push'
import { z } from 'zod'

/**
 * The install's VAPID key pair (Web Push, RFC 8292; ADR 0032): generated on first use and kept
 * in the data folder next to the other install secrets (mode 0600), in a file of its own. The
 * public key is what a browser subscribes with; the private key signs every push request, so
 * every server process of an install must share it (they share DATA_DIR).
 */
const VapidKeysSchema = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/),
  privateKey: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/),
})
export type VapidKeys = z.infer<typeof VapidKeysSchema>

const VAPID_FILE = 'vapid.json'

const loaded = new Map<string, Promise<VapidKeys>>()

/** The data folder's VAPID keys, created once (the first process to write the file wins). */
export function loadOrCreateVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.resolve(dataDir, VAPID_FILE)
  let keys = loaded.get(file)
  if (!keys) {
    keys = readOrCreate(file)
    loaded.set(file, keys)
    keys.catch(() => loaded.delete(file))
  }
  return keys
}

async function readOrCreate(file: string): Promise<VapidKeys> {
  const existing = await readKeys(file)
  if (existing) {
    return existing
  }
  await mkdir(path.dirname(file), { recursive: true })
  const generated = webPush.generateVAPIDKeys()
  try {
    // `wx`: never overwrite; a process that lost the race reads the winner's keys.
    await writeFile(file, JSON.stringify(generated, null, 2), { mode: 0o600, flag: 'wx' })
    return generated
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error
    }
    const winner = await readKeys(file)
    if (!winner) {
      throw new Error(`${file} disappeared while being created`, { cause: error })
    }
    return winner
  }
}

async function readKeys(file: string): Promise<VapidKeys | null> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return null
    }
    throw error
  }
  try {
    return VapidKeysSchema.parse(JSON.parse(text))
  } catch (error) {
    throw new Error(
      `${file} is unreadable; restore it or delete it (devices then subscribe again)`,
      {
        cause: error,
      },
    )
  }
}
