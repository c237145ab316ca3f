/**
 * Contact and sections: the details and main sections a recruiter and a tracking system look for.
 * Each one present earns its points; a missing name, email or experience also costs ATS points.
 */
import { type Check, failedChecks, type RuleResult } from '../finding.ts'
import type { ReviewInput } from '../reading.ts'

type ContactCheck = Check & { points: number; ats?: number }

export type ContactResult = RuleResult & {
  /** What the missing details take off the ATS score. */
  atsPenalty: number
  /** Name, email, phone, location and a link are all there. */
  complete: boolean
}

/** How many of the checks (the first ones) are contact details rather than sections. */
const CONTACT_DETAILS = 5

export function contactRule({ parsed, resume, skills, work }: ReviewInput): ContactResult {
  const basics = resume.basics ?? {}
  const hasSection = (kind: 'experience' | 'education' | 'skills') =>
    parsed.lines.some((line) => line.text.trim() && line.section === kind)
  const checks: ContactCheck[] = [
    {
      failed: !basics.name?.trim(),
      points: 10,
      code: 'missing_name',
      severity: 'high',
      ats: 10,
      explanation:
        'No name could be read at the top of the resume. A tracking system files the resume under the name it finds.',
      suggestion:
        'Start the resume with your full name alone on the first line, as plain text: "[First name] [Last name]".',
    },
    {
      failed: !basics.email?.trim(),
      points: 20,
      code: 'missing_email',
      severity: 'high',
      ats: 15,
      explanation:
        'No email address could be read. Recruiters reply by email, and a tracking system without one cannot contact you.',
      suggestion:
        'Write your email as plain text under your name (not in an image, icon or page header): "[name]@[provider].com".',
    },
    {
      failed: !basics.phone?.trim(),
      points: 15,
      code: 'missing_phone',
      severity: 'medium',
      explanation: 'No phone number could be read. Many recruiters call before they write.',
      suggestion:
        'Add your phone number with its country code next to your email: "+[country code] [number]".',
    },
    {
      failed: !(
        basics.location &&
        (basics.location.city ||
          basics.location.region ||
          basics.location.address ||
          basics.location.countryCode)
      ),
      points: 10,
      code: 'missing_location',
      severity: 'low',
      explanation:
        'No location could be read. Recruiters and tracking systems filter candidates by city or region.',
      suggestion: 'Add your city and country (no street address needed): "[City], [Country]".',
    },
    {
      failed: !(basics.url || (basics.profiles ?? []).length > 0),
      points: 10,
      code: 'missing_links',
      severity: 'low',
      explanation:
        'No LinkedIn profile, portfolio or website was found. Most recruiters look you up; a link saves them the search.',
      suggestion:
        'Add your LinkedIn URL ("linkedin.com/in/[your-name]") and, if you have one, a portfolio or GitHub link.',
    },
    {
      failed: !(work.length > 0 || hasSection('experience')),
      points: 15,
      code: 'missing_experience_section',
      severity: 'high',
      ats: 20,
      explanation:
        'No work experience could be read. A tracking system looks for a section headed "Experience" with titles, employers and dates.',
      suggestion:
        'Add a section headed "Experience" with one entry per position: "[Job title], [Company] — [Month Year] – [Month Year]" and two to five bullets each.',
    },
    {
      failed: !((resume.education ?? []).length > 0 || hasSection('education')),
      points: 10,
      code: 'missing_education_section',
      severity: 'medium',
      explanation:
        'No education section was found. Many job filters check for a degree or a qualification.',
      suggestion:
        'Add a section headed "Education": "[Degree], [Field] — [School], [Year]" (courses and certificates count too).',
    },
    {
      failed: !(skills.length > 0 || hasSection('skills')),
      points: 10,
      code: 'missing_skills_section',
      severity: 'medium',
      explanation:
        'No skills section was found. Recruiters search their tracking system by skill, and this is where it looks first.',
      suggestion:
        'Add a section headed "Skills" with your tools and methods, grouped: "[Group]: [skill], [skill], [skill]".',
    },
  ]
  const sum = (points: (check: ContactCheck) => number) =>
    checks.reduce((total, check) => total + points(check), 0)
  return {
    score: sum((check) => (check.failed ? 0 : check.points)),
    findings: failedChecks('contact', checks),
    atsPenalty: sum((check) => (check.failed ? (check.ats ?? 0) : 0)),
    complete: checks.slice(0, CONTACT_DETAILS).every((check) => !check.failed),
  }
}
