// The resume parser's mechanisms on synthetic PDFs: reading order and columns, dates in four
// languages, headings, and every failure (each must end with its failure, never hang).
import { describe, expect, it } from 'vitest'
import { findDateRange, parseDate } from './dates.ts'
import { detectHeading, headingKind } from './headings.ts'
import { parseResumeInWorker, parseResumePdf, ResumeParseError } from './index.ts'
import { buildChunks, findGutter } from './layout.ts'
import { type PlacedText, writePdf } from './test-pdfs.ts'

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ResumeParseError)
    expect((error as ResumeParseError).message.length).toBeGreaterThan(20)
    return (error as ResumeParseError).failure
  }
  throw new Error('expected a failure')
}

/** A two-column page: a full-width header, a sidebar on the left, the main column on the right. */
function twoColumnPage(): PlacedText[] {
  const page: PlacedText[] = [
    { text: 'Marta Lindqvist', x: 40, y: 40, size: 24, bold: true },
    { text: 'Backend Engineer', x: 40, y: 72, size: 12 },
  ]
  const sidebar = [
    'Contact',
    'marta@example.se',
    '+46 70 123 45 67',
    'Stockholm, Sweden',
    'Skills',
    'Go, Kotlin, PostgreSQL',
    'Kubernetes, Terraform',
    'Languages',
    'Swedish (Native)',
    'English (C1)',
  ]
  // The sidebar in a smaller type on its own line pitch, as sidebars are set.
  sidebar.forEach((text, i) =>
    page.push({
      text,
      x: 40,
      y: 120 + i * 13,
      size: 9,
      bold: /^(Contact|Skills|Languages)$/.test(text),
    }),
  )
  const main = [
    'Experience',
    'Senior Backend Engineer',
    'Spotify AB',
    'Jan 2021 – Present',
    '• Cut the p95 latency of the playlist service by 40%',
    '• Led the migration of 30 services to Kubernetes',
    'Backend Engineer',
    'Klarna AB',
    '03/2017 - 12/2020',
    '• Built the refunds ledger handling 2M events a day',
    'Education',
    'KTH Royal Institute of Technology',
    'Master of Science in Computer Science',
    '2012 – 2017',
  ]
  main.forEach((text, i) =>
    page.push({
      text,
      x: 230,
      y: 120 + i * 16,
      bold: /^(Experience|Education)$/.test(text),
    }),
  )
  return page
}

