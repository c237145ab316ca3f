/**
 * Skill extraction: the O*NET technology skills a job's text names ("React", "C++", "Node.js",
 * ".NET", "SQL"), under short display names.
 *
 * O*NET names products the formal way ("Oracle Java", "Structured query language SQL",
 * "Amazon Web Services AWS software"); postings say "Java", "SQL", "AWS". So each skill gets
 * a display name (trailing acronym, or the name without its vendor) and aliases: the full
 * name, the display name, and a few spellings people use ("Golang", "ReactJS", "Postgres").
 *
 * Which O*NET names are looked for, to keep ordinary English out of the results:
 * - "Hot Technology" / "In Demand" ones, with every alias;
 * - other multi-word names by their full name, except generic ones ("Accounting software");
 * - other one-word names only when they look like a product (inner capital, digit, dot, all
 *   caps: "PyTorch", "NumPy", "SQLite"), plus a short list of well-known plain words.
 * Aliases that are also English words ("React", "Spark", "Swift", "Go") and one- or two-letter
 * ones ("C", "R") match only as written, capitalised, and never as a sentence's first word
 * ("Go above and beyond"); the short ones also never inside "C-level" or "R&D".
 *
 * Matching works on tokens, not regular expressions: words keep inner dots and trailing "+" or
 * "#" ("Node.js", "C++", "C#"), a leading dot after a space (".NET"); the longest alias starting
 * at each token wins, so "Microsoft SQL Server" is one skill, not "SQL" as well.
 */
import { loadTechnologySkills } from './onet-data.ts'

const VENDORS = [
  'Microsoft',
  'Oracle',
  'Google',
  'Apple',
  'Amazon',
  'Atlassian',
  'Autodesk',
  'IBM',
  'The MathWorks',
  'Dassault Systemes',
  'Intuit',
  'ESRI',
  'Trimble',
  'Bentley',
  'Henry Schein',
  'Cisco',
  'Apache',
  'Red Hat',
]

/** Names whose own display name reads better written out. */
const DISPLAY_NAMES = new Map([
  ['Microsoft .NET Framework', '.NET'],
  ['Jenkins CI', 'Jenkins'],
  ['Splunk Enterprise', 'Splunk'],
  ['Rust programming language', 'Rust'],
  ['Eclipse IDE', 'Eclipse'],
  ['Trimble SketchUp Pro', 'SketchUp'],
  ['Microsoft Office software', 'Microsoft Office'],
  ['Google Cloud software', 'Google Cloud'],
])

/** Extra spellings, each pointing at an O*NET name. */
const EXTRA_ALIASES: Array<[alias: string, onetName: string]> = [
  ['Golang', 'Go'],
  ['ReactJS', 'React'],
  ['React.js', 'React'],
  ['NodeJS', 'Node.js'],
  ['Vue', 'Vue.js'],
  ['VueJS', 'Vue.js'],
  ['Postgres', 'PostgreSQL'],
  ['K8s', 'Kubernetes'],
  ['GCP', 'Google Cloud software'],
  ['T-SQL', 'Transact-SQL'],
  ['Rails', 'Ruby on Rails'],
  ['RHEL', 'Red Hat Enterprise Linux'],
  ['Rust', 'Rust programming language'],
  ['Jenkins', 'Jenkins CI'],
  ['Splunk', 'Splunk Enterprise'],
  ['SketchUp', 'Trimble SketchUp Pro'],
  ['Angular', 'Google Angular'],
]

/** Plain one-word product names (not hot in O*NET) worth finding anyway. */
const EXTRA_WORDS = ['Kotlin', 'Flask', 'Keras', 'Haskell', 'Gradle', 'Lua', 'Postman', 'Asana']

/** Aliases that are English words too: matched only capitalised, as written. */
const ENGLISH_WORDS = new Set([
  'react',
  'spark',
  'swift',
  'zoom',
  'slack',
  'workday',
  'hive',
  'maven',
  'bamboo',
  'eclipse',
  'rails',
  'bootstrap',
  'outlook',
  'puppet',
  'subversion',
  'confluence',
  'excel',
  'angular',
  'bash',
  'ruby',
  'selenium',
  'go',
])

/**
 * Words never taken alone for a skill: "Chef" is also a job title, "Google" a company, and
 * "Microsoft Word" or "Google Docs" stay whole rather than becoming "Word" or "Docs".
 */
const NO_SHORT_FORM = new Set([
  'chef',
  'google',
  'word',
  'access',
  'project',
  'teams',
  'office',
  'windows',
  'dynamics',
  'docs',
  'sheets',
  'analytics',
  'workspace',
  'database',
  'cloud',
  'jersey',
  'spring',
])

type Alias = {
  skill: string
  /** Set when the alias must appear exactly so (capitalised English words, short names). */
  exactly: string | null
  /** English words and short names: never the first word of a sentence ("Go above…"). */
  notFirstInSentence: boolean
  /** One- or two-letter names: never glued to "-", "&" or "'" ("C-level", "R&D"). */
  short: boolean
}

/** Aliases as a trie of lower-case tokens, so matching walks each token's longest alias once. */
type TrieNode = { next: Map<string, TrieNode>; aliases: Alias[] }

type Token = { text: string; lower: string; start: number; end: number }

