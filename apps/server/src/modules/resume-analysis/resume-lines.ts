/**
 * A resume that was not read from a PDF (LinkedIn's export, a provider) as the review reads a
 * parsed one: its lines in reading order by section, and a plain one-column layout (there is no
 * document whose layout could trip an applicant tracking system).
 */
import type {
  JsonResume,
  ParsedResume,
  ResumeLine,
  ResumeSectionKind,
} from '../resume-parser/index.ts'

function period(start?: string, end?: string): string {
  if (!start && !end) return ''
  return `${start ?? ''} – ${end ?? 'Present'}`
}

export function parsedResumeFromJson(resume: JsonResume): ParsedResume {
  const lines: ResumeLine[] = []
  const add = (text: string | undefined, section: ResumeSectionKind | null, heading = false) => {
    const value = text?.trim()
    if (value) lines.push({ text: value, page: 1, section, heading })
  }
  const { basics } = resume
  add(basics.name, null)
  add(basics.label, null)
  add(
    [basics.email, basics.phone, basics.location?.address ?? basics.location?.city]
      .filter(Boolean)
      .join(' | '),
    'contact',
  )
  for (const profile of basics.profiles ?? []) add(profile.url, 'contact')
  if (basics.summary) {
    add('Summary', 'summary', true)
    add(basics.summary, 'summary')
  }
  if (resume.work.length > 0) {
    add('Experience', 'experience', true)
    for (const job of resume.work) {
      add([job.position, job.name].filter(Boolean).join(', '), 'experience')
      add(period(job.startDate, job.endDate), 'experience')
      add(job.summary, 'experience')
      for (const highlight of job.highlights ?? []) add(`• ${highlight}`, 'experience')
    }
  }
  if (resume.education.length > 0) {
    add('Education', 'education', true)
    for (const school of resume.education) {
      add(school.institution, 'education')
      add(
        [[school.studyType, school.area].filter(Boolean).join(', '), school.endDate]
          .filter(Boolean)
          .join(' – '),
        'education',
      )
    }
  }
  if (resume.skills.length > 0) {
    add('Skills', 'skills', true)
    add(resume.skills.map((skill) => skill.name).join(', '), 'skills')
  }
  if (resume.languages?.length) {
    add('Languages', 'languages', true)
    add(resume.languages.map((item) => item.language).join(', '), 'languages')
  }
  if (resume.certificates?.length) {
    add('Certifications', 'certificates', true)
    for (const certificate of resume.certificates) add(certificate.name, 'certificates')
  }
  return {
    resume,
    lines,
    layout: { pages: 1, columns: 1, tables: false, images: 0, repeatedHeaderOrFooter: false },
  }
}
