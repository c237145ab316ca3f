import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

/**
 * Accessibility audits in the browser tests, held to what Lighthouse's accessibility category
 * checks: Lighthouse runs axe-core with the WCAG 2 A and AA rules plus a handful of best-practice
 * rules it turns on, and scores 100 exactly when none of its audits fails. Running axe-core with
 * that same selection here gives the same verdict in milliseconds instead of a Lighthouse run
 * per page (ADR 0016 says why we chose this over running Lighthouse itself).
 *
 * Lighthouse 12's selection: tags wcag2a and wcag2aa, with these rules switched on and off
 * (its accessibility gatherer, `core/gather/gatherers/accessibility.js`).
 */
const LIGHTHOUSE_TAGS = ['wcag2a', 'wcag2aa']
const LIGHTHOUSE_EXTRA_RULES = [
  'accesskeys',
  'aria-allowed-role',
  'aria-conditional-attr',
  'aria-deprecated-role',
  'aria-dialog-name',
  'aria-prohibited-attr',
  'aria-text',
  'aria-treeitem-name',
  'empty-heading',
  'heading-order',
  'html-xml-lang-mismatch',
  'identical-links-same-purpose',
  'image-redundant-alt',
  'input-button-name',
  'label-content-name-mismatch',
  'landmark-one-main',
  'link-in-text-block',
  'meta-viewport',
  'select-name',
  'skip-link',
  'tabindex',
  'table-duplicate-name',
  'table-fake-caption',
  'target-size',
  'td-has-header',
]
/** Rules Lighthouse switches off (duplicates of other audits, or known false positives). */
const LIGHTHOUSE_DISABLED_RULES = [
  'area-alt',
  'aria-braille-equivalent',
  'aria-roledescription',
  'audio-caption',
  'blink',
  'duplicate-id',
  'frame-focusable-content',
  'frame-title-unique',
  'marquee',
  'nested-interactive',
  'no-autoplay-audio',
  'role-img-alt',
  'scrollable-region-focusable',
  'server-side-image-map',
  'summary-name',
  'svg-img-alt',
]

export type AccessibilityViolation = {
  rule: string
  impact: string | null
  help: string
  /** CSS selectors of the offending elements (at most five). */
  targets: string[]
}

let axeSource: Promise<string> | undefined

function loadAxeSource(): Promise<string> {
  const require = createRequire(import.meta.url)
  return (axeSource ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8'))
}

type AxeResult = {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: unknown[] }>
}

/** What the page's globals hold once axe-core is loaded (this file is typed without the DOM). */
type AxeGlobals = {
  document: unknown
  axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeResult[] }> }
}

/** Lets running transitions and animations finish (infinite ones are skipped). */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { document } = globalThis as unknown as {
      document: { getAnimations: () => Array<{ finished: Promise<unknown>; effect: unknown }> }
    }
    const finite = document.getAnimations().filter((animation) => {
      const timing = (
        animation.effect as { getComputedTiming?: () => { endTime?: number } } | null
      )?.getComputedTiming?.()
      return timing?.endTime !== Infinity
    })
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
}

/** What the page fails of Lighthouse's accessibility audits, as it stands now. */
export async function auditAccessibility(page: Page): Promise<AccessibilityViolation[]> {
  const source = await loadAxeSource()
  // Colours caught mid-transition (a button that just changed its variant) are not what a user
  // reads.
  await settleAnimations(page)
  const alreadyLoaded = await page.evaluate(() => 'axe' in globalThis)
  if (!alreadyLoaded) {
    // Evaluated through the DevTools protocol, which the page's Content-Security-Policy (no
    // inline scripts, no eval) does not govern; a <script> tag would be refused.
    await page.evaluate<unknown>(source)
  }
  const rules = Object.fromEntries<{ enabled: boolean }>([
    ...LIGHTHOUSE_EXTRA_RULES.map((rule) => [rule, { enabled: true }] as const),
    ...LIGHTHOUSE_DISABLED_RULES.map((rule) => [rule, { enabled: false }] as const),
  ])
  const violations = await page.evaluate(
    async ({ tags, rules }) => {
      const { axe, document } = globalThis as unknown as AxeGlobals
      const results = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules,
        resultTypes: ['violations'],
      })
      return results.violations
    },
    { tags: LIGHTHOUSE_TAGS, rules },
  )
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
  }))
}

/** Fails with a readable list when the page fails any of Lighthouse's accessibility audits. */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  const violations = await auditAccessibility(page)
  if (violations.length > 0) {
    const lines = violations.map(
      (violation) =>
        `- ${violation.rule} (${violation.impact ?? 'no impact given'}): ${violation.help}\n` +
        violation.targets.map((target) => `    at ${target}`).join('\n'),
    )
    throw new Error(
      `${where} fails ${violations.length} accessibility audit(s):\n${lines.join('\n')}`,
    )
  }
}
