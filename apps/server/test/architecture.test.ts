// The server's structure holds (docs/architecture.md, ADR 0014):
// 1. the import boundaries (eslint/server-boundaries.js) refuse what they claim to, on made-up
//    files linted with the real config;
// 2. no import cycle anywhere in the workspace, type-only imports included;
// 3. every table and bucket has exactly one owning module in docs/architecture.md, and only
//    that module's code names it in SQL; route files hold no SQL at all.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parseCircular, parseDependencyTree } from 'dpdm'
import { ESLint, type Linter } from 'eslint'
import ts from 'typescript'
import tseslint from 'typescript-eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../../..')
const serverSrc = join(root, 'apps/server/src')

function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.split(sep).includes('node_modules'))
}

describe('import boundaries', () => {
  let eslint: ESLint

  beforeAll(async () => {
    const configUrl = pathToFileURL(join(root, 'eslint/server-boundaries.js')).href
    const serverBoundaries = ((await import(configUrl)) as { default: Linter.Config[] }).default
    eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...serverBoundaries],
    })
  })

  /** The boundary errors of `code` saved as `file` (relative to the repository root). */
  async function errorsOf(file: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) })
    const messages = result?.messages ?? []
    // A parse error or a broken config would otherwise pass as "no boundary errors".
    expect(messages.filter((message) => message.fatal)).toEqual([])
    return messages.map((message) => message.message)
  }

  it("refuses a module reaching into another module's files", async () => {
    const errors = await errorsOf(
      'apps/server/src/modules/account/example.ts',
      "import { deleteUser } from '../auth/users.repository.ts'\nexport const f = deleteUser\n",
    )
    expect(errors).toEqual([
      "Import the auth module through its public face 'modules/auth/index.ts', not '../auth/users.repository.ts'.",
    ])
  })

  it('refuses deep imports from the wiring, the CLI, the seed and the harness too', async () => {
    const deep =
      "import { insertJobs } from '%/modules/jobs/catalogue/job-rows.ts'\nexport const f = insertJobs\n"
    for (const [file, prefix] of [
      ['apps/server/src/http/example.ts', '..'],
      ['apps/server/src/cli/example.ts', '..'],
      ['apps/server/src/seed/example.ts', '..'],
      ['test/example.ts', '../apps/server/src'],
      ['bench/example.ts', '../apps/server/src'],
    ] as const) {
      const errors = await errorsOf(file, deep.replace('%', prefix))
      expect(errors, file).toEqual([
        expect.stringContaining("through its public face 'modules/jobs/index.ts'"),
      ])
    }
  })

  it('refuses an arrow up: a module importing the wiring, platform importing a module', async () => {
    expect(
      await errorsOf(
        'apps/server/src/modules/swipes/example.ts',
        "import { buildApp } from '../../http/app.ts'\nexport const f = buildApp\n",
      ),
    ).toEqual([expect.stringMatching(/^server-module may not import server-wiring/)])
    expect(
      await errorsOf(
        'apps/server/src/platform/example.ts',
        "import { registerSwipesRoutes } from '../modules/swipes/index.ts'\nexport const f = registerSwipesRoutes\n",
      ),
    ).toEqual([expect.stringMatching(/^server-platform may not import server-module/)])
  })

  it('refuses product code importing test support', async () => {
    const errors = await errorsOf(
      'apps/server/src/modules/swipes/example.ts',
      "import { startTestApp } from '../../../../../test/test-app.ts'\nexport const f = startTestApp\n",
    )
    expect(errors).toEqual([
      expect.stringContaining('Test support is for tests: product code may not import it.'),
    ])
  })

  it("accepts another module's public face and the platform", async () => {
    const errors = await errorsOf(
      'apps/server/src/modules/account/example.ts',
      [
        "import { deleteUser } from '../auth/index.ts'",
        "import { withTransaction } from '../../platform/db/pool.ts'",
        'export const f = [deleteUser, withTransaction]',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })
})

describe('import cycles', () => {
  it('finds none in the server, the web app or the packages, type-only imports included', async () => {
    const tree = await parseDependencyTree(
      ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
      {
        context: root,
        tsconfig: join(root, 'apps/web/tsconfig.json'),
        // Keep `import type` edges: a cycle of types is still a knot in the design.
        transform: false,
        exclude: /node_modules|routeTree\.gen\.ts/,
      },
    )
    expect(Object.keys(tree).length).toBeGreaterThan(300)
    expect(parseCircular(tree)).toEqual([])
  }, 60_000)
})

/** Text of every string and template literal in a file (where SQL lives). */
function stringsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest)
  const texts: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      texts.push(node.text)
    } else if (ts.isTemplateExpression(node)) {
      texts.push(node.head.text, ...node.templateSpans.map((span) => span.literal.text))
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return texts
}

