import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'

// `vite` (dev) and `vite preview` forward everything the app server owns, the runtime config
// included, so they behave like the built app served by apps/server. API_PROXY_TARGET (from
// the environment or apps/web/.env) is read here only: the app itself gets settings from /config.js.
// '/auth/v1', not '/auth': /auth/callback is a page of this app.
const PROXIED_PATHS = ['/config.js', '/auth/v1', '/rest', '/storage', '/api', '/health']

export default defineConfig(({ mode }) => {
  const { API_PROXY_TARGET = 'http://localhost:3000' } = loadEnv(mode, process.cwd(), 'API_')
  const proxy = Object.fromEntries(
    PROXIED_PATHS.map((path) => [path, { target: API_PROXY_TARGET, changeOrigin: true }]),
  )
  return {
    // The router plugin must come before the React plugin: it rewrites route files to split them.
    plugins: [tanstackRouter(), react(), tailwindcss()],
    resolve: {
      alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
    },
    build: {
      rolldownOptions: {
        // A feature's index.ts only re-exports (its public face). Declaring that lets the bundler
        // bind each import to the module that defines it, so a route's loader importing
        // `@/features/jobs` does not pull the whole feature into the first chunk: the code split
        // stays what it was with deep imports.
        treeshake: {
          moduleSideEffects: [
            { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/, sideEffects: false },
          ],
        },
      },
    },
    server: { proxy },
    preview: { proxy },
  }
})
