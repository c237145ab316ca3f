// The web app's layer rules, enforced with eslint-plugin-boundaries:
// - the layers only run down: app shell → routes → features → components → lib;
// - a feature never imports another feature;
// - outside a feature, only its public face (features/<name>/index.ts) is imported: a deep import
//   such as '@/features/auth/components/auth-screen' from a route is an error;
// - the end-to-end tests (apps/web/e2e) drive the built app through a browser: they import none
//   of its routes, features or shell.
// Imports inside one element (a feature's own files, the routes among themselves) are not checked.
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import boundaries from 'eslint-plugin-boundaries'

const root = dirname(dirname(fileURLToPath(import.meta.url)))

const APP = 'web-app'
const ROUTES = 'web-routes'
const FEATURE = 'web-feature'
const COMPONENTS = 'web-components'
const LIB = 'web-lib'
const E2E = 'web-e2e'

const element = (type, extra = {}) => ({ element: { type, ...extra } })
const featureIndex = element(FEATURE, { fileInternalPath: 'index.ts' })

/** @type {import('eslint').Linter.Config[]} */
export default [
  {
    name: 'web/boundaries',
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/e2e/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        typescript: { project: `${root}/apps/web/tsconfig.json`, alwaysTryTypes: true },
      },
      'boundaries/root-path': root,
      'boundaries/include': ['apps/web/src/**/*', 'apps/web/e2e/**/*'],
      // Re-exports (`export … from`) and import() are dependencies too, not only `import`.
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      // First match wins, so the more specific folders come before the shell (the rest of src).
      'boundaries/elements': [
        {
          type: FEATURE,
          pattern: 'apps/web/src/features/*',
          capture: ['feature'],
          partialMatch: false,
        },
        { type: ROUTES, pattern: 'apps/web/src/routes', partialMatch: false },
        { type: COMPONENTS, pattern: 'apps/web/src/components', partialMatch: false },
        { type: LIB, pattern: 'apps/web/src/lib', partialMatch: false },
        { type: E2E, pattern: 'apps/web/e2e', partialMatch: false },
        // main.tsx, app.tsx, router.tsx, the generated route tree.
        { type: APP, pattern: 'apps/web/src', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{from.type}} may not import {{to.type}} ({{dependency.source}}): the web layers only run down, app shell → routes → features → components → lib.',
          // Later policies win over earlier ones: the allowed layer order first, then the
          // narrower prohibitions with their own messages.
          policies: [
            { from: element(APP), allow: { to: [element(ROUTES), featureIndex] } },
            { from: element(APP), allow: { to: [element(COMPONENTS), element(LIB)] } },
            { from: element(ROUTES), allow: { to: [featureIndex, element(COMPONENTS)] } },
            { from: element(ROUTES), allow: { to: element(LIB) } },
            { from: element(FEATURE), allow: { to: [element(COMPONENTS), element(LIB)] } },
            { from: element(COMPONENTS), allow: { to: element(LIB) } },
            {
              disallow: { to: element(FEATURE, { fileInternalPath: '!index.ts' }) },
              message:
                "Import the {{to.captured.feature}} feature through its public face '@/features/{{to.captured.feature}}' (its index.ts), not '{{dependency.source}}'.",
            },
            {
              from: element(FEATURE),
              disallow: { to: element(FEATURE) },
              message:
                "Features do not import each other: features/{{from.captured.feature}} imports '{{dependency.source}}'. Move the shared piece down to components or lib, or compose both features in a route.",
            },
            {
              from: element(E2E),
              disallow: { to: [element(FEATURE), element(ROUTES), element(APP)] },
              message:
                "End-to-end tests drive the built app through the browser; they do not import its code ('{{dependency.source}}').",
            },
          ],
        },
      ],
    },
  },
]
