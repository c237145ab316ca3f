/**
 * Learns the naive Bayes backstop (bayes.ts) from the labelled set and writes
 * `bayes-model.json` next to this file. Run it after changing the fixtures:
 *
 *   node apps/server/src/modules/email-classifier/train-bayes.ts
 *
 * `labelled-set.test.ts` fails while the committed model is not the one the fixtures give.
 * With `--without <split>` it leaves a part of the set out (for the figures of ADR 0017) and
 * prints the model instead of writing it.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { type BayesModel, trainBayes } from './bayes.ts'
import { bayesText, classOfType } from './classify.ts'
import { parseRawEmail } from './parse-raw-email.ts'
import { prepareEmail } from './prepare.ts'
import type { EmailType } from './types.ts'

export const FIXTURES = new URL('./fixtures/', import.meta.url)
export const MODEL_FILE = new URL('./bayes-model.json', import.meta.url)

export interface LabelledMessage {
  file: string
  type: EmailType
  company: string | null
  role: string | null
  split: string
}

export function readLabels(): LabelledMessage[] {
  const labels = JSON.parse(readFileSync(new URL('labels.json', FIXTURES), 'utf8')) as Record<
    string,
    Omit<LabelledMessage, 'file'>
  >
  return Object.entries(labels)
    .map(([file, label]) => ({ file, ...label }))
    .sort((a, b) => a.file.localeCompare(b.file))
}

export async function trainFromFixtures(without?: (message: LabelledMessage) => boolean) {
  const documents = []
  for (const message of readLabels()) {
    if (without?.(message)) continue
    const prepared = prepareEmail(
      await parseRawEmail(readFileSync(new URL(message.file, FIXTURES))),
    )
    documents.push({ text: bayesText(prepared), cls: classOfType(message.type) })
  }
  return trainBayes(documents)
}

export function serialiseModel(model: BayesModel): string {
  return `${JSON.stringify(model)}\n`
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { without: { type: 'string' } } })
  const model = await trainFromFixtures(
    values.without ? (message) => message.split === values.without : undefined,
  )
  if (values.without) process.stdout.write(serialiseModel(model))
  else {
    // Written as Prettier writes JSON, so `npm run format` leaves it alone.
    const { format } = await import('prettier')
    writeFileSync(MODEL_FILE, await format(serialiseModel(model), { parser: 'json' }))
    console.log(
      `bayes-model.json: ${model.trainedOn} messages, ${Object.keys(model.stems).length} stems`,
    )
  }
}
