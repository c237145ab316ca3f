/**
 * The web app's runtime configuration.
 *
 * 1. The server answers GET /config.js with `window.__APP_CONFIG__ = {...}`; index.html loads it
 *    before the app, so one build serves every deployment.
 * 2. This module validates it once, when first imported, against the WebConfigSchema shared with
 *    the server. Empty strings count as missing.
 * 3. On failure it logs and collects "Missing key {name} in config.env" per key and throws
 *    InvalidEnvError ("Invalid environment variables"); main.tsx shows those lines instead of the app.
 *
 * Everything here reaches every browser: never add a secret.
 */
import { WebConfigSchema } from '@app/contracts'
import { createEnv } from '@t3-oss/env-core'
import { InvalidEnvError } from './invalid-env-error'
import { logger } from './logger'

type RuntimeConfig = Record<string, string | boolean | number | undefined>

declare global {
  interface Window {
    /** Written by /config.js; untrusted until parsed below. */
    __APP_CONFIG__?: RuntimeConfig
  }
}

type IssuePath = readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined

function keyOf(path: IssuePath): string {
  const first = path?.[0]
  if (first === undefined) {
    return 'unknown'
  }
  return String(typeof first === 'object' ? first.key : first)
}

function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}

function describeProblems(
  issues: readonly { message: string; path?: IssuePath }[],
  runtimeConfig: RuntimeConfig,
): string[] {
  const problems = issues.map((issue) => {
    const key = keyOf(issue.path)
    return isMissing(runtimeConfig[key])
      ? `Missing key ${key} in config.env`
      : `Invalid value for key ${key} in config.env: ${issue.message}`
  })
  return [...new Set(problems)]
}

function parseWebConfig(runtimeConfig: RuntimeConfig) {
  return createEnv({
    clientPrefix: 'PUBLIC_',
    client: WebConfigSchema.shape,
    runtimeEnv: runtimeConfig,
    emptyStringAsUndefined: true,
    onValidationError(issues) {
      const problems = describeProblems(issues, runtimeConfig)
      for (const problem of problems) {
        logger.error(problem)
      }
      throw new InvalidEnvError(problems)
    },
  })
}

export const env = parseWebConfig(window.__APP_CONFIG__ ?? {})
