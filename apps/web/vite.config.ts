import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { precompress } from './scripts/precompress.ts'
import { preloadAppStart } from './scripts/preload-app-start.ts'
import { themeColors } from './scripts/theme-colors.ts'

// `vite` (dev) and `vite preview` forward everything the app server owns, the runtime config
// included, so they behave like the built app served by apps/server. API_PROXY_TARGET (from
// the environment or apps/web/.env) is read here only: the app itself gets settings from /config.js.
// '/auth/v1', not '/auth': /auth/callback is a page of this app.
/**
 * What every page runs before its own chunk: the app's start, the router and the route tree with
 * each route's light half (the router plugin moves components into chunks of their own, ids with
 * `?tsr-split=`). Captured with everything they import statically, in one chunk: on a phone's
 * network every extra file on the first load costs a round trip (issue 21).
 */
const APP_START = /[\\/]src[\\/](app|router|routeTree\.gen|routes[\\/][^?]*)\.tsx?$/

/**
 * The icons: a module of a few hundred bytes each, used by most pages. Split by route, each was a
 * file of its own (16 on /jobs); together they are 7 KB brotli in the app chunk (ADR 0035).
 */
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]/

/**
 * What the entry script needs before the app's start chunk arrives: its early requests (with
 * the stored session they read) and Vite's dynamic-import helper. The app's start imports them
 * too, so without this group they would be captured into its chunk, and the entry, importing
 * them from there, would run only once that chunk (the largest of the first load) had arrived.
 */
const ENTRY_OWN =
  /([\\/]src[\\/]lib[\\/](early-requests|stored-session|api-url)\.ts$)|vite[\\/](preload-helper|modulepreload-polyfill)/

/**
 * Past the app's start, a page's code is split by which pages share each module: a jobs page
 * asked for ~30 files after the start, many of a few hundred bytes, six at a time on a phone's
 * HTTP/1.1 (issue 21). These groups make a few files of them. Only the
 * matching modules are grouped, not what they import, and a module runs only when a page
 * imports it (strictExecutionOrder): a page pays for the rest of a group in bytes only.
 *
 * The shared building blocks: the UI components and the small libraries beside them. Not the
 * modules that bring a large library, such as supabase-client.ts (the file would import it for
 * every page), nor the contracts: grouped with them, /forgot-password's first load grew by 13 KB
 * brotli and its LCP with it.
 */
const SHARED = /[\\/]src[\\/](components[\\/]|lib[\\/](has-painted|online-status|places)\.ts$)/

/** React Query's hooks: most pages use two or three. */
const QUERY_HOOKS = /[\\/]node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/

/** The deck and the list: the jobs feature and their routes, in one file. */
const JOBS_PAGES =
  /[\\/]src[\\/](features[\\/]jobs[\\/]|routes[\\/]_app[\\/]jobs(\.tsx|[\\/]index\.tsx|[\\/]list\.tsx))/
/**
 * … but not the parts the deck loads later (motion after the first paint, the report form on
 * first use): in the jobs file they would bring their libraries into its first load.
 */
const JOBS_LATER =
  /[\\/]features[\\/]jobs[\\/]components[\\/](motion-deck|swipe-card|report-job-form)\.tsx$/

const PROXIED_PATHS = ['/config.js', '/auth/v1', '/rest', '/storage', '/api', '/health']

export default defineConfig(({ mode }) => {
  const { API_PROXY_TARGET = 'http://localhost:3000' } = loadEnv(mode, process.cwd(), 'API_')
  const proxy = Object.fromEntries(
    PROXIED_PATHS.map((path) => [path, { target: API_PROXY_TARGET, changeOrigin: true }]),
  )
  return {
    // The router plugin must come before the React plugin: it rewrites route files to split them.
    plugins: [
      tanstackRouter(),
      react(),
      tailwindcss(),
      preloadAppStart(),
      installedApp(),
      precompress(),
    ],
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
        // Libraries every page runs, each in a chunk of its own whose name and hash change only
        // when the library does: a deploy of the app's own code leaves them cached (issue 21).
        // The app's start in one file; past it, a few groups (shared, query, jobs: above);
        // everything else split by route as the bundler decides.
        output: {
          strictExecutionOrder: true,
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                priority: 2,
              },
              {
                name: 'router',
                priority: 2,
                test: /[\\/]node_modules[\\/]@tanstack[\\/](router-core|react-router|history|store|react-store)[\\/]/,
              },
              {
                name: 'app',
                test: (id: string) => APP_START.test(id) || ICONS.test(id),
                priority: 1,
              },
              {
                name: 'entry',
                test: ENTRY_OWN,
                priority: 3,
              },
              { name: 'shared', test: SHARED, includeDependenciesRecursively: false },
              { name: 'query', test: QUERY_HOOKS, includeDependenciesRecursively: false },
              {
                name: 'jobs',
                test: (id: string) => JOBS_PAGES.test(id) && !JOBS_LATER.test(id),
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
    server: { proxy },
    preview: { proxy },
  }
})

const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512]

/**
 * The installed app (issue 19, ADR 0032): the web app manifest (colours from the design tokens,
 * icons drawn by scripts/draw-icons.ts) and our own service worker, src/sw.ts (served as /sw.js),
 * built with Workbox's precache manifest injected (`injectManifest`). Registered by
 * lib/service-worker.ts with a prompt: a new version waits until the user reloads.
 */
function installedApp() {
  const colors = themeColors()
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'prompt',
    // lib/service-worker.ts registers it (production builds only), through workbox-window.
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    injectManifest: {
      // The shell and every hashed asset; icons and the runtime config stay out (the config is
      // cached at run time by the worker, the icons are the launcher's).
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png}', 'favicon.svg'],
      rollupFormat: 'iife',
    },
    manifest: {
      id: '/start',
      name: 'Job-search assistant',
      short_name: 'Job search',
      description: 'Find jobs, track applications and practise interviews.',
      start_url: '/start',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      theme_color: colors.primary,
      background_color: colors.background,
      categories: ['business', 'productivity'],
      icons: [
        ...ICON_SIZES.map((size) => ({
          src: `/icons/icon-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'any',
        })),
        ...[192, 512].map((size) => ({
          src: `/icons/maskable-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'maskable',
        })),
      ],
      shortcuts: [
        {
          name: 'Jobs',
          short_name: 'Jobs',
          description: 'Swipe through matching jobs',
          url: '/jobs',
          icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }],
        },
        {
          name: 'Saved jobs',
          short_name: 'Saved',
          description: 'Your applications and where each stands',
          url: '/applications',
          icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }],
        },
      ],
    },
  })
}
