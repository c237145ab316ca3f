import { renderInvalidEnvScreen } from './components/invalid-env-screen'
import { InvalidEnvError } from './lib/invalid-env-error'
import { logger } from './lib/logger'

/**
 * What the entry does when the app failed to start: an invalid runtime configuration gets the
 * "Invalid environment variables" screen; anything else is thrown on. Loaded only then, so the
 * entry script depends on nothing the app's start chunk holds (it runs before that arrives).
 */
export function showStartFailure(rootElement: HTMLElement, error: unknown): void {
  if (!(error instanceof InvalidEnvError)) {
    throw error
  }
  logger.error(error.message)
  renderInvalidEnvScreen(rootElement, error.problems)
}
