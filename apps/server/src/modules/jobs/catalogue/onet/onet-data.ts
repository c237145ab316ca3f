/**
 * The O*NET 29.2 subset in `apps/server/data/onet` (CC BY 4.0, see the README there), read on
 * first use and kept for the life of the process. Each table has its own loader so an import
 * that only normalises titles never parses the task statements.
 *
 * The files are tab-separated with a header row and CRLF line ends.
 */
import { readFileSync } from 'node:fs'

const ONET_DIR = new URL('../../../../../data/onet/', import.meta.url)

export type Occupation = {
  /** O*NET-SOC code, e.g. "15-1252.00". */
  code: string
  /** Plural occupation title, e.g. "Software Developers". */
  title: string
  description: string
  /** 1 (little preparation) to 5 (extensive preparation); null for the few without one. */
  jobZone: number | null
}

/** A job title people use for an occupation, from the alternate or reported titles. */
export type OccupationTitle = {
  code: string
  title: string
  /** How many of O*NET's sources name it (reported titles count as one). */
  sources: number
}

export type TechnologySkill = {
  code: string
  /** O*NET's name, e.g. "Oracle Java", "Structured query language SQL". */
  name: string
  hot: boolean
  inDemand: boolean
}

function readTable(fileName: string): string[][] {
  const text = readFileSync(new URL(fileName, ONET_DIR), 'utf8')
  const lines = text.split(/\r?\n/).filter((line) => line !== '')
  return lines.slice(1).map((line) => line.split('\t'))
}

function cached<T>(load: () => T): () => T {
  let value: T | undefined
  return () => (value ??= load())
}

export const loadOccupations = cached((): Map<string, Occupation> => {
  const zones = new Map(readTable('Job Zones.txt').map(([code, zone]) => [code!, Number(zone)]))
  return new Map(
    readTable('Occupation Data.txt').map(([code, title, description]) => [
      code!,
      { code: code!, title: title!, description: description!, jobZone: zones.get(code!) ?? null },
    ]),
  )
})

export const loadOccupationTitles = cached((): OccupationTitle[] => {
  const titles: OccupationTitle[] = []
  for (const [code, title, shortTitle, sources] of readTable('Alternate Titles.txt')) {
    const count = sources!.split(',').length
    titles.push({ code: code!, title: title!, sources: count })
    if (shortTitle && shortTitle !== 'n/a') {
      titles.push({ code: code!, title: shortTitle, sources: count })
    }
  }
  for (const [code, title] of readTable('Sample of Reported Titles.txt')) {
    titles.push({ code: code!, title: title!, sources: 1 })
  }
  return titles
})

export const loadTechnologySkills = cached((): TechnologySkill[] =>
  readTable('Technology Skills.txt').map(([code, name, , , hot, inDemand]) => ({
    code: code!,
    name: name!,
    hot: hot === 'Y',
    inDemand: inDemand === 'Y',
  })),
)

/** Task statements per occupation, core tasks first (O*NET's order within each kind). */
export const loadTasks = cached((): Map<string, string[]> => {
  const core = new Map<string, string[]>()
  const supplemental = new Map<string, string[]>()
  for (const [code, , task, kind] of readTable('Task Statements.txt')) {
    const into = kind === 'Core' ? core : supplemental
    const list = into.get(code!) ?? []
    list.push(task!)
    into.set(code!, list)
  }
  const tasks = new Map<string, string[]>()
  for (const code of new Set([...core.keys(), ...supplemental.keys()])) {
    tasks.set(code, [...(core.get(code) ?? []), ...(supplemental.get(code) ?? [])])
  }
  return tasks
})
