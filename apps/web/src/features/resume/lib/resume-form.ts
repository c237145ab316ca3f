/**
 * The editable resume as the form holds it, and the way to and from JSON Resume. Every field is a
 * string in the form ('' for "not given"); a position's "current" box stands for no `endDate`;
 * highlights are one per line. The checks mirror the contracts' `JsonResumeSchema` (lengths,
 * dates as YYYY, YYYY-MM or YYYY-MM-DD), with messages a person can act on, plus an end date
 * that is before its start. Fields the form does not show (a location's street address,
 * certificates, projects) are kept as they were.
 */
import { type JsonResumeBody, ResumeDateSchema } from '@app/contracts'
import { z } from 'zod'

const text = (max: number, what: string) =>
  z.string().trim().max(max, `${what} can be at most ${max} characters`)

const DATE_MESSAGE = 'Write the date as YYYY-MM (or just YYYY), e.g. 2024-03'
const date = z
  .string()
  .trim()
  .refine((value) => value === '' || ResumeDateSchema.safeParse(value).success, DATE_MESSAGE)

/** `2024-03` ≤ `2024-05`; a year alone compares as its first month. */
function endsBeforeStart(start: string, end: string): boolean {
  const valid = (value: string) => ResumeDateSchema.safeParse(value.trim()).success
  return valid(start) && valid(end) && end.trim().slice(0, 7) < start.trim().slice(0, 7)
}

const WorkValues = z
  .object({
    name: text(300, 'The company'),
    position: text(300, 'The title'),
    location: text(300, 'The location'),
    startDate: date,
    endDate: date,
    current: z.boolean(),
    summary: text(5000, 'The summary'),
    highlights: z
      .string()
      .refine(
        (value) => lines(value).every((line) => line.length <= 2000),
        'Each highlight can be at most 2000 characters',
      )
      .refine((value) => lines(value).length <= 100, 'At most 100 highlights'),
  })
  .superRefine((work, context) => {
    if (!work.current && endsBeforeStart(work.startDate, work.endDate)) {
      context.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'The end is before the start',
      })
    }
  })

const EducationValues = z
  .object({
    institution: text(300, 'The school'),
    studyType: text(300, 'The degree'),
    area: text(300, 'The subject'),
    startDate: date,
    endDate: date,
    score: text(100, 'The grade'),
  })
  .superRefine((school, context) => {
    if (endsBeforeStart(school.startDate, school.endDate)) {
      context.addIssue({
        code: 'custom',
        path: ['endDate'],
        message: 'The end is before the start',
      })
    }
  })

const ProfileValues = z.object({
  network: text(100, 'The site'),
  username: text(200, 'The user name'),
  url: text(2000, 'The link').refine(
    (value) => value === '' || /^https?:\/\/\S+$/i.test(value),
    'Write the link as a full address starting with https://',
  ),
})

const SkillGroupValues = z.object({
  name: text(200, 'The group name').min(1, 'Name the group, or remove it'),
  keywords: z.array(text(200, 'A skill')).max(200, 'At most 200 skills in a group'),
})

export const ResumeFormSchema = z.object({
  basics: z.object({
    name: text(200, 'The name'),
    label: text(200, 'The headline'),
    email: text(320, 'The email').refine(
      (value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
      'Write the email as name@example.com',
    ),
    phone: text(60, 'The phone number'),
    url: text(2000, 'The website'),
    summary: text(5000, 'The summary'),
    city: text(200, 'The city'),
    region: text(200, 'The region'),
    countryCode: text(10, 'The country code'),
    profiles: z.array(ProfileValues).max(50, 'At most 50 links'),
  }),
  work: z.array(WorkValues).max(100, 'At most 100 positions'),
  education: z.array(EducationValues).max(50, 'At most 50 schools'),
  /** Skills on their own (`{name}`), as chips. */
  skills: z.array(text(200, 'A skill').min(1)).max(300, 'At most 300 skills'),
  /** Groups of skills (`{name, keywords}`), each with its chips. */
  skillGroups: z.array(SkillGroupValues),
  languages: z
    .array(
      z.object({
        language: text(100, 'The language').min(1, 'Name the language, or remove the row'),
        fluency: text(100, 'The fluency'),
      }),
    )
    .max(50, 'At most 50 languages'),
})
export type ResumeFormValues = z.infer<typeof ResumeFormSchema>
export type WorkFormValues = ResumeFormValues['work'][number]
export type EducationFormValues = ResumeFormValues['education'][number]

export const EMPTY_WORK: WorkFormValues = {
  name: '',
  position: '',
  location: '',
  startDate: '',
  endDate: '',
  current: false,
  summary: '',
  highlights: '',
}
export const EMPTY_EDUCATION: EducationFormValues = {
  institution: '',
  studyType: '',
  area: '',
  startDate: '',
  endDate: '',
  score: '',
}

function lines(value: string): string[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
}

/** '' → left out. */
function given(value: string): string | undefined {
  const trimmed = value.trim()
  return trimmed === '' ? undefined : trimmed
}

/** Drops the keys whose value is undefined (a JSON Resume leaves absent fields out). */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T
}

