import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, loadEnv } from 'vite'
import { precompress } from '../web/scripts/precompress.ts'

const page = (name) => fileURLToPath(new URL(name, import.meta.url))

// A static site: two HTML pages and one stylesheet, no client-side JavaScript.
export default defineConfig(({ mode }) => {
  // /open-app is answered by the marketing server (a redirect to the app); forward it in dev.
  const { MARKETING_PROXY_TARGET = 'http://localhost:3001' } = loadEnv(
    mode,
    process.cwd(),
    'MARKETING_',
  )
  return {
    // .br and .gz beside every page and stylesheet, as the web app's build does.
    plugins: [tailwindcss(), precompress()],
    server: { proxy: { '/open-app': MARKETING_PROXY_TARGET } },
    build: {
      rolldownOptions: {
        // 404.html is what apps/server's marketing server answers unknown paths with.
        input: { index: page('index.html'), notFound: page('404.html') },
      },
    },
  }
})
