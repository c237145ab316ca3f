/**
 * The expected parser output for one rendered resume: the person's JSON Resume restricted to the
 * scored fields, as the page shows them: dates cut to the year where the layout shows years only,
 * skills cut to those the layout shows.
 */
import type { JsonResume } from '../types.ts'
import type { Layout, Person } from './kit.ts'

export function expectedResume(
  person: Person,
  layout: Pick<Layout, 'dates' | 'shownSkills'>,
): JsonResume {
  const date = (value: string | undefined) =>
    value === undefined ? undefined : layout.dates.yearsOnly ? value.slice(0, 4) : value
  const b = person.basics
  const shown = layout.shownSkills?.(person)
  return {
    basics: {
      name: b.name,
      email: b.email,
      phone: b.phone,
      url: b.url,
      location: b.location && {
        city: b.location.city,
        region: b.location.region,
        countryCode: b.location.countryCode,
      },
      profiles: (b.profiles ?? []).map((p) => ({ network: p.network, url: p.url })),
    },
    work: person.work.map((job) => ({
      name: job.name,
      position: job.position,
      startDate: date(job.startDate),
      endDate: date(job.endDate),
    })),
    education: person.education.map((school) => ({
      institution: school.institution,
      studyType: school.studyType,
      area: school.area,
      endDate: school.endDate?.slice(0, 4),
    })),
    skills: shown
      ? [{ name: 'Top Skills', keywords: shown }]
      : person.skills.map((group) => ({ name: group.name, keywords: group.keywords ?? [] })),
  }
}
