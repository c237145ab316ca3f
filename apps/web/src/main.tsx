// First: no module may build a zod schema before zod is told not to use eval (CSP).
import './lib/zod-without-eval'
import './styles.css'
import { renderInvalidEnvScreen } from './components/invalid-env-screen'
import { InvalidEnvError } from './lib/invalid-env-error'
import { logger } from './lib/logger'

const rootElement = document.getElementById('root')
if (!rootElement) {
  throw new Error('index.html has no #root element')
}

// The app is imported dynamically because importing it validates the runtime config
// (lib/env.ts): a static import would fail before this code runs, leaving a blank page.
try {
  const { startApp } = await import('./app')
  await startApp(rootElement)
} catch (error) {
  if (!(error instanceof InvalidEnvError)) {
    throw error
  }
  logger.error(error.message)
  renderInvalidEnvScreen(rootElement, error.problems)
}
