import { existsSync } from 'node:fs'
import path from 'node:path'
import closeWithGrace from 'close-with-grace'
import { ConfigError, readConfig, REPO_ROOT } from './config.ts'
import { createLogger } from './lib/logger.ts'
import { startServer } from './server.ts'

// A local .env is optional; variables already set in the environment win over it.
const dotEnv = path.join(REPO_ROOT, '.env')
if (existsSync(dotEnv)) {
  process.loadEnvFile(dotEnv)
}

let config
try {
  config = readConfig(process.env)
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const logger = createLogger({
  level: config.LOG_LEVEL,
  pretty: process.stdout.isTTY && config.PUBLIC_APP_ENV === 'development',
})

try {
  const server = await startServer(config, logger)
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) {
      logger.error({ err }, 'shutting down after an unexpected error')
    } else {
      logger.info({ signal }, 'shutting down')
    }
    await server.close()
  })
  console.log(
    [
      '',
      `  App ready:        ${server.appUrl}`,
      `  Marketing site:   ${server.marketingUrl}`,
      `  API keys:         npm run keys`,
      '',
    ].join('\n'),
  )
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
  } else {
    logger.fatal({ err: error }, 'the server could not start')
  }
  process.exit(1)
}
