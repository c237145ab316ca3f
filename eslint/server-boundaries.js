// The server's layer rules, enforced with eslint-plugin-boundaries (ADR 0014):
// - the layers only run down: composition (main.ts, server.ts, cli, seed) → wiring (http/,
//   jobs/) → modules/<domain>/ → platform/;
// - a module is reached only through its public face, modules/<name>/index.ts: a deep import
//   such as '../auth/users.repository.ts' from another module, the wiring, the CLI, the seed,
//   the benchmarks or the test harness is an error;
// - a module never imports the wiring or the composition above it, and platform/ imports no
//   module (the database, errors, config, keys and job-queue client sit below every feature);
// - test support (apps/server/test) and the shared harness (test/) stand beside the modules:
//   tests may use them, product code may not.
// Imports inside one element (a module's own files) are not checked.
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import boundaries from 'eslint-plugin-boundaries'

const root = dirname(dirname(fileURLToPath(import.meta.url)))

const ENTRY = 'server-entry'
const CLI = 'server-cli'
const SEED = 'server-seed'
const WIRING = 'server-wiring'
const MODULE = 'server-module'
const PLATFORM = 'server-platform'
const TEST_SUPPORT = 'server-test-support'
const HARNESS = 'test-harness'
const BENCH = 'bench'

const element = (type, extra = {}) => ({ element: { type, ...extra } })
const moduleIndex = element(MODULE, { fileInternalPath: 'index.ts' })
const downwards = [moduleIndex, element(PLATFORM)]

/** @type {import('eslint').Linter.Config[]} */
export default [
  {
    name: 'server/boundaries',
    files: ['apps/server/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/root-path': root,
      'boundaries/include': ['apps/server/**/*', 'test/**/*', 'bench/**/*'],
      'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
      'boundaries/elements': [
        {
          type: MODULE,
          pattern: 'apps/server/src/modules/*',
          capture: ['module'],
          partialMatch: false,
        },
        { type: PLATFORM, pattern: 'apps/server/src/platform', partialMatch: false },
        { type: WIRING, pattern: 'apps/server/src/{http,jobs}', partialMatch: false },
        { type: CLI, pattern: 'apps/server/src/cli', partialMatch: false },
        { type: SEED, pattern: 'apps/server/src/seed', partialMatch: false },
        { type: TEST_SUPPORT, pattern: 'apps/server/test', partialMatch: false },
        { type: HARNESS, pattern: 'test', partialMatch: false },
        { type: BENCH, pattern: 'bench', partialMatch: false },
        // main.ts and server.ts: the composition of a running product.
        { type: ENTRY, pattern: 'apps/server/src', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message:
            '{{from.type}} may not import {{to.type}} ({{dependency.source}}): the server layers only run down, composition → wiring (http/, jobs/) → modules → platform.',
          policies: [
            { from: element(PLATFORM), allow: { to: element(PLATFORM) } },
            { from: element(MODULE), allow: { to: downwards } },
            { from: element(WIRING), allow: { to: [...downwards, element(WIRING)] } },
            { from: element(SEED), allow: { to: downwards } },
            { from: element(CLI), allow: { to: [...downwards, element(SEED)] } },
            { from: element(ENTRY), allow: { to: [...downwards, element(WIRING), element(SEED)] } },
            // Tests and their support: the code under test through its public faces, plus the
            // harness that starts databases, servers and fakes.
            {
              from: [
                element(MODULE),
                element(PLATFORM),
                element(WIRING),
                element(SEED),
                element(CLI),
                element(ENTRY),
              ],
              allow: { to: [element(TEST_SUPPORT), element(HARNESS)] },
            },
            {
              from: element(TEST_SUPPORT),
              allow: {
                to: [...downwards, element(WIRING), element(HARNESS), element(TEST_SUPPORT)],
              },
            },
            {
              from: element(HARNESS),
              allow: {
                to: [
                  ...downwards,
                  element(WIRING),
                  element(SEED),
                  element(ENTRY),
                  element(HARNESS),
                  element(TEST_SUPPORT),
                ],
              },
            },
            {
              from: element(BENCH),
              allow: { to: [...downwards, element(SEED), element(HARNESS), element(BENCH)] },
            },
            {
              disallow: { to: element(MODULE, { fileInternalPath: '!index.ts' }) },
              message:
                "Import the {{to.captured.module}} module through its public face 'modules/{{to.captured.module}}/index.ts', not '{{dependency.source}}'.",
            },
          ],
        },
      ],
    },
  },
  {
    // Product code never imports test support: only test files may.
    name: 'server/no-test-support-in-product-code',
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)(apps/server/)?test/|^(\\.\\./)+test/',
              message: 'Test support is for tests: product code may not import it.',
            },
          ],
        },
      ],
    },
  },
]
