/**
 * The server's entry: `npm start` (everything), `npm run serve` (HTTP processes only) and
 * `npm run worker` (background processes only) run the supervisor here (supervisor.ts); the
 * processes it starts run this file again, each doing its part.
 */
import { ConfigError, loadConfig } from './platform/config.ts'
import { EmbeddedPostgresAccessError } from './platform/db/embedded-postgres.ts'
import { createLogger } from './platform/logger.ts'
import {
  isSupervisedProcess,
  runSupervisedProcess,
  runSupervisor,
  type SupervisorMode,
} from './supervisor.ts'

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

if (isSupervisedProcess()) {
  await runSupervisedProcess(config, logger)
} else {
  const argument = process.argv[2] ?? 'start'
  const mode: SupervisorMode | null =
    argument === 'start' || argument === 'serve' || argument === 'worker' ? argument : null
  if (!mode) {
    console.error(`Unknown command "${argument}": start, serve or worker`)
    process.exit(1)
  }
  try {
    const supervisor = await runSupervisor(config, logger, mode)
    // Null: a signal arrived while starting, and everything is stopping again.
    if (supervisor) {
      console.log(
        [
          '',
          ...(mode === 'worker'
            ? ['  Background jobs running (npm run worker)']
            : [
                `  App ready:        ${supervisor.appUrl}`,
                `  Marketing site:   ${supervisor.marketingUrl}`,
              ]),
          `  API keys:         npm run keys`,
          '',
        ].join('\n'),
      )
    }
  } catch (error) {
    // A setting or a folder the operator must fix: the message says how, no stack trace.
    if (error instanceof ConfigError || error instanceof EmbeddedPostgresAccessError) {
      console.error(error.message)
    } else {
      logger.fatal({ err: error }, 'the server could not start')
    }
    process.exit(1)
  }
}
