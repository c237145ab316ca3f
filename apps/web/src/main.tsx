// First: no module may build a zod schema before zod is told not to use eval (CSP).
import './lib/zod-without-eval'
import './styles.css'
import { startEarlyRequests } from './lib/early-requests'

// The page's first reads go out now, while the app's code downloads. This entry imports nothing
// from the app's start chunk (vite.config.ts, the `entry` group), so it runs as soon as it arrives.
startEarlyRequests()

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
  const { showStartFailure } = await import('./start-failure')
  showStartFailure(rootElement, error)
}
