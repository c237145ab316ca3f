// Writes src/routeTree.gen.ts without starting Vite, so `typecheck` works on a fresh clone where
// the git-ignored file does not exist yet. It reads tsr.config.json, the same file the Vite
// plugin reads, so both produce the same tree. Keep @tanstack/router-generator pinned to the
// version @tanstack/router-plugin depends on.
import { fileURLToPath } from 'node:url'
import { Generator, getConfig } from '@tanstack/router-generator'

const appRoot = fileURLToPath(new URL('..', import.meta.url))
const config = getConfig({ disableLogging: true }, appRoot)
await new Generator({ config, root: appRoot }).run()
