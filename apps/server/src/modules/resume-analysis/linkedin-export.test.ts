import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { inventedExport } from '../../../test/resume-analysis/linkedin-export-fixture.ts'
import { parseCsv } from './csv.ts'
import { exportDate, LinkedinExportError, readLinkedinExport } from './linkedin-export.ts'

/** LinkedIn's data export read into a JSON Resume, on a ZIP built here (see the fixture). */
describe('readLinkedinExport', () => {
  it('reads the profile, positions, education, skills and contact of an export', () => {
    const zip = zipSync(inventedExport())
    const { resume, filesRead } = readLinkedinExport(zip)
    expect(filesRead).toEqual([
      'Certifications.csv',
      'Education.csv',
      'Email Addresses.csv',
      'Languages.csv',
      'PhoneNumbers.csv',
      'Positions.csv',
      'Profile.csv',
      'Skills.csv',
    ])
    expect(resume.basics).toEqual({
      name: 'Marta Okonkwo-Reyes',
      label: 'Staff Data Engineer at Tidewater Analytics',
      email: 'marta.okonkwo@example.com',
      phone: '+351 912 345 678',
      summary:
        'I build data platforms that analysts trust: streaming ingestion, "boring" warehouses, and tests for data.',
      location: { city: 'Porto', region: 'Porto', address: 'Porto, Porto, Portugal' },
      profiles: [
        { network: 'Website', url: 'https://marta.example.dev' },
        { network: 'GitHub', url: 'https://github.com/mokonkwo' },
      ],
    })
    expect(resume.work).toEqual([
      {
        name: 'Tidewater Analytics',
        position: 'Staff Data Engineer',
        location: 'Porto, Portugal',
        startDate: '2022-11',
        summary: 'Leads the ingestion platform.',
        highlights: [
          'Cut warehouse costs by 38% by moving cold partitions to object storage',
          'Built a streaming pipeline for 2M events a minute',
        ],
      },
      {
        name: 'Quayside Logistics',
        position: 'Senior Data Engineer',
        location: 'Lisbon',
        startDate: '2019-03',
        endDate: '2022-10',
        summary: 'Owned the dbt project, 400 models.',
      },
      {
        name: 'Quayside Logistics',
        position: 'Data Engineer',
        location: 'Lisbon',
        startDate: '2016-07',
        endDate: '2019-02',
      },
    ])
    expect(resume.education).toEqual([
      {
        institution: 'Universidade do Porto',
        studyType: 'Master of Science',
        area: 'Computer Science',
        startDate: '2011',
        endDate: '2016',
      },
    ])
    expect(resume.skills).toEqual([
      { name: 'Apache Kafka' },
      { name: 'dbt' },
      { name: 'Python' },
      { name: 'SQL, PostgreSQL' },
    ])
    expect(resume.languages).toEqual([
      { language: 'Portuguese', fluency: 'Native or bilingual proficiency' },
      { language: 'English', fluency: 'Full professional proficiency' },
    ])
    expect(resume.certificates).toEqual([
      { name: 'Google Cloud Professional Data Engineer', issuer: 'Google Cloud', date: '2023-01' },
    ])
  })

  it('finds the files inside the export’s folder, and needs only Profile.csv', () => {
    const files = inventedExport()
    const zip = zipSync({
      'Basic_LinkedInDataExport_11-25-2026/Profile.csv': files['Profile.csv']!,
    })
    const { resume, filesRead } = readLinkedinExport(zip)
    expect(filesRead).toEqual(['Profile.csv'])
    expect(resume).toMatchObject({ basics: { name: 'Marta Okonkwo-Reyes' }, work: [], skills: [] })
  })

  it('refuses a file that is not a ZIP, or a ZIP without Profile.csv', () => {
    expect(() => readLinkedinExport(strToU8('%PDF-1.7 not a zip'))).toThrow(LinkedinExportError)
    expect(() => readLinkedinExport(strToU8('%PDF-1.7'))).toThrow(/not a ZIP/)
    const noProfile = zipSync({ 'Skills.csv': strToU8('Name\nSQL') })
    expect(() => readLinkedinExport(noProfile)).toThrow(/no Profile\.csv/)
  })

  it('stops a ZIP bomb: a CSV that unpacks past the cap, and too many entries', () => {
    // 30 MB of zeros packs into about 30 KB.
    const bomb = zipSync({ 'Profile.csv': new Uint8Array(30_000_000) }, { level: 9 })
    expect(bomb.length).toBeLessThan(100_000)
    expect(() =>
      readLinkedinExport(bomb, { maxEntries: 500, maxUnpackedBytes: 10_000_000 }),
    ).toThrow(/unpack to more than 10000000 bytes/)
    const many = zipSync(
      Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`f${i}.csv`, strToU8('x')])),
    )
    expect(() => readLinkedinExport(many)).toThrow(/more than 500 files/)
  })
})

describe('exportDate', () => {
  it('reads LinkedIn’s dates as YYYY-MM or YYYY', () => {
    expect(exportDate('Nov 2024')).toBe('2024-11')
    expect(exportDate('November 2024')).toBe('2024-11')
    expect(exportDate('Sept 2020')).toBe('2020-09')
    expect(exportDate('2019')).toBe('2019')
    expect(exportDate('')).toBeUndefined()
    expect(exportDate('someday')).toBeUndefined()
  })
})

describe('parseCsv', () => {
  it('reads RFC 4180: quotes, doubled quotes, commas and line breaks inside, CRLF and a BOM', () => {
    expect(parseCsv('\uFEFFa,b\r\n"x, y","say ""hi""\nthere"\r\n\r\nlast,\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
      ['last', ''],
    ])
  })
})