const TABLE_REFERENCE =
  /\b(?:from|join|into|update|table|truncate)\s+(?:only\s+)?(?:(public|auth|storage)\.)?([a-z_][a-z0-9_]*)\b/gi

/**
 * The relations (tables and views) the migrations leave, schema-qualified: created, minus those
 * renamed away (the new name counts) or dropped, taking each folder's files in order.
 */
function relationsInMigrations(): Set<string> {
  const migrations = [
    ...filesUnder(join(root, 'supabase/migrations'), /\.sql$/).sort(),
    ...filesUnder(join(root, 'apps/server/migrations'), /\.sql$/).sort(),
  ]
  const qualified = (name: string) => {
    const lower = name.toLowerCase()
    return lower.includes('.') ? lower : `public.${lower}`
  }
  const relations = new Set<string>()
  for (const file of migrations) {
    const sql = readFileSync(file, 'utf8')
    for (const match of sql.matchAll(
      /create\s+(?:or\s+replace\s+)?(?:unlogged\s+)?(?:table|view|materialized\s+view)\s+(?:if\s+not\s+exists\s+)?([a-z_.]+)|alter\s+table\s+(?:if\s+exists\s+)?([a-z_.]+)\s+rename\s+to\s+([a-z_]+)|drop\s+(?:table|view|materialized\s+view)\s+(?:if\s+exists\s+)?([a-z_.]+)/gi,
    )) {
      const [, created, renamed, newName, dropped] = match
      if (created) relations.add(qualified(created))
      if (renamed && newName) {
        relations.delete(qualified(renamed))
        const schema = qualified(renamed).split('.')[0]!
        relations.add(`${schema}.${newName.toLowerCase()}`)
      }
      if (dropped) relations.delete(qualified(dropped))
    }
  }
  return relations
}

/** The owner table of docs/architecture.md: `| \`schema.table\` or bucket | \`module\` | … |`. */
function ownersInDoc(): Map<string, string[]> {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8')
  const section = doc.slice(doc.indexOf('## Who owns each table and bucket'))
  const owners = new Map<string, string[]>()
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim())
    const owner = /^`([a-z-]+)`/.exec(cells[2] ?? '')?.[1]
    if (!owner) continue
    for (const name of (cells[1] ?? '').matchAll(/`([a-z_.-]+)`/g)) {
      owners.set(name[1]!, [...(owners.get(name[1]!) ?? []), owner])
    }
  }
  return owners
}

const moduleOf = (file: string) => {
  const parts = relative(serverSrc, file).split(sep)
  return parts[0] === 'modules' ? parts[1]! : parts[0]!
}

/** The buckets the storage migration creates (spec section 3). */
const BUCKETS = ['cover-letters', 'interviews', 'resumes', 'resume-analysis']

const SQL_STATEMENT = /\b(select|insert|update|delete)\b/i

describe('one owner per table and bucket', () => {
  const owners = ownersInDoc()
  const productFiles = filesUnder(serverSrc, /\.ts$/).filter((file) => !file.endsWith('.test.ts'))

  it('names exactly one owning module for every table, view and bucket', () => {
    for (const relation of [...relationsInMigrations(), ...BUCKETS]) {
      expect(owners.get(relation), relation).toHaveLength(1)
    }
  })

  it("lets only the owner's code name a table in SQL", () => {
    const strays: string[] = []
    for (const file of productFiles) {
      for (const text of stringsOf(file)) {
        for (const match of text.matchAll(TABLE_REFERENCE)) {
          const relation = `${match[1] ?? 'public'}.${match[2]!.toLowerCase()}`
          const owner = owners.get(relation)?.[0]
          if (owner && owner !== moduleOf(file)) {
            strays.push(`${relative(root, file)} names ${relation} (owned by ${owner})`)
          }
        }
      }
    }
    expect(strays).toEqual([])
  })

  it("lets only the owner's code name a bucket", () => {
    const strays: string[] = []
    for (const file of productFiles) {
      for (const text of stringsOf(file)) {
        const owner = BUCKETS.includes(text) ? owners.get(text)?.[0] : undefined
        if (owner && owner !== moduleOf(file)) {
          strays.push(`${relative(root, file)} names bucket ${text} (owned by ${owner})`)
        }
      }
    }
    expect(strays).toEqual([])
  })

  it('keeps SQL out of route files', () => {
    const routeFilesWithSql = filesUnder(serverSrc, /\.routes\.ts$/).filter((file) =>
      stringsOf(file).some((text) => SQL_STATEMENT.test(text) && text.match(TABLE_REFERENCE)),
    )
    expect(routeFilesWithSql.map((file) => relative(root, file))).toEqual([])
  })
})
