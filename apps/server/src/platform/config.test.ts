import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { describe, expect, it } from 'vitest'
import { CONFIG_KEYS, ConfigError, readConfig, REPO_ROOT } from './config.ts'

describe('readConfig', () => {
  it('gives every setting a working local default', () => {
    const config = readConfig({})
    expect(config).toMatchObject({
      PORT: 3000,
      MARKETING_PORT: 3001,
      PROVIDE_SUPABASE_SERVICES: true,
      PUBLIC_APP_ENV: 'development',
      DATA_DIR: path.join(REPO_ROOT, '.data'),
    })
    expect(config.DATABASE_URL).toBeUndefined()
  })

  it('treats empty strings as unset and resolves folders from the repository root', () => {
    const config = readConfig({ DATABASE_URL: '', PORT: '', DATA_DIR: './elsewhere' })
    expect(config.DATABASE_URL).toBeUndefined()
    expect(config.PORT).toBe(3000)
    expect(config.DATA_DIR).toBe(path.join(REPO_ROOT, 'elsewhere'))
  })

  it('lists every bad variable at once', () => {
    const read = () =>
      readConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        PUBLIC_APP_ENV: 'prod',
      })
    expect(read).toThrow(ConfigError)
    expect(read).toThrow(
      /PORT[\s\S]*DATABASE_URL: must start with postgres[\s\S]*JWT_SECRET[\s\S]*PUBLIC_APP_ENV/,
    )
  })

  it('is documented variable by variable in .env.example, which works as it stands', () => {
    const example = parseEnv(readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8'))
    expect(Object.keys(example).sort()).toEqual([...CONFIG_KEYS].sort())
    expect(readConfig(example)).toEqual(readConfig({}))
  })
})

describe('session lifetimes (AUTH_SESSIONS_INACTIVITY_TIMEOUT, AUTH_SESSIONS_TIMEBOX)', () => {
  it('reads Go durations as GoTrue writes them, 0 turning a limit off', () => {
    expect(readConfig({})).toMatchObject({
      AUTH_SESSIONS_INACTIVITY_TIMEOUT: 7 * 24 * 3_600_000,
      AUTH_SESSIONS_TIMEBOX: 30 * 24 * 3_600_000,
    })
    expect(
      readConfig({ AUTH_SESSIONS_INACTIVITY_TIMEOUT: '1h30m', AUTH_SESSIONS_TIMEBOX: '0' }),
    ).toMatchObject({ AUTH_SESSIONS_INACTIVITY_TIMEOUT: 5_400_000, AUTH_SESSIONS_TIMEBOX: 0 })
  })

  it('refuses text that is no duration, and an inactivity timeout under the token’s hour', () => {
    expect(() => readConfig({ AUTH_SESSIONS_TIMEBOX: '30 days' })).toThrow(
      /AUTH_SESSIONS_TIMEBOX: must be a duration/,
    )
    expect(() => readConfig({ AUTH_SESSIONS_INACTIVITY_TIMEOUT: '30m' })).toThrow(
      /AUTH_SESSIONS_INACTIVITY_TIMEOUT: must be 0 \(off\) or at least 1h/,
    )
  })
})
