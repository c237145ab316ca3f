// The web app's import boundaries (eslint/web-boundaries.js) do what they claim: each case lints
// one made-up file with the real boundaries config, and the last checks that the workspace's
// eslint.config.js applies that config to the web app. Only the boundaries rules run here (no
// type-aware rules), which keeps each lint to milliseconds.
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { ESLint, type Linter } from 'eslint'
import tseslint from 'typescript-eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')

let eslint: ESLint
let webBoundaries: Linter.Config[]

beforeAll(async () => {
  const configUrl = pathToFileURL(join(root, 'eslint/web-boundaries.js')).href
  webBoundaries = ((await import(configUrl)) as { default: Linter.Config[] }).default
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...webBoundaries],
  })
})

/** The boundaries messages for `code` saved as `filePath` (relative to the repository root). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) })
  const messages = result?.messages ?? []
  // A parse error or a broken config would otherwise pass as "no boundary errors".
  expect(messages.filter((message) => message.ruleId !== 'boundaries/dependencies')).toEqual([])
  return messages.map((message) => message.message)
}

describe('outside a feature, only its index.ts is imported', () => {
  it('rejects a route importing a component deep inside a feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/routes/some-page.tsx',
      "import { AuthScreen } from '@/features/auth/components/auth-screen'\nexport const page = AuthScreen\n",
    )
    expect(errors).toEqual([
      "Import the auth feature through its public face '@/features/auth' (its index.ts), not '@/features/auth/components/auth-screen'.",
    ])
  })

  it('rejects deep type imports and relative deep imports too', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/routes/jobs/some-page.tsx',
      [
        "import type { JobsSearch } from '@/features/jobs/lib/jobs-search'",
        "import { JobsBrowser } from '../../features/jobs/components/jobs-browser'",
        'export type Search = JobsSearch',
        'export const page = JobsBrowser',
      ].join('\n'),
    )
    expect(errors).toHaveLength(2)
    for (const error of errors) {
      expect(error).toMatch(/through its public face '@\/features\/jobs'/)
    }
  })

  it('accepts a route importing features through their index', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/routes/some-page.tsx',
      [
        "import { AuthScreen, requireSession } from '@/features/auth'",
        "import { JobsBrowser } from '@/features/jobs'",
        "import { Button } from '@/components/ui/button'",
        "import { env } from '@/lib/env'",
        'export const parts = [AuthScreen, requireSession, JobsBrowser, Button, env]',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })

  it('rejects the app shell reaching into a feature', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/app.tsx',
      "import { JobsBrowser } from '@/features/jobs/components/jobs-browser'\nexport const view = JobsBrowser\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/public face '@\/features\/jobs'/)
  })
})

describe('features do not import each other', () => {
  it("rejects a feature importing another feature's index", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/jobs/components/some-card.tsx',
      "import { AuthScreen } from '@/features/auth'\nexport const card = AuthScreen\n",
    )
    expect(errors).toEqual([
      "Features do not import each other: features/jobs imports '@/features/auth'. Move the shared piece down to components or lib, or compose both features in a route.",
    ])
  })

  it("rejects a feature importing another feature's internals by a relative path", async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/onboarding/components/some-step.tsx',
      "import { useSession } from '../../auth/hooks/use-session'\nexport const hook = useSession\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^Features do not import each other: features\/onboarding/)
  })

  it('accepts a feature importing its own files, components and lib', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/features/jobs/components/some-card.tsx',
      [
        "import { creditsQueryOptions } from '../api/job-queries'",
        "import { JobsBrowser } from '@/features/jobs/components/jobs-browser'",
        "import { Button } from '@/components/ui/button'",
        "import { cn } from '@/lib/cn'",
        'export const parts = [creditsQueryOptions, JobsBrowser, Button, cn]',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })
})

describe('the layers only run down: routes → features → components → lib', () => {
  it.each([
    [
      'a component importing a feature',
      'apps/web/src/components/some-widget.tsx',
      '@/features/jobs',
    ],
    [
      'a component importing a route',
      'apps/web/src/components/some-widget.tsx',
      '@/routes/_app/jobs',
    ],
    ['lib importing a component', 'apps/web/src/lib/some-helper.ts', '@/components/ui/button'],
    ['lib importing a feature', 'apps/web/src/lib/some-helper.ts', '@/features/auth'],
    [
      'a feature importing a route',
      'apps/web/src/features/jobs/lib/some-helper.ts',
      '@/routes/_app/jobs',
    ],
  ])('rejects %s', async (_case, filePath, source) => {
    const errors = await boundaryErrors(filePath, `export { Route as X } from '${source}'\n`)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toContain('the web layers only run down')
  })

  it('rejects a dynamic import upwards as well', async () => {
    const errors = await boundaryErrors(
      'apps/web/src/lib/some-helper.ts',
      "export const load = () => import('@/features/jobs')\n",
    )
    expect(errors).toHaveLength(1)
  })

  it('rejects the end-to-end tests importing app code', async () => {
    const errors = await boundaryErrors(
      'apps/web/e2e/some.e2e.test.ts',
      "import { JobsBrowser } from '../src/features/jobs'\nexport const view = JobsBrowser\n",
    )
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatch(/^End-to-end tests drive the built app/)
  })
})

describe('the workspace config', () => {
  it('applies these boundaries to the web app', async () => {
    const workspace = new ESLint({ cwd: root })
    const config = (await workspace.calculateConfigForFile(
      join(root, 'apps/web/src/routes/some-page.tsx'),
    )) as Linter.Config
    const rule = webBoundaries.find((entry) => entry.rules?.['boundaries/dependencies'])?.rules?.[
      'boundaries/dependencies'
    ]
    expect(rule).toBeDefined()
    // ESLint normalises the severity ('error' → 2); the options must be the same.
    expect(config.rules?.['boundaries/dependencies']).toEqual([2, ...(rule as unknown[]).slice(1)])
  })
})