describe('column detection', () => {
  it('finds the gutter of a synthetic two-column page and reads the columns one after the other', async () => {
    const bytes = await writePdf([twoColumnPage()])
    const parsed = await parseResumePdf(bytes)
    expect(parsed.layout.columns).toBe(2)
    const texts = parsed.lines.map((line) => line.text)
    // The header first, then the whole sidebar, then the whole main column: no line mixes both.
    expect(texts.slice(0, 2)).toEqual(['Marta Lindqvist', 'Backend Engineer'])
    expect(texts.indexOf('English (C1)')).toBeLessThan(texts.indexOf('Experience'))
    expect(texts.some((text) => text.includes('Contact') && text.includes('Experience'))).toBe(
      false,
    )
    const { resume } = parsed
    expect(resume.basics.name).toBe('Marta Lindqvist')
    expect(resume.basics.email).toBe('marta@example.se')
    expect(resume.basics.phone).toBe('+46 70 123 45 67')
    expect(resume.basics.location).toMatchObject({ city: 'Stockholm', countryCode: 'SE' })
    expect(resume.work).toEqual([
      expect.objectContaining({
        name: 'Spotify AB',
        position: 'Senior Backend Engineer',
        startDate: '2021-01',
      }),
      expect.objectContaining({
        name: 'Klarna AB',
        position: 'Backend Engineer',
        startDate: '2017-03',
        endDate: '2020-12',
      }),
    ])
    expect(resume.work[0]!.endDate).toBeUndefined()
    expect(resume.education[0]).toMatchObject({
      institution: 'KTH Royal Institute of Technology',
      studyType: 'Master of Science',
      area: 'Computer Science',
      endDate: '2017',
    })
    expect(resume.skills.flatMap((s) => s.keywords ?? [s.name])).toEqual(
      expect.arrayContaining(['Go', 'Kotlin', 'PostgreSQL', 'Kubernetes', 'Terraform']),
    )
    expect(resume.languages?.map((l) => l.language)).toEqual(['Swedish', 'English'])
  })

  it('reads a table of labels and values row by row, not as two columns', async () => {
    const rows: [string, string][] = [
      ['E-mail', 'ines@example.pt'],
      ['Phone', '+351 912 345 678'],
      ['Location', 'Lisbon, Portugal'],
      ['Experience', ''],
      ['Mar 2019 – Present', 'Product Designer'],
      ['', 'Farfetch Ltd, Lisbon'],
      ['Jan 2016 – Feb 2019', 'UX Designer'],
      ['', 'OutSystems SA, Lisbon'],
      ['Education', ''],
      ['2011 – 2015', 'Universidade de Lisboa'],
      ['', 'Bachelor of Arts in Design'],
    ]
    const page: PlacedText[] = [{ text: 'Inês Carvalho', x: 40, y: 40, size: 22, bold: true }]
    rows.forEach(([label, value], i) => {
      const y = 100 + i * 16
      if (label) page.push({ text: label, x: 40, y, bold: !value })
      if (value) page.push({ text: value, x: 200, y })
    })
    const parsed = await parseResumePdf(await writePdf([page]))
    expect(parsed.layout.columns).toBe(1)
    expect(parsed.lines.map((line) => line.text)).toContain('Mar 2019 – Present Product Designer')
    expect(parsed.resume.work).toEqual([
      expect.objectContaining({
        name: 'Farfetch Ltd',
        position: 'Product Designer',
        startDate: '2019-03',
      }),
      expect.objectContaining({
        name: 'OutSystems SA',
        position: 'UX Designer',
        startDate: '2016-01',
        endDate: '2019-02',
      }),
    ])
    expect(parsed.resume.education[0]).toMatchObject({
      institution: 'Universidade de Lisboa',
      studyType: 'Bachelor of Arts',
      area: 'Design',
      endDate: '2015',
    })
    expect(parsed.resume.basics.location).toMatchObject({ city: 'Lisbon', countryCode: 'PT' })
  })

  it('does not take right-aligned dates for a second column', () => {
    const items = []
    for (let i = 0; i < 12; i++) {
      const y = 100 + i * 14
      items.push({
        text: `• Shipped feature number ${i} to production users`,
        x: 60,
        y,
        width: 300,
        size: 10,
        bold: false,
        italic: false,
      })
      if (i % 3 === 0)
        items.push({
          text: `Jan 20${10 + i} – Dec 20${11 + i}`,
          x: 470,
          y,
          width: 90,
          size: 10,
          bold: false,
          italic: false,
        })
    }
    expect(findGutter(buildChunks(1, items), 595)).toBeNull()
  })

  it('joins letter-spaced and tightly kerned items without gaps or run-together words', () => {
    const chunks = buildChunks(1, [
      ...'John'.split('').map((c, i) => ({
        text: c,
        x: 50 + i * 9,
        y: 50,
        width: 6,
        size: 12,
        bold: false,
        italic: false,
      })),
      ...'Doe'.split('').map((c, i) => ({
        text: c,
        x: 92 + i * 9,
        y: 50,
        width: 6,
        size: 12,
        bold: false,
        italic: false,
      })),
      // Kerned pieces of one word, no gap between them.
      { text: 'Soft', x: 50, y: 80, width: 22, size: 10, bold: false, italic: false },
      { text: 'ware', x: 72.2, y: 80, width: 24, size: 10, bold: false, italic: false },
      { text: 'Engineer', x: 99, y: 80, width: 40, size: 10, bold: false, italic: false },
    ])
    expect(chunks.map((c) => c.text)).toEqual(['John Doe', 'Software Engineer'])
  })
})

describe('date ranges', () => {
  it.each([
    ['Jan 2020 – Present', { startDate: '2020-01', current: true }],
    ['01/2020 - 03/2022', { startDate: '2020-01', endDate: '2022-03', current: false }],
    ['2019 – 2021', { startDate: '2019', endDate: '2021', current: false }],
    ['March 2018 to June 2020', { startDate: '2018-03', endDate: '2020-06', current: false }],
    ['November 2024 - Present (8 months)', { startDate: '2024-11', current: true }],
    ['seit 04/2021', { startDate: '2021-04', current: true }],
    ['März 2019 – heute', { startDate: '2019-03', current: true }],
    ['Okt. 2015 bis Dez. 2018', { startDate: '2015-10', endDate: '2018-12', current: false }],
    ["sept. 2019 – aujourd'hui", { startDate: '2019-09', current: true }],
    ['janvier 2017 à juin 2019', { startDate: '2017-01', endDate: '2019-06', current: false }],
    ['enero 2020 - actualidad', { startDate: '2020-01', current: true }],
    [
      'Septiembre de 2015 – Julio de 2018',
      { startDate: '2015-09', endDate: '2018-07', current: false },
    ],
    ['2016-09 – 2020-04', { startDate: '2016-09', endDate: '2020-04', current: false }],
  ])('%s', (text, expected) => {
    expect(findDateRange(text)).toMatchObject(expected)
    if (!('endDate' in expected)) expect(findDateRange(text)!.endDate).toBeUndefined()
  })

  it('reads single dates and refuses what is not one', () => {
    expect(parseDate('Sept 2018')).toBe('2018-09')
    expect(parseDate('2021')).toBe('2021')
    expect(findDateRange('Led a team of 12 engineers')).toBeNull()
  })
})

