/**
 * `npm run dev`: the server (restarted on change with Node's --watch) and the Vite dev server
 * for the web app, which proxies the APIs and /config.js to the server.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const children = [
  spawn(process.execPath, ['--watch', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, SEED_DEMO_DATA: process.env.SEED_DEMO_DATA ?? 'true' },
  }),
  spawn('npm', ['run', 'dev', '--workspace', 'apps/web'], { cwd: ROOT, stdio: 'inherit' }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) {
  child.on('exit', stop)
}
