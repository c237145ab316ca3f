import closeWithGrace from 'close-with-grace'
import { ConfigError, loadConfig } from './platform/config.ts'
import { EmbeddedPostgresAccessError } from './platform/db/embedded-postgres.ts'
import { createLogger } from './platform/logger.ts'
import { startServer } from './server.ts'

let config
try {
  config = loadConfig()
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
  // A setting or a folder the operator must fix: the message says how, no stack trace.
  if (error instanceof ConfigError || error instanceof EmbeddedPostgresAccessError) {
    console.error(error.message)
  } else {
    logger.fatal({ err: error }, 'the server could not start')
  }
  process.exit(1)
}