const TOKEN = /(?<![A-Za-z0-9])\.?[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*[+#]*/g

function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((match) => ({
    text: match[0],
    lower: match[0].toLowerCase(),
    start: match.index,
    end: match.index + match[0].length,
  }))
}

function withoutSoftware(name: string): string {
  return name.replace(/ software$/, '')
}

/** "Structured query language SQL" → "SQL"; "Oracle Java" → "Java"; "Python" → "Python". */
export function displaySkillName(onetName: string): string {
  const override = DISPLAY_NAMES.get(onetName)
  if (override) {
    return override
  }
  const name = withoutSoftware(onetName)
  const words = name.split(' ')
  const last = words.at(-1)!
  if (words.length >= 3 && /^[A-Z][A-Z0-9]{1,5}$/.test(last)) {
    return last
  }
  const vendor = VENDORS.find((prefix) => name.startsWith(`${prefix} `))
  if (vendor) {
    const rest = name.slice(vendor.length + 1)
    if (!NO_SHORT_FORM.has(rest.toLowerCase())) {
      return rest
    }
  }
  return name
}

function isGenericName(name: string): boolean {
  return /^[A-Z][a-z]+( [a-z0-9/,-]+)+$/.test(name)
}

function looksLikeProduct(word: string): boolean {
  return /[a-z][A-Z]|[0-9.+#]/.test(word) || /^[A-Z]{3,}$/.test(word)
}

let trie: TrieNode | undefined

function newNode(): TrieNode {
  return { next: new Map(), aliases: [] }
}

function skillTrie(): TrieNode {
  if (trie) {
    return trie
  }
  const root = newNode()
  const skills = loadTechnologySkills()
  const hot = new Set(skills.filter((skill) => skill.hot || skill.inDemand).map((s) => s.name))
  const hotDisplayNames = new Set([...hot].map(displaySkillName))

  const add = (alias: string, skill: string) => {
    const tokens = tokenize(alias)
    if (tokens.length === 0) {
      return
    }
    let node = root
    for (const token of tokens) {
      let child = node.next.get(token.lower)
      if (!child) {
        child = newNode()
        node.next.set(token.lower, child)
      }
      node = child
    }
    const single = tokens.length === 1
    const short = single && tokens[0]!.text.length <= 2
    const english = single && ENGLISH_WORDS.has(tokens[0]!.lower)
    // Plain one-word names outside O*NET's hot list are matched as written, to be safe.
    const asWritten = short || english || (single && !hotDisplayNames.has(skill))
    const entry: Alias = {
      skill,
      exactly: asWritten ? tokens[0]!.text : null,
      notFirstInSentence: short || english,
      short,
    }
    if (!node.aliases.some((known) => known.skill === skill && known.exactly === entry.exactly)) {
      node.aliases.push(entry)
    }
  }

  for (const name of hot) {
    if (NO_SHORT_FORM.has(name.toLowerCase())) {
      continue
    }
    const display = displaySkillName(name)
    add(name, display)
    add(withoutSoftware(name), display)
    add(display, display)
  }
  for (const name of new Set(skills.map((skill) => skill.name))) {
    if (hot.has(name)) {
      continue
    }
    if (name.includes(' ') ? !isGenericName(name) : looksLikeProduct(name)) {
      add(name, withoutSoftware(name))
      add(withoutSoftware(name), withoutSoftware(name))
    }
  }
  for (const word of EXTRA_WORDS) {
    add(word, word)
  }
  for (const [alias, onetName] of EXTRA_ALIASES) {
    add(alias, displaySkillName(onetName))
  }
  trie = root
  return root
}

/** At the start of the text, of a line, or after a sentence's end ("." "!" "?" ":" ";" "•"). */
function isFirstInSentence(text: string, token: Token): boolean {
  let before = token.start - 1
  while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) {
    before -= 1
  }
  return before < 0 || /[.!?:;•\n\r]/.test(text[before]!)
}

function isGlued(text: string, first: Token, last: Token): boolean {
  const glue = /[-&'’]/
  return glue.test(text[first.start - 1] ?? '') || glue.test(text[last.end] ?? '')
}

function accepts(alias: Alias, text: string, first: Token, last: Token): boolean {
  if (alias.exactly !== null && alias.exactly !== first.text) {
    return false
  }
  if (alias.notFirstInSentence && isFirstInSentence(text, first)) {
    return false
  }
  return !(alias.short && isGlued(text, first, last))
}

/** The skills `text` names, by display name, in order of first mention. */
export function extractSkills(text: string): string[] {
  const root = skillTrie()
  const tokens = tokenize(text)
  const found = new Set<string>()
  let i = 0
  while (i < tokens.length) {
    let node: TrieNode | undefined = root
    let best: { skill: string; length: number } | null = null
    for (let j = i; j < tokens.length; j += 1) {
      // Words of one alias sit next to each other: "Python, Java" is never "Python Java".
      if (j > i && !/^[\s/-]+$/.test(text.slice(tokens[j - 1]!.end, tokens[j]!.start))) {
        break
      }
      node = node.next.get(tokens[j]!.lower)
      if (!node) {
        break
      }
      const alias = node.aliases.find((candidate) =>
        accepts(candidate, text, tokens[i]!, tokens[j]!),
      )
      if (alias) {
        best = { skill: alias.skill, length: j - i + 1 }
      }
    }
    if (best) {
      found.add(best.skill)
    }
    i += best?.length ?? 1
  }
  return [...found]
}