export function toFormValues(resume: JsonResumeBody): ResumeFormValues {
  const basics = resume.basics
  return {
    basics: {
      name: basics.name ?? '',
      label: basics.label ?? '',
      email: basics.email ?? '',
      phone: basics.phone ?? '',
      url: basics.url ?? '',
      summary: basics.summary ?? '',
      city: basics.location?.city ?? '',
      region: basics.location?.region ?? '',
      countryCode: basics.location?.countryCode ?? '',
      profiles: (basics.profiles ?? []).map((profile) => ({
        network: profile.network,
        username: profile.username ?? '',
        url: profile.url,
      })),
    },
    work: resume.work.map((work) => ({
      name: work.name ?? '',
      position: work.position ?? '',
      location: work.location ?? '',
      startDate: work.startDate ?? '',
      endDate: work.endDate ?? '',
      // A position with a start and no end is the current one (the parser writes it so).
      current: work.endDate === undefined && work.startDate !== undefined,
      summary: work.summary ?? '',
      highlights: (work.highlights ?? []).join('\n'),
    })),
    education: resume.education.map((school) => ({
      institution: school.institution ?? '',
      studyType: school.studyType ?? '',
      area: school.area ?? '',
      startDate: school.startDate ?? '',
      endDate: school.endDate ?? '',
      score: school.score ?? '',
    })),
    skills: resume.skills.filter((skill) => !skill.keywords?.length).map((skill) => skill.name),
    skillGroups: resume.skills
      .filter((skill) => skill.keywords?.length)
      .map((skill) => ({ name: skill.name, keywords: skill.keywords ?? [] })),
    languages: (resume.languages ?? []).map((language) => ({
      language: language.language,
      fluency: language.fluency ?? '',
    })),
  }
}

/**
 * The whole JSON Resume to save: the form's values over `original` (for what the form does not
 * show). An entry left entirely empty is dropped.
 */
export function toJsonResume(values: ResumeFormValues, original: JsonResumeBody): JsonResumeBody {
  const { basics } = values
  const location = compact({
    ...original.basics.location,
    city: given(basics.city),
    region: given(basics.region),
    countryCode: given(basics.countryCode),
  })
  const profiles = basics.profiles
    .filter((profile) => given(profile.url) || given(profile.network))
    .map((profile) =>
      compact({
        network: profile.network.trim(),
        username: given(profile.username),
        url: profile.url.trim(),
      }),
    )
  const languages = values.languages.map((language) =>
    compact({ language: language.language.trim(), fluency: given(language.fluency) }),
  )
  return compact({
    ...original,
    basics: compact({
      ...original.basics,
      name: given(basics.name),
      label: given(basics.label),
      email: given(basics.email),
      phone: given(basics.phone),
      url: given(basics.url),
      summary: given(basics.summary),
      location: Object.keys(location).length > 0 ? location : undefined,
      profiles: profiles.length > 0 || original.basics.profiles ? profiles : undefined,
    }),
    work: values.work
      .map((work) => {
        const highlights = lines(work.highlights)
        return compact({
          name: given(work.name),
          position: given(work.position),
          location: given(work.location),
          startDate: given(work.startDate),
          endDate: work.current ? undefined : given(work.endDate),
          summary: given(work.summary),
          highlights: highlights.length > 0 ? highlights : undefined,
        })
      })
      .filter((work) => Object.keys(work).length > 0),
    education: values.education
      .map((school) =>
        compact({
          institution: given(school.institution),
          studyType: given(school.studyType),
          area: given(school.area),
          startDate: given(school.startDate),
          endDate: given(school.endDate),
          score: given(school.score),
        }),
      )
      .filter((school) => Object.keys(school).length > 0),
    skills: [
      ...values.skillGroups.map((group) => ({
        name: group.name.trim(),
        keywords: group.keywords.map((keyword) => keyword.trim()).filter(Boolean),
      })),
      ...values.skills.map((name) => ({ name: name.trim() })),
    ],
    languages: languages.length > 0 || original.languages ? languages : undefined,
  })
}

/** Adds `skill` to `skills` unless it is empty or already there (case-insensitively). */
export function addSkill(skills: readonly string[], skill: string): string[] {
  const trimmed = skill.trim()
  if (trimmed === '' || skills.some((each) => each.toLowerCase() === trimmed.toLowerCase())) {
    return [...skills]
  }
  return [...skills, trimmed]
}
