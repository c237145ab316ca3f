/**
 * Words reduced to a stem so an answer matches a talking point whatever the inflection: "led",
 * "lead" and "leading" are one word here, as are "planned" and "planning", "decided" and
 * "decide". A light suffix stripper plus the irregular past tenses people use when telling a work
 * story; it only has to be consistent, not linguistically right ("manag" is fine).
 */
const IRREGULAR: Record<string, string> = {
  led: 'lead',
  built: 'build',
  wrote: 'write',
  written: 'write',
  took: 'take',
  taken: 'take',
  made: 'make',
  ran: 'run',
  found: 'find',
  taught: 'teach',
  spoke: 'speak',
  spoken: 'speak',
  brought: 'bring',
  bought: 'buy',
  thought: 'think',
  told: 'tell',
  gave: 'give',
  given: 'give',
  got: 'get',
  gotten: 'get',
  went: 'go',
  gone: 'go',
  saw: 'see',
  seen: 'see',
  kept: 'keep',
  met: 'meet',
  sent: 'send',
  spent: 'spend',
  grew: 'grow',
  grown: 'grow',
  drove: 'drive',
  driven: 'drive',
  chose: 'choose',
  chosen: 'choose',
  began: 'begin',
  begun: 'begin',
  felt: 'feel',
  held: 'hold',
  left: 'leave',
  lost: 'lose',
  paid: 'pay',
  said: 'say',
  sold: 'sell',
  stood: 'stand',
  understood: 'understand',
  won: 'win',
  fought: 'fight',
  caught: 'catch',
  sought: 'seek',
  knew: 'know',
  known: 'know',
  heard: 'hear',
  did: 'do',
  done: 'do',
  was: 'be',
  were: 'be',
  been: 'be',
  had: 'have',
  has: 'have',
  learnt: 'learn',
  children: 'child',
  people: 'person',
  men: 'man',
  women: 'woman',
  better: 'good',
  best: 'good',
}

export function stem(word: string): string {
  const lower = word.toLowerCase()
  // The base form of an irregular verb goes through the same stripping as "write"/"writing" do.
  let base = IRREGULAR[lower] ?? lower
  if (base.length > 4 && /ie[sd]$/.test(base)) base = `${base.slice(0, -3)}y`
  else if (base.length > 5 && base.endsWith('ing')) base = base.slice(0, -3)
  else if (base.length > 4 && base.endsWith('ed')) base = base.slice(0, -2)
  else if (base.length > 4 && base.endsWith('es') && /(ss|sh|ch|x|z)es$/.test(base))
    base = base.slice(0, -2)
  else if (base.length > 3 && base.endsWith('s') && !base.endsWith('ss')) base = base.slice(0, -1)
  if (base.length > 5 && base.endsWith('ly')) base = base.slice(0, -2)
  if (base.length > 7 && base.endsWith('ment')) base = base.slice(0, -4)
  else if (base.length > 6 && base.endsWith('er')) base = base.slice(0, -2)
  while (base.length > 4 && base.endsWith('e')) base = base.slice(0, -1)
  // "planned"/"planning" → "plann" → "plan".
  if (base.length > 3 && /([bdfgklmnprt])\1$/.test(base)) base = base.slice(0, -1)
  return base
}

/** The words of a text, lower-cased, apostrophes kept inside words ("didn't", "patients'"). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? []
}
