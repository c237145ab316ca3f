/**
 * RenderCV's sample resumes (MIT licence, ../shared/data/resumes/rendercv/): each PDF comes with
 * the YAML it was typeset from; this reads that YAML as the expected JSON Resume.
 */
import { readFileSync } from 'node:fs'
import { load } from 'js-yaml'
import type { JsonResume } from '../types.ts'

interface RenderCvEntry {
  company?: string
  position?: string
  institution?: string
  degree?: string
  area?: string
  date?: string | number | null
  start_date?: string | number | null
  end_date?: string | number | null
  label?: string
  details?: string
}

interface RenderCvDocument {
  cv: {
    name?: string
    location?: string
    email?: string
    phone?: string | null
    website?: string | null
    social_networks?: { network: string; username: string }[]
    sections?: Record<string, RenderCvEntry[] | string[]>
  }
}

const PROFILE_URL: Record<string, (username: string) => string> = {
  LinkedIn: (username) => `https://linkedin.com/in/${username}`,
  GitHub: (username) => `https://github.com/${username}`,
  GitLab: (username) => `https://gitlab.com/${username}`,
}

/** RenderCV dates are `YYYY-MM`, `YYYY` or `present`. */
const date = (value: string | number | null | undefined) =>
  value === null || value === undefined || String(value).toLowerCase() === 'present'
    ? undefined
    : String(value)

export function renderCvToJsonResume(yamlFile: string): JsonResume {
  const { cv } = load(readFileSync(yamlFile, 'utf8')) as RenderCvDocument
  const entries = (name: string) => (cv.sections?.[name] ?? []) as RenderCvEntry[]
  const [city, region] = (cv.location ?? '').split(',').map((part) => part.trim())
  return {
    basics: {
      name: cv.name,
      email: cv.email,
      phone: cv.phone ?? undefined,
      url: cv.website ?? undefined,
      location: city ? { city, region } : undefined,
      profiles: (cv.social_networks ?? []).map((profile) => ({
        network: profile.network,
        url: PROFILE_URL[profile.network]?.(profile.username) ?? profile.username,
      })),
    },
    work: entries('experience').map((entry) => ({
      name: entry.company,
      position: entry.position,
      startDate: date(entry.start_date ?? entry.date),
      endDate: date(entry.end_date),
    })),
    education: entries('education').map((entry) => ({
      institution: entry.institution,
      studyType: entry.degree,
      area: entry.area,
      endDate: date(entry.end_date ?? entry.date)?.slice(0, 4),
    })),
    skills: entries('skills').map((entry) => ({
      name: entry.label ?? '',
      keywords: (entry.details ?? '')
        .split(',')
        .map((skill) => skill.trim())
        .filter(Boolean),
    })),
  }
}
