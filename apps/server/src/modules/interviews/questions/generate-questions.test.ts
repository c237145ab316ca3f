import { INTERVIEW_FOCUSES, type InterviewQuestion } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import type { LetterFacts } from '../../cover-letters/index.ts'
import { loadTasks, normalizeTitle } from '../../jobs/index.ts'
import { BEHAVIOURAL_BANK } from './behavioural-bank.ts'
import { generateQuestions } from './generate-questions.ts'
import { skillInSentence } from './question-text.ts'
import { NURSE, SOFTWARE_ENGINEER, TEACHER, TRUCK_DRIVER } from './sample-facts.test-support.ts'

/** The O*NET tasks the lead's service passes: those of the occupation the title normalises to. */
function tasksFor(facts: LetterFacts): string[] {
  const match = normalizeTitle(facts.job.title)
  return match ? (loadTasks().get(match.code) ?? []) : []
}

const JOBS = { SOFTWARE_ENGINEER, NURSE, TRUCK_DRIVER, TEACHER }
const SEEDS = ['0b6f7c1e-1', '5d2a9e44-2', 'c91f0a73-3', 'e07b3d58-4']

function allInterviews() {
  return Object.entries(JOBS).flatMap(([name, facts]) => {
    const tasks = tasksFor(facts)
    return INTERVIEW_FOCUSES.flatMap((focus) =>
      SEEDS.flatMap((seed) =>
        [1, 2, 3, 4, 5, 7, 10].map((count) => ({
          name,
          focus,
          count,
          facts,
          questions: generateQuestions({ facts, tasks, focus, count, seed }),
        })),
      ),
    )
  })
}

const texts = (questions: InterviewQuestion[]) => questions.map((q) => q.text)