describe('headings', () => {
  it.each([
    ['Experience', 'experience'],
    ['WORK HISTORY', 'experience'],
    ['Professional Experience', 'experience'],
    ['Berufserfahrung', 'experience'],
    ['Expérience professionnelle', 'experience'],
    ['Experiencia laboral', 'experience'],
    ['Education', 'education'],
    ['Ausbildung', 'education'],
    ['Formation', 'education'],
    ['Educación', 'education'],
    ['Skills:', 'skills'],
    ['Kenntnisse', 'skills'],
    ['Compétences', 'skills'],
    ['Habilidades', 'skills'],
    ['Top Skills', 'skills'],
    ['Summary', 'summary'],
    ['Profil', 'summary'],
    ['Resumen', 'summary'],
    ['Languages', 'languages'],
    ['Certifications', 'certificates'],
    ['Projects', 'projects'],
    ['Contact', 'contact'],
    ['E X P E R I E N C E', 'experience'],
  ])('%s is a %s heading', (text, kind) => {
    expect(headingKind(text)).toBe(kind)
  })

  it('knows a heading by its font, and a sentence or a job line is none', () => {
    expect(detectHeading({ text: 'Publications', size: 14, bold: true, parts: 1 }, 10)).toBe(
      'other',
    )
    expect(detectHeading({ text: 'AWARDS AND GRANTS', size: 12, bold: false, parts: 1 }, 10)).toBe(
      'other',
    )
    expect(
      detectHeading({ text: 'Acme Robotics GmbH', size: 10, bold: true, parts: 1 }, 10),
    ).toBeNull()
    expect(
      detectHeading(
        { text: 'Experience with large systems.', size: 10, bold: false, parts: 1 },
        10,
      ),
    ).toBeNull()
    expect(detectHeading({ text: 'Skills', size: 10, bold: false, parts: 2 }, 10)).toBeNull()
  })
})

describe('failures', () => {
  it('a file that is not a PDF', async () => {
    const bytes = new TextEncoder().encode('PK\u0003\u0004 this is a zip, not a resume')
    expect(await failureOf(parseResumePdf(bytes))).toBe('not_pdf')
    expect(await failureOf(parseResumeInWorker(bytes))).toBe('not_pdf')
  })

  it('an encrypted PDF', async () => {
    const bytes = await writePdf([[{ text: 'Secret Resume of Jane Roe', x: 50, y: 50 }]], {
      userPassword: 'hunter2',
    })
    expect(await failureOf(parseResumePdf(bytes))).toBe('encrypted')
  })

  it('an image-only PDF has no text layer', async () => {
    const bytes = await writePdf([[]], { image: true })
    const failure = failureOf(parseResumePdf(bytes))
    expect(await failure).toBe('no_text')
    await parseResumePdf(bytes).catch((error: ResumeParseError) =>
      expect(error.message).toMatch(/scanned image/),
    )
  })

  it('a 60-page PDF is over the page cap', async () => {
    const pages = Array.from({ length: 60 }, (_, i) => [
      { text: `Page ${i + 1} of words`, x: 50, y: 50 },
    ])
    const bytes = await writePdf(pages)
    expect(await failureOf(parseResumePdf(bytes))).toBe('too_many_pages')
    expect(await failureOf(parseResumeInWorker(bytes, { timeoutMs: 20_000 }))).toBe(
      'too_many_pages',
    )
  })

  it('a truncated, damaged PDF', async () => {
    const whole = await writePdf([twoColumnPage()])
    const bytes = whole.subarray(0, Math.floor(whole.length / 3))
    expect(await failureOf(parseResumePdf(bytes))).toMatch(/unreadable|no_text/)
    const garbage = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >>\n%%EOF')
    expect(await failureOf(parseResumePdf(garbage))).toBe('unreadable')
  })
})

describe('parseResumeInWorker', () => {
  it('parses in a worker thread and gives the same result', async () => {
    const bytes = await writePdf([twoColumnPage()])
    const inWorker = await parseResumeInWorker(bytes, { timeoutMs: 20_000 })
    expect(inWorker).toEqual(await parseResumePdf(bytes))
  })

  it('terminates a parse that outlives its deadline as unreadable', async () => {
    const bytes = await writePdf([twoColumnPage()])
    const started = performance.now()
    expect(await failureOf(parseResumeInWorker(bytes, { timeoutMs: 1 }))).toBe('unreadable')
    expect(performance.now() - started).toBeLessThan(5_000)
  })
})
