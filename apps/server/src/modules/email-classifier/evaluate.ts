/**
 * The classifier's figures on the labelled set (ADR 0017):
 *
 *   node apps/server/src/modules/email-classifier/evaluate.ts [--errors] [--part blind-3]
 *
 * Every part of the set except `tuning` is scored with a naive Bayes model learnt without that
 * part (leave one part out), so no message is classified by a model that saw it; the phrase
 * rules alone are scored too. Prints accuracy and company accuracy per part, precision and
 * recall per class, and how often the classifier is right at each confidence (of one part with
 * `--part`). Later batches live in folders of their own (fixtures/blind-2/, fixtures/blind-3/),
 * labelled in the same labels.json by path, with their folder's name as their part.
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { classifyEmail } from './classify-email.ts'
import { parseRawEmail } from './parse-raw-email.ts'
import { FIXTURES, type LabelledMessage, readLabels, trainFromFixtures } from './train-bayes.ts'
import { EMAIL_TYPES, type EmailClassification } from './types.ts'

const { values } = parseArgs({
  options: { errors: { type: 'boolean' }, part: { type: 'string' } },
})

interface Scored {
  label: LabelledMessage
  result: EmailClassification
  rulesOnly: EmailClassification
}

const same = (a: string | null, b: string | null) =>
  (a ?? '').toLocaleLowerCase('en') === (b ?? '').toLocaleLowerCase('en')

const labels = readLabels()
const parts = [...new Set(labels.map((label) => label.split))]
const scored: Scored[] = []
for (const part of parts) {
  const model = await trainFromFixtures((message) => part !== 'tuning' && message.split === part)
  for (const label of labels.filter((message) => message.split === part)) {
    const message = await parseRawEmail(readFileSync(new URL(label.file, FIXTURES)))
    scored.push({
      label,
      result: classifyEmail(message, { bayes: model }),
      rulesOnly: classifyEmail(message, { bayes: null }),
    })
  }
}

function line(name: string, list: Scored[]) {
  const events = list.filter(({ label }) => label.type !== 'other')
  const pct = (n: number, d: number) => (d ? (n / d).toFixed(3) : '  -  ')
  const right = list.filter(({ label, result }) => label.type === result.type).length
  const rules = list.filter(({ label, rulesOnly }) => label.type === rulesOnly.type).length
  const company = events.filter(({ label, result }) => same(label.company, result.company)).length
  const withRole = list.filter(({ label }) => label.role)
  const role = withRole.filter(({ label, result }) => same(label.role, result.role)).length
  console.log(
    `${name.padEnd(10)} n=${String(list.length).padStart(3)}  accuracy ${pct(right, list.length)}  (rules alone ${pct(rules, list.length)})  company ${pct(company, events.length)} of ${events.length} events  role ${pct(role, withRole.length)}`,
  )
}

for (const part of parts)
  line(
    part,
    scored.filter(({ label }) => label.split === part),
  )
line(
  'not tuned',
  scored.filter(({ label }) => label.split !== 'tuning'),
)
line('all', scored)

const focus = values.part ? scored.filter(({ label }) => label.split === values.part) : scored
const focusName = values.part ?? 'all parts'
console.log(`\nper class (${focusName}):`)
for (const type of EMAIL_TYPES) {
  const predicted = focus.filter(({ result }) => result.type === type)
  const actual = focus.filter(({ label }) => label.type === type)
  const hit = predicted.filter(({ label }) => label.type === type).length
  console.log(
    `  ${type.padEnd(22)} precision ${(hit / predicted.length).toFixed(3)}  recall ${(hit / actual.length).toFixed(3)}  (${actual.length} messages)`,
  )
}

console.log(`\nconfidence of event predictions (${focusName}):`)
for (const [low, high] of [
  [0, 0.4],
  [0.4, 0.6],
  [0.6, 0.7],
  [0.7, 0.8],
  [0.8, 0.9],
  [0.9, 1.01],
]) {
  const inBucket = focus.filter(
    ({ result }) =>
      result.type !== 'other' && result.confidence >= low! && result.confidence < high!,
  )
  const right = inBucket.filter(({ label, result }) => label.type === result.type).length
  console.log(
    `  [${low!.toFixed(1)}, ${Math.min(high!, 1).toFixed(1)})  ${String(inBucket.length).padStart(3)} predictions, ${right} right`,
  )
}

if (values.errors) {
  console.log('\nerrors:')
  for (const { label, result } of focus) {
    const typeWrong = label.type !== result.type
    const companyWrong = label.type !== 'other' && !same(label.company, result.company)
    if (!typeWrong && !companyWrong) continue
    console.log(
      `  ${label.file} [${label.split}]: ${result.type} ${result.confidence} (label ${label.type}); company ${result.company} (label ${label.company})`,
    )
  }
}
