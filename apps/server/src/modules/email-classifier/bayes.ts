/**
 * A small multinomial naive Bayes over word stems, learnt from the labelled set: the backstop
 * for wordings the phrase rules do not know ("uns am Ende für eine Kandidatin entschieden",
 * "la candidata elegida"). Words are lower-cased, stripped of accents and cut to their first six
 * letters (a crude stemmer that serves seven languages alike); each message counts a stem once.
 * The model is a JSON file (`bayes-model.json`) written by `train-bayes.ts`; the classifier adds
 * its tempered posterior to the rules' evidence with a small weight (classify.ts).
 */
import type { EvidenceClass } from './lexicon.ts'

export const BAYES_CLASSES: EvidenceClass[] = ['interview', 'offer', 'rejection', 'other']

export interface BayesModel {
  /** What the model was learnt from, for the ADR and the staleness test. */
  trainedOn: number
  /** Per class, the log prior. */
  prior: number[]
  /** Per stem, the log likelihood per class (same order as BAYES_CLASSES). */
  stems: Record<string, number[]>
}

const STOP = new Set(
  `the and for you your with our this that are have has was will from not but all can its who
  der die das und ihr ihre sie wir uns mit von den dem des ein eine einen nicht bei auf für
  les des une vous nous est pour par pas avec dans sur que qui aux ces vos
  los las una por con para del que nos tus sus como
  het een van voor niet met zijn wij jij dat
  gli una per con che non del della
  uma com para não que dos das`.split(/\s+/),
)

/** The distinct stems of a text. */
export function stems(text: string): Set<string> {
  const out = new Set<string>()
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .split(/[^a-z]+/)
  for (const word of words) {
    if (word.length < 3 || STOP.has(word)) continue
    out.add(word.slice(0, 6))
  }
  return out
}

export function trainBayes(documents: { text: string; cls: EvidenceClass }[]): BayesModel {
  const classCount = BAYES_CLASSES.map(() => 0)
  const counts = new Map<string, number[]>()
  for (const { text, cls } of documents) {
    const c = BAYES_CLASSES.indexOf(cls)
    classCount[c]!++
    for (const stem of stems(text)) {
      const row = counts.get(stem) ?? BAYES_CLASSES.map(() => 0)
      row[c]!++
      counts.set(stem, row)
    }
  }
  const total = documents.length
  const model: BayesModel = {
    trainedOn: total,
    prior: classCount.map((n) => round(Math.log((n + 1) / (total + BAYES_CLASSES.length)))),
    stems: {},
  }
  // Bernoulli-style likelihood of a stem appearing in a message of the class, smoothed; stems
  // seen in one message only say nothing general and are left out.
  for (const [stem, row] of [...counts.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    if (row.reduce((sum, n) => sum + n, 0) < 2) continue
    model.stems[stem] = row.map((n, c) => round(Math.log((n + 0.5) / (classCount[c]! + 1))))
  }
  return model
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000
}

/**
 * The posterior per class, tempered: the log-likelihoods of many stems are far from independent,
 * so their sum is divided by the square root of how many stems spoke before the softmax.
 */
export function bayesPosterior(model: BayesModel, text: string): Record<EvidenceClass, number> {
  const logs = [...model.prior]
  let seen = 0
  for (const stem of stems(text)) {
    const row = model.stems[stem]
    if (!row) continue
    seen++
    for (let c = 0; c < logs.length; c++) logs[c]! += row[c]!
  }
  const temper = Math.sqrt(Math.max(seen, 1))
  const scaled = logs.map((value) => value / temper)
  const max = Math.max(...scaled)
  const exp = scaled.map((value) => Math.exp(value - max))
  const sum = exp.reduce((a, b) => a + b, 0)
  return Object.fromEntries(BAYES_CLASSES.map((cls, c) => [cls, exp[c]! / sum])) as Record<
    EvidenceClass,
    number
  >
}