describe('generateQuestions', () => {
  const interviews = allInterviews()

  it('has the O*NET tasks of every test occupation to work with', () => {
    for (const facts of Object.values(JOBS)) expect(tasksFor(facts).length).toBeGreaterThan(5)
  })

  it('respects the count, numbers the questions and never repeats one', () => {
    for (const { questions, count } of interviews) {
      expect(questions).toHaveLength(count)
      expect(questions.map((q) => q.index)).toEqual([...Array(count).keys()])
      expect(new Set(texts(questions).map((t) => t.toLowerCase())).size).toBe(count)
    }
  })

  it('follows an interview’s arc: opening from two questions, closing from four, the focus between', () => {
    for (const { questions, count, focus } of interviews) {
      const kinds = questions.map((q) => q.kind)
      expect(kinds[0] === 'opening').toBe(count >= 2)
      expect(kinds.at(-1) === 'closing').toBe(count >= 4)
      const middle = kinds.filter((k) => k === 'role' || k === 'behavioural')
      expect(middle).toHaveLength(count - Number(count >= 2) - Number(count >= 4))
      if (focus === 'behavioural') expect(middle.every((k) => k === 'behavioural')).toBe(true)
      if (focus === 'mixed' && middle.length >= 2) {
        expect(middle).toContain('role')
        expect(middle).toContain('behavioural')
      }
    }
  })

  it('gives role questions for a role focus while the job has material for them', () => {
    for (const { questions, focus, count, name } of interviews) {
      if (focus !== 'role' || count > 7) continue
      expect(
        questions.every((q) => q.kind !== 'behavioural'),
        name,
      ).toBe(true)
    }
  })

  it('writes whole questions: no placeholders, 2–4 talking points, a reason, at most 6 job terms', () => {
    for (const { questions } of interviews) {
      for (const q of questions) {
        const all = [q.text, q.reason, ...q.talkingPoints].join(' ')
        expect(all).not.toMatch(/\b(undefined|null)\b|\bNaN\b|\$\{|\[object|\{\{|<[a-z]+>/)
        expect(q.text).toMatch(/[?.]$/)
        expect(q.talkingPoints.length).toBeGreaterThanOrEqual(2)
        expect(q.talkingPoints.length).toBeLessThanOrEqual(4)
        expect(q.reason.length).toBeGreaterThan(10)
        expect(q.jobTerms.length).toBeLessThanOrEqual(6)
      }
    }
  })

  it('is the same for the same seed and varies across seeds', () => {
    const input = { facts: NURSE, tasks: tasksFor(NURSE), focus: 'mixed' as const, count: 6 }
    expect(generateQuestions({ ...input, seed: 'a' })).toEqual(
      generateQuestions({ ...input, seed: 'a' }),
    )
    const variants = new Set(
      SEEDS.map((seed) => texts(generateQuestions({ ...input, seed })).join('|')),
    )
    expect(variants.size).toBe(SEEDS.length)
  })

  it('tailors the opening to the role and company, and closes without “what questions do you have”', () => {
    for (const { questions, facts, count } of interviews) {
      if (count < 4) continue
      expect(questions[0]!.text).toContain(facts.job.company ?? 'this ')
      expect(questions[0]!.text).toMatch(
        /Backend Engineer|Registered Nurse|Truck Driver|High School Teacher/,
      )
      expect(questions[0]!.text).not.toContain('(m/f/d)')
      expect(questions.at(-1)!.text).not.toMatch(/questions do you have/i)
    }
  })

  it('asks about the posting’s requirements, its skill gaps, the occupation’s tasks and the resume', () => {
    const asked = SEEDS.flatMap((seed) =>
      texts(
        generateQuestions({
          facts: SOFTWARE_ENGINEER,
          tasks: tasksFor(SOFTWARE_ENGINEER),
          focus: 'role',
          count: 10,
          seed,
        }),
      ),
    ).join('\n')
    expect(asked).toContain('The posting asks for experience with')
    expect(asked).toContain(
      'You haven’t listed GraphQL; how would you get productive with it in your first month?',
    )
    expect(asked).toContain(
      'Your resume says you cut p95 latency of the pricing API from 900 ms to 180 ms',
    )
    expect(asked).toMatch(
      /A big part of this job is to|This role means you|Suppose that in your first week you need to/,
    )
  })

  it('never asks twice about the same skill', () => {
    for (const { questions } of interviews) {
      const skillQuestions = questions.filter((q) =>
        /^The posting asks for it|is a skill of the job|^The job asks for/.test(q.reason),
      )
      const skills = skillQuestions
        .filter((q) => q.jobTerms.length > 0)
        .map((q) => q.jobTerms[0]!.toLowerCase())
      expect(new Set(skills).size).toBe(skills.length)
    }
  })

  it('never asks about a fact the inputs do not hold', () => {
    for (const { questions, facts } of interviews) {
      const all = texts(questions).join('\n')
      const highlights = facts.seeker.positions.flatMap((p) => p.highlights)
      if (highlights.length === 0) expect(all).not.toMatch(/Your resume/)
      if (!facts.seeker.accomplishment) expect(all).not.toMatch(/proud of this/)
      if (!facts.job.company) expect(all).not.toMatch(/\bat [A-Z]\w+ [A-Z]\w+\?|Why [A-Z]/)
      // "You haven't listed X" only for a job skill the seeker really does not show.
      for (const [, skill] of all.matchAll(/You haven’t listed ([^;]+);/g)) {
        const own = facts.seeker.skills.map((s) => s.toLowerCase())
        expect(facts.job.skills.map((s) => s.toLowerCase())).toContain(skill!.toLowerCase())
        expect(own).not.toContain(skill!.toLowerCase())
      }
    }
  })

  it('does not tell a seeker with an empty profile what their profile lacks', () => {
    for (const { questions, name } of interviews) {
      if (name !== 'TEACHER') continue
      expect(texts(questions).join('\n')).not.toMatch(/You haven’t listed|You list|Your resume/)
    }
  })

  it('asks a typed role (no posting, no company) about the occupation’s own tasks', () => {
    const questions = generateQuestions({
      facts: TRUCK_DRIVER,
      tasks: tasksFor(TRUCK_DRIVER),
      focus: 'role',
      count: 6,
      seed: 'truck',
    })
    const fromTasks = questions.filter((q) =>
      q.reason.startsWith('A core task of the role (O*NET)'),
    )
    expect(fromTasks.length).toBeGreaterThanOrEqual(2)
    expect(questions[0]!.text).toContain('this Truck Driver role')
  })

  it('does not quiz a typed role on the occupation’s tool list it never asked for', () => {
    for (const { questions, name } of interviews) {
      if (name !== 'TRUCK_DRIVER') continue
      expect(texts(questions).join('\n')).not.toContain('You haven’t listed')
    }
  })

  it('still gives a full interview with no tasks, no skills and no profile', () => {
    const bare: LetterFacts = {
      seeker: { ...TEACHER.seeker },
      job: { ...TEACHER.job, company: null, skills: [], requirements: [] },
    }
    const questions = generateQuestions({
      facts: bare,
      tasks: [],
      focus: 'role',
      count: 5,
      seed: 'x',
    })
    expect(questions.map((q) => q.kind)).toEqual([
      'opening',
      'behavioural',
      'behavioural',
      'behavioural',
      'closing',
    ])
  })
})

describe('skillInSentence', () => {
  it('lowers ordinary noun phrases and keeps product names and single words as written', () => {
    expect(skillInSentence('Wound care')).toBe('wound care')
    expect(skillInSentence('Electronic health records')).toBe('electronic health records')
    expect(skillInSentence('Alteryx software')).toBe('Alteryx software')
    expect(skillInSentence('Microsoft Excel')).toBe('Microsoft Excel')
    expect(skillInSentence('Go')).toBe('Go')
  })
})

describe('the behavioural bank', () => {
  it('has about forty questions, one per competency, each with 2–4 talking points', () => {
    expect(BEHAVIOURAL_BANK.length).toBeGreaterThanOrEqual(40)
    expect(new Set(BEHAVIOURAL_BANK.map((q) => q.competency)).size).toBe(BEHAVIOURAL_BANK.length)
    expect(new Set(BEHAVIOURAL_BANK.map((q) => q.text)).size).toBe(BEHAVIOURAL_BANK.length)
    for (const q of BEHAVIOURAL_BANK) {
      expect(q.talkingPoints.length).toBeGreaterThanOrEqual(2)
      expect(q.talkingPoints.length).toBeLessThanOrEqual(4)
    }
  })

  it('reads naturally for any occupation: no tools, code or trade-specific words', () => {
    // Naming several kinds of people served ("a customer, a patient, a client or a student") is
    // how a question stays general; a single trade's word is not.
    const trade =
      /\b(code|coding|software|deploy|bug|sprint|ticket|ward|classroom|truck|route|sales quota)\b/i
    for (const q of BEHAVIOURAL_BANK) expect(q.text, q.text).not.toMatch(trade)
  })
})
