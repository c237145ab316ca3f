// The resume parser's mechanisms on synthetic PDFs: reading order and columns, dates in four
// languages, headings, and every failure (each must end with its failure, never hang).
import { describe, expect, it } from 'vitest'
import { findDateRange, parseDate } from './dates.ts'
import { detectHeading, headingKind, sectionByContent } from './headings.ts'
import { parseResumeInWorker, parseResumePdf, ResumeParseError } from './index.ts'
import { eventEntries, labelledField, splitKnownPlace, splitPieces } from './fields.ts'
import { unLetterSpace } from './parse.ts'
import { buildChunks, findGutter } from './layout.ts'
import { DEGREE, TITLE_WORDS } from './vocabulary.ts'
import PDFDocument from 'pdfkit'
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

/** A plain text item of a known width (for pages whose gaps between items matter). */
const item = (text: string, x: number, y: number, width: number, size = 10) => ({
  text,
  x,
  y,
  width,
  size,
  bold: false,
  italic: false,
})

/** A one-column page: a name, a contact line, then `lines` ([text, bold]) 14 pt apart. */
function linesPage(name: string, contact: string, lines: [string, boolean][]): PlacedText[] {
  return [
    { text: name, x: 40, y: 40, size: 22, bold: true },
    { text: contact, x: 40, y: 72 },
    ...lines.map(([text, bold], i) => ({ text, x: 40, y: 110 + i * 14, size: 10, bold })),
  ]
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

describe('layouts the parser was not tuned on', () => {
  it('reads dates in a left-hand gutter beside each entry, off the title’s baseline', async () => {
    // A timeline: each entry's dates sit in a narrow left column, smaller and a little lower
    // than the entry's bold title, so they share no baseline with it (not a table).
    const page: PlacedText[] = [
      { text: 'Ravi Menon', x: 40, y: 40, size: 22, bold: true },
      { text: 'ravi@example.in · +91 98765 43210 · Pune, India', x: 40, y: 70 },
      { text: 'EXPERIENCE', x: 40, y: 110, size: 12, bold: true },
      { text: '04/2021 – Present', x: 40, y: 136, size: 8 },
      { text: 'Staff Engineer', x: 150, y: 132, size: 11, bold: true },
      { text: 'Thoughtworks — Pune', x: 150, y: 147 },
      { text: '• Led the payments platform team of eight engineers', x: 160, y: 162 },
      { text: '07/2016 – 03/2021', x: 40, y: 194, size: 8 },
      { text: 'Software Engineer', x: 150, y: 190, size: 11, bold: true },
      { text: 'Infosys Ltd — Bengaluru', x: 150, y: 205 },
      { text: 'EDUCATION', x: 40, y: 240, size: 12, bold: true },
      { text: '2012 – 2016', x: 40, y: 266, size: 8 },
      { text: 'Bachelor of Technology in Computer Science', x: 150, y: 262, size: 11, bold: true },
      { text: 'College of Engineering Pune', x: 150, y: 277 },
    ]
    const parsed = await parseResumePdf(await writePdf([page]))
    expect(parsed.layout.columns).toBe(1)
    expect(parsed.resume.work).toEqual([
      expect.objectContaining({
        name: 'Thoughtworks',
        position: 'Staff Engineer',
        startDate: '2021-04',
      }),
      expect.objectContaining({
        name: 'Infosys Ltd',
        position: 'Software Engineer',
        startDate: '2016-07',
        endDate: '2021-03',
      }),
    ])
    expect(parsed.resume.work[0]!.endDate).toBeUndefined()
    expect(parsed.resume.education).toEqual([
      expect.objectContaining({
        institution: 'College of Engineering Pune',
        studyType: 'Bachelor of Technology',
        endDate: '2016',
      }),
    ])
  })

  it('joins a date range wrapped over two lines of its gutter cell', async () => {
    // "May 2020 –" over "Dec 2021", right-aligned in the gutter, beside the company and title.
    const page: PlacedText[] = [
      { text: 'Aiko Sato', x: 40, y: 40, size: 22, bold: true },
      { text: 'aiko@example.jp', x: 40, y: 70 },
      { text: 'EXPERIENCE', x: 40, y: 100, size: 12, bold: true },
    ]
    const jobs: [string, string, string, string][] = [
      ['Jan 2022 –', 'Present', 'Mercari Inc', 'Data Analyst'],
      ['May 2020 –', 'Dec 2021', 'Rakuten Group', 'Junior Analyst'],
      ['Apr 2018 –', 'Apr 2020', 'LINE Corporation', 'Analytics Intern'],
    ]
    jobs.forEach(([from, to, company, title], i) => {
      const y = 124 + i * 40
      page.push({ text: from, x: 60, y, size: 8 })
      page.push({ text: to, x: 72, y: y + 11, size: 8 })
      page.push({ text: company, x: 150, y, size: 10.5, bold: true })
      page.push({ text: title, x: 150, y: y + 11, size: 9 })
    })
    const parsed = await parseResumePdf(await writePdf([page]))
    expect(parsed.resume.work).toEqual([
      expect.objectContaining({
        name: 'Mercari Inc',
        position: 'Data Analyst',
        startDate: '2022-01',
      }),
      expect.objectContaining({
        name: 'Rakuten Group',
        position: 'Junior Analyst',
        startDate: '2020-05',
        endDate: '2021-12',
      }),
      expect.objectContaining({
        name: 'LINE Corporation',
        position: 'Analytics Intern',
        startDate: '2018-04',
        endDate: '2020-04',
      }),
    ])
    expect(parsed.resume.work[0]!.endDate).toBeUndefined()
  })

  it('joins a range whose end month stays on the first line and its year wraps to the next', async () => {
    // A narrow right-aligned date cell: "Feb 2017 – May" over "2021" beside "Title at Company, City".
    const page: PlacedText[] = [
      { text: 'Aoife Brennan', x: 40, y: 40, size: 22, bold: true },
      { text: 'aoife@example.ie', x: 40, y: 70 },
      { text: 'Employment History', x: 40, y: 100, size: 12, bold: true },
    ]
    const jobs: [string, string, string, string][] = [
      ['Jun 2021 –', 'Present', 'HR Operations Manager at Intercom, Dublin', 'Moved records'],
      ['Feb 2017 – May', '2021', 'HR Advisor at Bank of Ireland, Dublin', 'Advised managers'],
      ['Sep 2015 – Jan', '2017', 'HR Assistant at Glanbia, Kilkenny', 'Ran payroll'],
    ]
    jobs.forEach(([from, to, heading, bullet], i) => {
      const y = 124 + i * 44
      page.push({ text: from, x: 48, y, size: 8, bold: true })
      page.push({ text: to, x: 88, y: y + 11, size: 8 })
      page.push({ text: heading, x: 123, y, size: 10, bold: true })
      page.push({ text: bullet, x: 135, y: y + 11, size: 9 })
    })
    const parsed = await parseResumePdf(await writePdf([page]))
    expect(parsed.resume.work).toEqual([
      expect.objectContaining({ name: 'Intercom', position: 'HR Operations Manager' }),
      expect.objectContaining({
        name: 'Bank of Ireland',
        position: 'HR Advisor',
        startDate: '2017-02',
        endDate: '2021-05',
      }),
      expect.objectContaining({
        name: 'Glanbia',
        position: 'HR Assistant',
        startDate: '2015-09',
        endDate: '2017-01',
      }),
    ])
  })

  it('joins a bold heading wrapped in its cell beside a date cell, in a column', async () => {
    // "… chez Decathlon" / "Digital, Lille": one heading, wrapped in its cell.
    const page: PlacedText[] = [
      { text: 'Antoine Girard', x: 40, y: 40, size: 22, bold: true },
      { text: 'Parcours professionnel', x: 40, y: 100, size: 12, bold: true },
      { text: 'janv. 2022 – présent', x: 40, y: 124, size: 7, bold: true },
      {
        text: 'Ingénieur DevOps senior chez OVHcloud, Roubaix',
        x: 123,
        y: 124,
        size: 10,
        bold: true,
      },
      { text: 'Migration de 200 services vers Kubernetes', x: 135, y: 137, size: 9 },
      { text: 'sept. 2018 – déc. 2021', x: 40, y: 170, size: 7, bold: true },
      {
        text: 'Ingénieur DevOps des plateformes chez Decathlon',
        x: 123,
        y: 170,
        size: 10,
        bold: true,
      },
      { text: 'Digital, Lille', x: 123, y: 182, size: 10, bold: true },
      { text: 'Astreintes et post-mortems', x: 135, y: 196, size: 9 },
    ]
    const side = [
      'Détails',
      'Lille, France',
      'antoine@example.fr',
      'Compétences',
      'Kubernetes',
      'Terraform',
      'Ansible',
      'Langues',
      'Anglais',
    ]
    side.forEach((text, i) =>
      page.push({ text, x: 420, y: 100 + i * 14, size: 9, bold: i % 4 === 0 }),
    )
    const parsed = await parseResumePdf(await writePdf([page]))
    expect(parsed.resume.work).toEqual([
      expect.objectContaining({ name: 'OVHcloud', position: 'Ingénieur DevOps senior' }),
      expect.objectContaining({
        name: 'Decathlon Digital',
        position: 'Ingénieur DevOps des plateformes',
        startDate: '2018-09',
        endDate: '2021-12',
      }),
    ])
  })

  it('reads two bare years stacked in the gutter as a range, but not a list of single years', async () => {
    const page: PlacedText[] = [
      { text: 'Lars Berg', x: 40, y: 40, size: 22, bold: true },
      { text: 'lars@example.no', x: 40, y: 70 },
      { text: 'EXPERIENCE', x: 40, y: 100, size: 12, bold: true },
      // "2019" over "2023", then "2015" over "2019": each entry's start above its end.
      { text: '2019', x: 40, y: 124, bold: true },
      { text: 'Senior Engineer, Equinor ASA', x: 110, y: 124 },
      { text: '2023', x: 40, y: 137 },
      { text: '• Ran the subsurface data platform', x: 120, y: 137 },
      { text: '2015', x: 40, y: 164, bold: true },
      { text: 'Engineer, Kongsberg Gruppen', x: 110, y: 164 },
      { text: '2019', x: 40, y: 177 },
    ]
    const parsed = await parseResumePdf(await writePdf([page]))
    expect(parsed.resume.work).toEqual([
      expect.objectContaining({ name: 'Equinor ASA', startDate: '2019', endDate: '2023' }),
      expect.objectContaining({ name: 'Kongsberg Gruppen', startDate: '2015', endDate: '2019' }),
    ])
    // One year per row in a resume that never stacks its dates: two schools, not a range.
    const list: PlacedText[] = [
      { text: 'Lars Berg', x: 40, y: 40, size: 22, bold: true },
      { text: 'EDUCATION', x: 40, y: 100, size: 12, bold: true },
      { text: '2012', x: 40, y: 124 },
      { text: 'Master of Science, NTNU University', x: 110, y: 124 },
      { text: '2015', x: 40, y: 138 },
      { text: 'Bachelor of Science, University of Oslo', x: 110, y: 138 },
    ]
    const schools = (await parseResumePdf(await writePdf([list]))).resume.education
    expect(schools.map((school) => school.endDate)).toEqual(['2012', '2015'])
  })

  it('reads a left label column as the headings of the blocks beside it', async () => {
    // Section labels in a narrow right-aligned band, each beside the top of its block.
    const page: PlacedText[] = [{ text: 'Lena Vogel', x: 40, y: 40, size: 22, bold: true }]
    const blocks: [string, string[]][] = [
      ['Contact', ['lena.vogel@example.at', '+43 660 1234567', 'Vienna, Austria']],
      [
        'Experience',
        [
          'March 2020 – Present',
          'Erste Group Bank AG, Vienna',
          'Risk Analyst',
          'June 2017 – February 2020',
          'KPMG Austria GmbH, Vienna',
          'Audit Assistant',
        ],
      ],
      ['Education', ['2013 – 2017', 'WU Vienna University of Economics', 'Bachelor of Science']],
      ['Skills', ['SAS · Python · SQL · IFRS 9 · Basel III']],
    ]
    let y = 90
    for (const [label, lines] of blocks) {
      page.push({ text: label, x: 70, y, size: 10 })
      lines.forEach((text, i) => page.push({ text, x: 170, y: y + i * 13, size: 9 }))
      y += lines.length * 13 + 16
    }
    const parsed = await parseResumePdf(await writePdf([page]))
    expect(parsed.lines.filter((line) => line.heading).map((line) => line.text)).toEqual([
      'Contact',
      'Experience',
      'Education',
      'Skills',
    ])
    expect(parsed.resume.work).toEqual([
      expect.objectContaining({ name: 'Erste Group Bank AG', position: 'Risk Analyst' }),
      expect.objectContaining({
        name: 'KPMG Austria GmbH',
        position: 'Audit Assistant',
        startDate: '2017-06',
        endDate: '2020-02',
      }),
    ])
    expect(parsed.resume.education[0]).toMatchObject({
      institution: 'WU Vienna University of Economics',
      studyType: 'Bachelor of Science',
      endDate: '2017',
    })
    expect(parsed.resume.skills.flatMap((group) => group.keywords)).toEqual([
      'SAS',
      'Python',
      'SQL',
      'IFRS 9',
      'Basel III',
    ])
  })

  it('splits skill tags set side by side and drops their ratings and levels', async () => {
    const page: PlacedText[] = [
      { text: 'Noor Haddad', x: 40, y: 40, size: 22, bold: true },
      { text: 'noor@example.ae', x: 40, y: 70 },
      { text: 'SKILLS', x: 40, y: 110, size: 12, bold: true },
      // Tags (pills) on one row, separated only by the space between them.
      { text: 'Figma', x: 40, y: 134 },
      { text: 'User Research', x: 90, y: 134 },
      { text: 'Prototyping', x: 175, y: 134 },
      // Ratings drawn as dots beside the skill, and a level after a dash.
      { text: 'Illustrator', x: 40, y: 152 },
      {
        text: '● ● ● ○ ○',
        x: 120,
        y: 152,
        font: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
      },
      { text: 'Accessibility — Advanced', x: 40, y: 170 },
    ]
    const parsed = await parseResumePdf(await writePdf([page]))
    expect(parsed.resume.skills.flatMap((group) => group.keywords)).toEqual([
      'Figma',
      'User Research',
      'Prototyping',
      'Illustrator',
      'Accessibility',
    ])
  })

  it('keeps a column’s ragged right-aligned dates with their titles when choosing the gutter', () => {
    // Cards with right-aligned dates (x1 = 330) in a main column, a left-aligned side column
    // from x = 370; a header row crosses the real gutter, so the split between titles and
    // dates runs taller than the real one.
    const items = [item('Header name and contact details across the page', 40, 40, 500)]
    for (let i = 0; i < 6; i++) {
      const y = 80 + i * 40
      items.push(item(`Role number ${i}`, 40, y, 80 + i * 6))
      const width = 60 + (i % 3) * 12
      items.push(item(`Jan 201${i} – Dec 201${i + 1}`, 330 - width, y, width))
      items.push(item(`Company ${i}`, 40, y + 13, 70))
      items.push(item(`Side line ${2 * i}`, 370, y, 80))
      items.push(item(`Side line ${2 * i + 1}`, 370, y + 20, 80))
    }
    const gutter = findGutter(buildChunks(1, items), 595)
    expect(gutter).not.toBeNull()
    expect(gutter!.x).toBeGreaterThan(330)
    expect(gutter!.x).toBeLessThan(370)
  })

  it('keeps the word gap in small capitals drawn letter by letter', () => {
    // "ANA LIMA" in small caps: a large first letter, smaller ones, no gap inside a word.
    const letters: ReturnType<typeof item>[] = []
    let x = 100
    for (const word of ['ANA', 'LIMA']) {
      word.split('').forEach((c, i) => {
        const size = i === 0 ? 22 : 15.7
        letters.push(item(c, x, 60, size * 0.7, size))
        x += size * 0.7
      })
      x += 7.6
    }
    expect(buildChunks(1, letters).map((c) => c.text)).toEqual(['ANA LIMA'])
  })
})

describe('entries written in other orders', () => {
  it('reads a contact block beside the name as a header, and entries dated on their last line', async () => {
    // Short lines everywhere, the contact details stacked at the top right: no column runs down
    // the page, so the text under the header is read full width, in order.
    const page: PlacedText[] = [
      { text: 'Ines Duarte', x: 40, y: 40, size: 22, bold: true },
      { text: 'Operations Analyst', x: 40, y: 68, size: 11 },
      { text: 'ines@example.pt', x: 420, y: 40, size: 9 },
      { text: '+351 912 345 678', x: 420, y: 52, size: 9 },
      { text: 'Porto, Portugal', x: 420, y: 64, size: 9 },
      { text: 'Experience', x: 40, y: 100, size: 12, bold: true },
      { text: 'Operations Analyst', x: 40, y: 122, bold: true },
      { text: 'Farfetch | Ciudad de Porto', x: 40, y: 135 },
      { text: '03/2021 - Present', x: 40, y: 148, size: 9 },
      { text: '• Cut the returns backlog by half', x: 48, y: 161 },
      { text: 'Logistics Coordinator', x: 40, y: 184, bold: true },
      { text: 'Sonae MC | Ciudad de Maia', x: 40, y: 197 },
      { text: '06/2018 - 02/2021', x: 40, y: 210, size: 9 },
      { text: 'Education', x: 40, y: 240, size: 12, bold: true },
      // One line wrapped after a comma: the year is on the next line.
      { text: 'Master of Science in Industrial Engineering, University of Porto,', x: 40, y: 262 },
      { text: '2018', x: 40, y: 275 },
      // A degree wrapped after "in" in a narrow box, then the school, then the dates.
      { text: 'Bachelor of Science in', x: 40, y: 298, bold: true },
      { text: 'Management', x: 40, y: 310, bold: true },
      { text: 'University of Minho', x: 40, y: 322 },
      { text: '2013 - 2016', x: 40, y: 334, size: 9 },
    ]
    const parsed = await parseResumePdf(await writePdf([page]))
    expect(parsed.resume.basics).toMatchObject({ name: 'Ines Duarte', email: 'ines@example.pt' })
    expect(parsed.resume.work).toEqual([
      expect.objectContaining({
        name: 'Farfetch',
        position: 'Operations Analyst',
        location: 'Ciudad de Porto',
        startDate: '2021-03',
      }),
      expect.objectContaining({
        name: 'Sonae MC',
        position: 'Logistics Coordinator',
        startDate: '2018-06',
        endDate: '2021-02',
      }),
    ])
    expect(parsed.resume.education).toEqual([
      expect.objectContaining({
        institution: 'University of Porto',
        studyType: 'Master of Science',
        area: 'Industrial Engineering',
        endDate: '2018',
      }),
      expect.objectContaining({
        institution: 'University of Minho',
        studyType: 'Bachelor of Science',
        area: 'Management',
        endDate: '2016',
      }),
    ])
  })

  it('splits a title after a dash from a company and place written with commas', () => {
    expect(splitPieces('Shopify, Toronto, ON — Data Analyst')).toEqual([
      'Shopify',
      '\u2063Toronto, ON',
      'Data Analyst',
    ])
    expect(splitPieces('Bachelor of Science – University of Toronto')).toEqual([
      'Bachelor of Science',
      'University of Toronto',
    ])
  })
})

describe('headings set apart by letter spacing or new vocabulary', () => {
  it('reads letter-spaced headings with kerned pairs and run-together words', () => {
    expect(headingKind('KO M P E T E N Z E N')).toBe('skills')
    expect(headingKind('PA R C O U R S P R O F E SS I O N N E L')).toBe('experience')
    expect(headingKind('S K I L L S S U M M A RY')).toBe('skills')
    expect(headingKind('E M P LOY M E N T H I S T O RY')).toBe('experience')
    expect(headingKind('Appointments')).toBe('experience')
    expect(headingKind('Selected Publications')).toBe('other')
    expect(headingKind('Digital skills')).toBe('skills')
    expect(headingKind('Other language(s)')).toBe('languages')
    // Two tags set side by side are no heading, whatever their last word.
    expect(headingKind('Differentiated Instruction  Irish Language')).toBeNull()
  })
})

describe('round 3: layouts measured and failed', () => {
  it.each([
    ['2022.01 → now', { startDate: '2022-01', current: true }],
    ['2020.05 → 2021.12', { startDate: '2020-05', endDate: '2021-12', current: false }],
    ['09.2017–02.2021', { startDate: '2017-09', endDate: '2021-02', current: false }],
    ['2019 -> 2021', { startDate: '2019', endDate: '2021', current: false }],
    ['2018 ~ 2020', { startDate: '2018', endDate: '2020', current: false }],
    ['03/2016 até 05/2019', { startDate: '2016-03', endDate: '2019-05', current: false }],
    ['abril 2019 a la actualidad', { startDate: '2019-04', current: true }],
    ['Mai 2019 bis heute', { startDate: '2019-05', current: true }],
  ])('reads the range %s', (text, expected) => {
    expect(findDateRange(text)).toMatchObject(expected)
    if (!('endDate' in expected)) expect(findDateRange(text)!.endDate).toBeUndefined()
  })

  it('splits "City, ST" off the end of a company line, and a sentence full stop', () => {
    expect(splitPieces('Acme Corp Toronto, ON')).toEqual(['Acme Corp', '\u2063Toronto, ON'])
    expect(splitPieces('Deutsche Bank Frankfurt am Main, Germany')).toEqual([
      'Deutsche Bank',
      '\u2063Frankfurt am Main, Germany',
    ])
    expect(splitPieces('KPMG LLP New York, NY')).toEqual(['KPMG LLP', '\u2063New York, NY'])
    expect(splitPieces('Data Analyst, Shopify, Toronto, ON.')).toEqual([
      'Data Analyst',
      'Shopify',
      '\u2063Toronto, ON',
    ])
    // An abbreviation keeps its full stop; a place alone stays a place.
    expect(splitPieces('Acme Inc.')).toEqual(['Acme Inc.'])
    // Spanish "en" before the employer after a title; not a degree's field.
    expect(
      splitPieces('Analista de datos en Telefónica, Madrid').map((p) =>
        p.replace(/[\u2063\u2064]/gu, ''),
      ),
    ).toEqual(['Analista de datos', 'Telefónica', 'Madrid'])
    expect(splitPieces('Grado en Ingeniería Mecánica')).toEqual(['Grado en Ingeniería Mecánica'])
    // A title that is also a degree works at a company; "bei" / "chez" after any short title.
    const plain = (text: string) => splitPieces(text).map((p) => p.replace(/[\u2063\u2064]/gu, ''))
    expect(plain('Ingénieur DevOps senior chez OVHcloud, Roubaix')).toEqual([
      'Ingénieur DevOps senior',
      'OVHcloud',
      'Roubaix',
    ])
    expect(plain('Recruiterin bei Airbus Operations GmbH, Hamburg')).toEqual([
      'Recruiterin',
      'Airbus Operations GmbH',
      'Hamburg',
    ])
    expect(plain('Ingeniero de Calidad de Proveedores en CIE Automotive')).toEqual([
      'Ingeniero de Calidad de Proveedores',
      'CIE Automotive',
    ])
    expect(splitPieces('Toronto, ON')).toEqual(['\u2063Toronto, ON'])
  })

  it('keeps a plain-font place apart from the styled name it follows in one run', () => {
    const item = (text: string, x: number, width: number, italic: boolean) => ({
      text,
      x,
      y: 100,
      width,
      size: 9,
      bold: false,
      italic,
    })
    const chunks = buildChunks(1, [
      item('Otto Group', 50, 45, true),
      item(' ', 95, 2.5, false),
      item('Hamburg', 97.5, 34, false),
    ])
    expect(chunks.map((c) => c.text)).toEqual(['Otto Group  Hamburg'])
    // The same words in one font stay one run; a plain word that is no place too.
    expect(buildChunks(1, [item('Otto Group Hamburg', 50, 80, true)])[0]!.text).toBe(
      'Otto Group Hamburg',
    )
    expect(
      buildChunks(1, [item('Led', 50, 14, true), item('the migration', 67, 55, false)])[0]!.text,
    ).toBe('Led the migration')
  })

  it('drops bracketed years and levels after skills, and splits lists on " / "', async () => {
    const pdf = await writePdf([
      [
        { text: 'Ada Example', x: 40, y: 40, size: 22, bold: true },
        { text: 'ada@example.com', x: 40, y: 70 },
        { text: 'Skills', x: 40, y: 110, size: 14, bold: true },
        { text: '• Python (5 years)', x: 40, y: 135 },
        { text: '• SAP IS-H (9 Jahre)', x: 40, y: 150 },
        { text: '• Excel avanzado (+10 años)', x: 40, y: 165 },
        { text: '• Go (Expert)', x: 40, y: 180 },
        { text: '• C++ (STL)', x: 40, y: 195 },
        { text: 'SQL / dbt / A/B Testing', x: 40, y: 215 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.skills.flatMap((group) => group.keywords ?? [])).toEqual([
      'Python',
      'SAP IS-H',
      'Excel avanzado',
      'Go',
      'C++ (STL)',
      'SQL',
      'dbt',
      'A/B Testing',
    ])
  })

  it('joins a heading wrapped over two lines and reads labelled and glyph-marked places', async () => {
    const pdf = await writePdf([
      [
        { text: 'Carlos Example', x: 40, y: 40, size: 22, bold: true },
        { text: 'Email: carlos@example.mx', x: 40, y: 70 },
        { text: 'Domicilio: Ciudad de México, Mexico', x: 40, y: 85 },
        { text: 'EXPERIENCIA', x: 40, y: 120, size: 11, bold: true },
        { text: 'LABORAL', x: 40, y: 133, size: 11, bold: true },
        { text: '02/2019 – ACTUAL GERENTE DE AUDITORÍA', x: 40, y: 155 },
        { text: 'KPMG México – Monterrey', x: 40, y: 170 },
        { text: 'EDUCATION AND', x: 40, y: 205, size: 11, bold: true },
        { text: 'TRAINING', x: 40, y: 218, size: 11, bold: true },
        { text: '09/2016 – 04/2020 Bachelor of Science – Statistics', x: 40, y: 240 },
        { text: 'University of Toronto', x: 40, y: 255 },
      ],
    ])
    const { resume, lines } = await parseResumePdf(pdf)
    expect(lines.filter((line) => line.heading).map((line) => line.text)).toEqual([
      'EXPERIENCIA LABORAL',
      'EDUCATION AND TRAINING',
    ])
    expect(resume.basics.location).toMatchObject({ city: 'Ciudad de México' })
    expect(resume.work).toEqual([
      expect.objectContaining({ name: 'KPMG México', startDate: '2019-02', location: 'Monterrey' }),
    ])
    expect(resume.education).toEqual([
      expect.objectContaining({ institution: 'University of Toronto', endDate: '2020-04' }),
    ])
    const glyphs = await writePdf([
      [
        { text: 'Aisha Example', x: 40, y: 40, size: 22, bold: true },
        {
          text: '⌂ Toronto, ON',
          x: 300,
          y: 42,
          size: 9,
          font: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
        },
        { text: 'aisha@example.ca', x: 300, y: 60, size: 9 },
      ],
    ])
    const parsed = await parseResumePdf(glyphs)
    expect(parsed.resume.basics.location).toMatchObject({ city: 'Toronto', region: 'ON' })
  })

  it('reads a cell set far right of the date line as the place, a name beside it as a name', async () => {
    const pdf = await writePdf([
      [
        { text: 'Elena Example', x: 40, y: 40, size: 22, bold: true },
        { text: 'elena@example.es', x: 40, y: 70 },
        { text: 'Experience', x: 40, y: 110, size: 14, bold: true },
        { text: 'Científica de datos', x: 40, y: 135, bold: true },
        { text: 'BBVA', x: 40, y: 150 },
        { text: '06/2020 - Presente', x: 40, y: 165 },
        { text: 'Madrid', x: 480, y: 165 },
        { text: 'Modelos de riesgo de crédito', x: 40, y: 182 },
        { text: 'Analista de datos', x: 40, y: 210, bold: true },
        { text: 'Telefónica', x: 40, y: 225 },
        { text: '01/2017 - 05/2020', x: 40, y: 240 },
        { text: 'Alcobendas', x: 480, y: 240 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(
      resume.work.map(({ name, position, location }) => ({ name, position, location })),
    ).toEqual([
      { name: 'BBVA', position: 'Científica de datos', location: 'Madrid' },
      { name: 'Telefónica', position: 'Analista de datos', location: 'Alcobendas' },
    ])
  })
})

describe('round 4: labelled fields, date-styled places, level words', () => {
  it('reads entries written as labelled fields, whatever the labels’ language', async () => {
    const pdf = await writePdf([
      [
        { text: 'Astrid Example', x: 40, y: 40, size: 22, bold: true },
        { text: 'astrid@example.no', x: 40, y: 70 },
        { text: 'WORK EXPERIENCE', x: 40, y: 110, size: 12, bold: true },
        { text: 'SENIOR STRUCTURAL ENGINEER', x: 40, y: 135 },
        { text: 'Employer: Norconsult', x: 40, y: 150 },
        { text: 'Location: Bergen', x: 40, y: 165 },
        { text: 'Dates of Employment: 09/2021 to Present', x: 40, y: 180 },
        { text: 'Supervisor: Available upon request', x: 40, y: 195 },
        { text: 'Lead engineer for a cable-stayed crossing', x: 40, y: 210 },
        { text: 'GRADUATE ENGINEER', x: 40, y: 235 },
        { text: 'Arbeitgeber: Arup', x: 40, y: 250 },
        { text: 'Ort: London', x: 40, y: 265 },
        { text: 'Von: 09/2014', x: 40, y: 280 },
        { text: 'Bis: 01/2016', x: 40, y: 295 },
        { text: 'EDUCATION', x: 40, y: 330, size: 12, bold: true },
        { text: 'Institution: Norwegian University of Science and Technology', x: 40, y: 355 },
        { text: 'Degree: Master of Science', x: 40, y: 370 },
        { text: 'Major: Civil Engineering', x: 40, y: 385 },
        { text: 'Completed: 06/2014', x: 40, y: 400 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.work).toEqual([
      {
        name: 'Norconsult',
        position: 'SENIOR STRUCTURAL ENGINEER',
        location: 'Bergen',
        startDate: '2021-09',
        highlights: ['Lead engineer for a cable-stayed crossing'],
      },
      {
        name: 'Arup',
        position: 'GRADUATE ENGINEER',
        location: 'London',
        startDate: '2014-09',
        endDate: '2016-01',
      },
    ])
    expect(resume.education).toEqual([
      {
        institution: 'Norwegian University of Science and Technology',
        studyType: 'Master of Science',
        area: 'Civil Engineering',
        endDate: '2014-06',
      },
    ])
  })

  it('reads a cell in the date’s own type after the date as the place', async () => {
    const pdf = await writePdf([
      [
        { text: 'Astrid Example', x: 40, y: 40, size: 22, bold: true },
        { text: 'astrid@example.no', x: 40, y: 70 },
        { text: 'Experience', x: 40, y: 110, size: 14, bold: true },
        { text: 'Structural Engineer', x: 40, y: 135, size: 11, bold: true },
        { text: 'Multiconsult', x: 40, y: 150, bold: true },
        { text: 'February 2016 – August 2021', x: 40, y: 165, size: 8 },
        { text: 'Oslo', x: 180, y: 165, size: 8 },
        { text: 'Graduate Engineer', x: 40, y: 195, size: 11, bold: true },
        { text: 'Arup', x: 40, y: 210, bold: true },
        { text: 'September 2014 – January 2016', x: 40, y: 225, size: 8 },
        { text: 'London', x: 180, y: 225, size: 8 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(
      resume.work.map(({ name, position, location }) => ({ name, position, location })),
    ).toEqual([
      { name: 'Multiconsult', position: 'Structural Engineer', location: 'Oslo' },
      { name: 'Arup', position: 'Graduate Engineer', location: 'London' },
    ])
  })

  it('drops a level written as words in its own cell, and reads "Strengths" as skills', async () => {
    const pdf = await writePdf([
      [
        { text: 'Carlos Example', x: 40, y: 40, size: 22, bold: true },
        { text: 'carlos@example.mx', x: 40, y: 70 },
        { text: 'STRENGTHS', x: 40, y: 110, size: 12, bold: true },
        { text: 'Auditoría', x: 40, y: 135 },
        { text: 'Excellent', x: 200, y: 135 },
        { text: 'Excel avanzado', x: 40, y: 150 },
        { text: 'Very Good', x: 200, y: 150 },
        { text: 'SAP', x: 40, y: 165 },
        { text: 'Sehr gut', x: 200, y: 165 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.skills.flatMap((group) => group.keywords ?? [])).toEqual([
      'Auditoría',
      'Excel avanzado',
      'SAP',
    ])
  })

  it('reads "en curso" as the present', () => {
    expect(findDateRange('marzo 2019 – en curso')).toMatchObject({
      startDate: '2019-03',
      current: true,
    })
  })

  it('splits a town the document names elsewhere off the end of a company line', () => {
    expect(splitKnownPlace('Equinor Stavanger', ['Stavanger'])).toEqual(['Equinor', 'Stavanger'])
    expect(splitKnownPlace('Siemens AG München', ['München'])).toEqual(['Siemens AG', 'München'])
    // A town the document does not name stays; so does one after a joiner, in a name a dash
    // already split, or after an organisation noun the town may belong to ("DRK Kliniken Berlin").
    expect(splitKnownPlace('Equinor Stavanger', ['Bergen'])).toBeNull()
    expect(splitKnownPlace('Hospices Civils de Lyon', ['Lyon'])).toBeNull()
    expect(splitKnownPlace('Charité – Universitätsmedizin Berlin', ['Berlin'])).toBeNull()
    expect(splitKnownPlace('Otto Group Hamburg', ['Hamburg'])).toBeNull()
    expect(splitKnownPlace('DRK Kliniken Berlin', ['Berlin'])).toBeNull()
  })
})

describe('round 5: event tables, letter-spaced names, "Company, City — Title", capitals', () => {
  it('reads a chronological "Year | Month | event" table into jobs and schools', async () => {
    const row = (y: number, year: string, month: string, event: string): PlacedText[] => [
      { text: year, x: 40, y },
      ...(month ? [{ text: month, x: 95, y }] : []),
      { text: event, x: 130, y },
    ]
    const pdf = await writePdf([
      [
        { text: 'Kwame Example', x: 40, y: 40, size: 22 },
        { text: 'kwame@example.co.uk', x: 40, y: 70 },
        { text: 'Year', x: 40, y: 110 },
        { text: 'Month', x: 90, y: 110 },
        { text: 'Education and Work History', x: 230, y: 110 },
        { text: 'Education', x: 270, y: 128 },
        ...row(146, '2014', '9', 'Entered University of Leeds'),
        ...row(164, '2017', '6', 'Graduated from University of Leeds, BSc in Supply Chain'),
        { text: 'Management', x: 130, y: 176 },
        { text: 'Work History', x: 265, y: 200 },
        ...row(218, '2017', '9', 'Joined Tesco (Welwyn Garden City) as Graduate Planner'),
        ...row(236, '2018', '12', 'Left Tesco'),
        ...row(254, '2019', '', 'Joined DHL Supply Chain (Milton Keynes) as Inventory Analyst'),
        { text: 'Currently employed', x: 130, y: 272 },
        { text: 'End', x: 500, y: 290 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.work).toEqual([
      {
        name: 'DHL Supply Chain',
        position: 'Inventory Analyst',
        location: 'Milton Keynes',
        startDate: '2019',
      },
      {
        name: 'Tesco',
        position: 'Graduate Planner',
        location: 'Welwyn Garden City',
        startDate: '2017-09',
        endDate: '2018-12',
      },
    ])
    expect(resume.education).toEqual([
      {
        institution: 'University of Leeds',
        startDate: '2014-09',
        studyType: 'BSc',
        area: 'Supply Chain Management',
        endDate: '2017',
      },
    ])
  })

  it('needs three events to read a table as a chronology', () => {
    const line = (text: string, y: number) => ({
      text,
      parts: [{ text, x0: 40, x1: 300, y, size: 10, bold: false, italic: false }],
      page: 1,
      x0: 40,
      x1: 300,
      y,
      size: 10,
      bold: false,
      column: null,
      section: 'experience' as const,
      heading: false,
    })
    // @ts-expect-error a minimal line: the fields the event reader uses
    expect(eventEntries([line('2019 Joined Acme as Analyst', 100)])).toBeNull()
  })

  it('reads a letter-spaced name as the words the email or a link spells', () => {
    expect(unLetterSpace('A I S H A K H A N', ['aisha.khan'])).toBe('AISHA KHAN')
    // Kerned groups kept together; the surname alone in the email.
    expect(unLetterSpace('D AV I D O K A F O R', ['d.okafor'])).toBe('DAVID OKAFOR')
    expect(unLetterSpace('K E N J I WATA N A B E', ['/in/kenji-watanabe'])).toBe('KENJI WATANABE')
    // Wider gaps between the words say it themselves.
    expect(unLetterSpace('J O H N  D O E', [])).toBe('JOHN DOE')
    expect(unLetterSpace('Aisha Khan', ['aisha.khan'])).toBe('Aisha Khan')
  })

  it('ends the company at a place before a dash: "Company, City — Title"', () => {
    expect(
      splitPieces('Cabinet Kiné Chartrons, Bordeaux — Masseur-kinésithérapeute libérale'),
    ).toEqual(['Cabinet Kiné Chartrons', '\u2063Bordeaux', 'Masseur-kinésithérapeute libérale'])
    expect(
      splitPieces('Charité – Universitätsmedizin Berlin, Berlin — Fachkrankenpflegerin'),
    ).toEqual(['Charité – Universitätsmedizin Berlin', '\u2063Berlin', 'Fachkrankenpflegerin'])
    // A town that ends the name it follows is no place: "CHU de Bordeaux, Bordeaux" stays a name.
    expect(splitPieces('CHU de Bordeaux, Bordeaux — Sage-femme')).toEqual([
      'CHU de Bordeaux',
      '\u2063Bordeaux',
      'Sage-femme',
    ])
  })

  it('reads one-line capital entries: degrees in capitals, "NAME, TOWN" as a name and its town', async () => {
    const pdf = await writePdf([
      [
        { text: 'Marie Example', x: 40, y: 40, size: 22 },
        { text: 'marie@example.fr', x: 40, y: 70 },
        { text: 'EXPÉRIENCE', x: 40, y: 110, size: 12, bold: true },
        {
          text: "SAGE-FEMME | CHU DE BORDEAUX, BORDEAUX | MARS 2020 – AUJOURD'HUI",
          x: 40,
          y: 135,
          bold: true,
        },
        { text: 'Coordination des consultations.', x: 40, y: 150 },
        { text: 'INFIRMIÈRE | CLINIQUE DU PARC, LYON | 2014 – 2020', x: 40, y: 165, bold: true },
        { text: 'FORMATION', x: 40, y: 195, size: 12, bold: true },
        {
          text: 'MASTER OF SCIENCE, LOGISTIK | 2017 | HOCHSCHULE BREMEN',
          x: 40,
          y: 210,
          bold: true,
        },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.work?.[0]).toMatchObject({
      name: 'CHU DE BORDEAUX',
      position: 'SAGE-FEMME',
      startDate: '2020-03',
    })
    expect(resume.work?.[0]?.endDate).toBeUndefined()
    expect(resume.education).toEqual([
      {
        institution: 'HOCHSCHULE BREMEN',
        studyType: 'MASTER OF SCIENCE',
        area: 'LOGISTIK',
        endDate: '2017',
      },
    ])
  })
})

describe('round 6: two-digit years, icon glyphs before a cell', () => {
  it.each([
    ["Sep '19 – Present", { startDate: '2019-09', current: true }],
    ['Jan ’21 – Mar ’23', { startDate: '2021-01', endDate: '2023-03', current: false }],
    ["Sept. '98 to Feb '02", { startDate: '1998-09', endDate: '2002-02', current: false }],
    ["déc. '15 – heute", { startDate: '2015-12', current: true }],
  ])('reads a month with an apostrophe and two digits: %s', (text, expected) => {
    expect(findDateRange(text)).toMatchObject(expected)
    if (!('endDate' in expected)) expect(findDateRange(text)!.endDate).toBeUndefined()
  })

  it('keeps a year written out and a quote that is no year apart', () => {
    expect(parseDate("May '17")).toBe('2017-05')
    expect(findDateRange("the team's '10x' goal")).toBeNull()
  })

  it('drops icon glyphs before a date and a place: the date line gives no pieces of its own', async () => {
    const glyph = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'
    const entry = (y: number, position: string, company: string, dates: string, place: string) => [
      { text: position, x: 40, y, size: 11, bold: true },
      { text: company, x: 40, y: y + 15, size: 10.5 },
      { text: `▣ ${dates}`, x: 40, y: y + 30, size: 8.5, font: glyph },
      { text: `◉ ${place}`, x: 150, y: y + 30, size: 8.5, font: glyph },
      { text: '• Ran the weekly planning for the whole site', x: 48, y: y + 45, size: 9 },
    ]
    const pdf = await writePdf([
      [
        { text: 'Marie Example', x: 40, y: 40, size: 22 },
        { text: 'marie@example.fr', x: 40, y: 70 },
        { text: 'EXPERIENCE', x: 40, y: 100, size: 12, bold: true },
        ...entry(120, 'Sage-femme coordinatrice', 'Clinique du Parc', "Mar '20 – Present", 'Lyon'),
        ...entry(190, 'Data Analyst', 'Shopify', "Jan '17 – Feb '20", 'Toronto, ON'),
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.work).toEqual([
      {
        name: 'Clinique du Parc',
        position: 'Sage-femme coordinatrice',
        location: 'Lyon',
        startDate: '2020-03',
        highlights: ['Ran the weekly planning for the whole site'],
      },
      {
        name: 'Shopify',
        position: 'Data Analyst',
        location: 'Toronto, ON',
        startDate: '2017-01',
        endDate: '2020-02',
        highlights: ['Ran the weekly planning for the whole site'],
      },
    ])
  })
})

describe('round 7: Dutch, Italian and Portuguese vocabulary', () => {
  it.each([
    ['sep. 2019 – heden', { startDate: '2019-09', current: true }],
    ['mrt. 2016 – okt. 2019', { startDate: '2016-03', endDate: '2019-10', current: false }],
    ['jan. 2014 tot mei 2016', { startDate: '2014-01', endDate: '2016-05', current: false }],
    ['sinds 03/2021', { startDate: '2021-03', current: true }],
    ['gennaio 2018 – oggi', { startDate: '2018-01', current: true }],
    ['ott 2015 – giu 2017', { startDate: '2015-10', endDate: '2017-06', current: false }],
    ['março 2019 até hoje', { startDate: '2019-03', current: true }],
    ['fev. 2012 – dez. 2014', { startDate: '2012-02', endDate: '2014-12', current: false }],
  ])('reads a range: %s', (text, expected) => {
    expect(findDateRange(text)).toMatchObject(expected)
    if (!('endDate' in expected)) expect(findDateRange(text)!.endDate).toBeUndefined()
  })

  it.each([
    ['Persoonlijke gegevens', 'contact'],
    ['Profiel', 'summary'],
    ['Werkervaring', 'experience'],
    ['Opleiding', 'education'],
    ['Vaardigheden', 'skills'],
    ['Talen', 'languages'],
    ['Esperienze professionali', 'experience'],
    ['Istruzione e formazione', 'education'],
    ['Competenze', 'skills'],
    ['Lingue', 'languages'],
    ['Experiência profissional', 'experience'],
    ['Formação académica', 'education'],
    ['Competências', 'skills'],
    ['Resumo profissional', 'summary'],
  ])('names the section of %s', (text, kind) => {
    expect(headingKind(text)).toBe(kind)
  })

  it('reads a Dutch cv end to end: sections, months and "heden"', async () => {
    const pdf = await writePdf([
      [
        { text: 'Daan Visser', x: 40, y: 40, size: 22, bold: true },
        { text: 'daan@example.nl', x: 40, y: 70 },
        { text: 'Werkervaring', x: 40, y: 100, size: 13, bold: true },
        { text: 'Ontwerper', x: 40, y: 120, size: 11, bold: true },
        { text: 'sep. 2019 – heden', x: 460, y: 120, size: 10 },
        { text: 'Studio Noord – Rotterdam', x: 40, y: 135, size: 10 },
        { text: 'Opleiding', x: 40, y: 170, size: 13, bold: true },
        { text: 'Bachelor Communicatie', x: 40, y: 190, size: 11, bold: true },
        { text: 'sep. 2012 – jun. 2016', x: 460, y: 190, size: 10 },
        { text: 'Hogeschool Rotterdam', x: 40, y: 205, size: 10 },
        { text: 'Vaardigheden', x: 40, y: 240, size: 13, bold: true },
        { text: 'Figma, Illustrator, Typografie', x: 40, y: 260, size: 10 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.work?.[0]).toMatchObject({ position: 'Ontwerper', startDate: '2019-09' })
    expect(resume.work?.[0]?.endDate).toBeUndefined()
    expect(resume.education?.[0]).toMatchObject({ institution: 'Hogeschool Rotterdam' })
    expect(resume.skills?.flatMap((skill) => skill.keywords ?? [skill.name])).toContain('Figma')
  })
})

describe('round 7: employment tables with From | To columns, agency cover titles', () => {
  it.each([
    ['03/2019 to date', { startDate: '2019-03', current: true }],
    ['04/2019 bis heute', { startDate: '2019-04', current: true }],
  ])('reads "to date" and a connector before a present word: %s', (text, expected) => {
    expect(findDateRange(text)).toMatchObject(expected)
    expect(findDateRange(text)!.endDate).toBeUndefined()
  })

  it('joins From | To cells into one range and a wrapped cell into its row', async () => {
    const row = (y: number, cells: [string, string, string, string, string]) =>
      cells.map((text, i) => ({ text, x: [40, 100, 160, 300, 440][i]!, y, size: 9, bold: i === 2 }))
    const pdf = await writePdf([
      [
        { text: 'Candidate Profile', x: 40, y: 40, size: 16 },
        { text: 'Anna Schmidt', x: 40, y: 70, size: 14, bold: true },
        { text: 'anna@example.de', x: 40, y: 90 },
        { text: 'Employment history', x: 40, y: 120, size: 11, bold: true },
        ...row(140, ['From', 'To', 'Employer', 'Position', 'Location']).map((cell) => ({
          ...cell,
          bold: true,
        })),
        ...row(160, ['04/2019', 'to date', 'Charité –', 'Fachkrankenpflegerin', 'Berlin']),
        { text: 'Universitätsmedizin Berlin', x: 160, y: 171, size: 9, bold: true },
        { text: 'Intensivpflege', x: 300, y: 171, size: 9 },
        ...row(200, ['10/2015', '03/2019', 'Vivantes Klinikum', 'Pflegerin', 'Berlin']),
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.basics?.name).toBe('Anna Schmidt')
    expect(resume.work).toMatchObject([
      {
        name: 'Charité – Universitätsmedizin Berlin',
        position: 'Fachkrankenpflegerin Intensivpflege',
        startDate: '2019-04',
      },
      {
        name: 'Vivantes Klinikum',
        position: 'Pflegerin',
        startDate: '2015-10',
        endDate: '2019-03',
      },
    ])
    expect(resume.work?.[0]?.endDate).toBeUndefined()
  })
})

describe('round 7: designer cards — two-digit-year ranges, initials, "@ Company City"', () => {
  it('reads "MM/YY – MM/YY" and "MM/YY – now" only as a range', () => {
    expect(findDateRange('09/19 – now')).toMatchObject({ startDate: '2019-09', current: true })
    expect(findDateRange('05/20 – 12/21')).toMatchObject({
      startDate: '2020-05',
      endDate: '2021-12',
      current: false,
    })
    expect(findDateRange('09/16')).toBeNull()
    expect(findDateRange('Scored 10/12 on the audit')).toBeNull()
  })

  it('skips large initials for the name and reads the employer after an at-sign', async () => {
    const pdf = await writePdf([
      [
        { text: 'AK', x: 40, y: 110, size: 46, bold: true },
        { text: 'Aisha Khan', x: 170, y: 60, size: 30, bold: true },
        { text: 'aisha.khan@example.ca', x: 170, y: 100, size: 8.5 },
        { text: 'Toronto, ON', x: 170, y: 125, size: 8.5 },
        { text: 'Experience', x: 40, y: 230, size: 14, bold: true },
        { text: '01/22 – now', x: 40, y: 266, size: 8.5 },
        { text: 'Data Analyst', x: 40, y: 280, size: 11, bold: true },
        { text: '@ Shopify Toronto, ON', x: 40, y: 291, size: 8.8 },
        { text: '• Built merchant churn dashboards in Looker', x: 40, y: 304, size: 9 },
        { text: '05/20 – 12/21', x: 40, y: 340, size: 8.5 },
        { text: 'Junior Analyst', x: 40, y: 355, size: 11, bold: true },
        { text: '@ Rogers Communications Toronto, ON', x: 40, y: 365, size: 8.8 },
        { text: '• Automated the weekly churn report', x: 40, y: 378, size: 9 },
        { text: 'Skills', x: 40, y: 420, size: 14, bold: true },
        { text: 'SQL | Python | Looker', x: 40, y: 440, size: 9 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.basics?.name).toBe('Aisha Khan')
    expect(resume.work?.[0]).toMatchObject({
      name: 'Shopify',
      position: 'Data Analyst',
      location: 'Toronto, ON',
      startDate: '2022-01',
    })
    expect(resume.work?.[0]?.endDate).toBeUndefined()
  })
})

describe('round 8: plain-text resumes, card galleries', () => {
  /** A monospace page as a .txt prints: 80 columns of Courier 9 (5.4 pt a character). */
  function plainTextPage(rows: string[]): PlacedText[] {
    return rows.map((text, row) => ({ text, x: 40, y: 40 + row * 11, size: 9, font: 'Courier' }))
  }
  const padded = (left: string, right: string) => left + right.padStart(80 - left.length)

  it('reads "=====" under a line as a heading and a rule, not text', async () => {
    // (Helvetica here: pdf.js reads pdfkit's Courier word gaps as two spaces.)
    const rows = (texts: string[]) =>
      texts.flatMap((text, row) =>
        text.split(/\s{3,}/u).map((piece, n) => ({
          text: piece,
          x: n === 0 ? 40 : 420,
          y: 40 + row * 12,
          size: 9,
        })),
      )
    const pdf = await writePdf([
      rows([
        'PEDRO ALVES',
        'Porto, Portugal | +351 912 345 678 | pedro.alves@example.pt',
        '',
        'EXPERIENCE',
        '==========',
        padded('Data Engineer', 'Mar 2019 -- Present'),
        'Farfetch, Porto',
        '  -  Built the order pipeline on Kafka',
        '',
        'VOLUNTEER WORK',
        '==============',
        'Coached a youth football team',
        '',
        'EDUCATION',
        '=========',
        'Universidade do Porto                                                       2018',
        'Master of Science in Informatics',
      ]),
    ])
    const { resume, lines } = await parseResumePdf(pdf)
    expect(lines.some((line) => line.text.includes('==='))).toBe(false)
    expect(lines.find((line) => line.text === 'VOLUNTEER WORK')?.heading).toBe(true)
    expect(resume.work).toHaveLength(1)
    expect(resume.work?.[0]).toMatchObject({
      name: 'Farfetch',
      position: 'Data Engineer',
      startDate: '2019-03',
    })
    expect(resume.education?.[0]).toMatchObject({
      institution: 'Universidade do Porto',
      endDate: '2018',
    })
  })

  it('joins a list wrapped at 80 columns a word short of the edge', async () => {
    // 73 columns: "lymphatique," would have ended at column 86.
    const skills = 'Thérapie manuelle, Kinésithérapie respiratoire, Taping, Massage, Drainage'
    const pdf = await writePdf([
      plainTextPage([
        'CLAIRE MARTIN',
        'claire.martin@example.fr',
        '',
        'EXPÉRIENCE',
        '==========',
        padded('Kinésithérapeute', 'oct. 2018 -- aujourd’hui'),
        'Cabinet Kiné Chartrons, Bordeaux',
        '',
        'COMPÉTENCES',
        '===========',
        skills,
        'lymphatique, Rééducation sportive',
      ]),
    ])
    expect(skills.length).toBe(73)
    const { resume } = await parseResumePdf(pdf)
    const keywords = resume.skills?.flatMap((group) => group.keywords ?? [])
    expect(keywords).toContain('Drainage lymphatique')
    expect(keywords).toContain('Massage')
    expect(keywords).not.toContain('Drainage')
  })

  it('reads cards side by side card by card when their dates run across a row', async () => {
    const pdf = await writePdf([
      [
        { text: 'Felix Braun', x: 60, y: 50, size: 26, bold: true },
        { text: 'felix.braun@example.de', x: 60, y: 90, size: 10 },
        { text: 'Ausbildung', x: 60, y: 140, size: 14, bold: true },
        { text: 'Technische Universität Hamburg', x: 70, y: 170, size: 9.6, bold: true },
        { text: 'Hochschule Bremen', x: 300, y: 170, size: 9.6, bold: true },
        { text: 'Master of Science, Logistik', x: 70, y: 184, size: 9.6 },
        { text: 'Bachelor of Engineering', x: 300, y: 184, size: 9.6 },
        { text: '2017', x: 70, y: 198, size: 9.6 },
        { text: '2015', x: 300, y: 198, size: 9.6 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.education).toHaveLength(2)
    expect(resume.education?.[0]).toMatchObject({
      institution: 'Technische Universität Hamburg',
      studyType: 'Master of Science',
      endDate: '2017',
    })
    expect(resume.education?.[1]).toMatchObject({
      institution: 'Hochschule Bremen',
      studyType: 'Bachelor of Engineering',
      endDate: '2015',
    })
  })

  it('joins a degree wrapped in a narrow card under its school', async () => {
    const pdf = await writePdf([
      [
        { text: 'Liam Walsh', x: 60, y: 50, size: 26, bold: true },
        { text: 'liam.walsh@example.com', x: 60, y: 90, size: 10 },
        { text: 'Education', x: 60, y: 140, size: 14, bold: true },
        { text: 'Colorado State University', x: 70, y: 170, size: 9.6, bold: true },
        { text: 'Bachelor of Science in Computer Information', x: 70, y: 184, size: 9.6 },
        { text: 'Systems', x: 70, y: 198, size: 9.6 },
        { text: '2015', x: 70, y: 212, size: 9.6 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.education).toHaveLength(1)
    expect(resume.education?.[0]).toMatchObject({
      institution: 'Colorado State University',
      studyType: 'Bachelor of Science',
      endDate: '2015',
    })
  })

  it('takes the school from another row than "Degree, Field", and knows more degree names', async () => {
    const pdf = await writePdf([
      [
        { text: 'Lukas Huber', x: 68, y: 60, size: 24, bold: true },
        { text: 'lukas.huber@example.at', x: 68, y: 90, size: 10 },
        { text: 'FORMACIÓN ACADÉMICA', x: 68, y: 140, size: 11, bold: true },
        { text: '2017 – 2020', x: 80, y: 160, size: 9.5 },
        { text: 'Bachelor of Science, Elektronik', x: 80, y: 173, size: 10.5, bold: true },
        { text: 'FH Technikum Wien', x: 80, y: 188, size: 10.5 },
        { text: '2010 – 2015', x: 80, y: 209, size: 9.5 },
        { text: 'Reife- und Diplomprüfung, Elektrotechnik', x: 80, y: 223, size: 10.5, bold: true },
        { text: 'HTL St. Pölten', x: 80, y: 236, size: 10.5 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.education).toHaveLength(2)
    expect(resume.education?.[0]).toMatchObject({
      institution: 'FH Technikum Wien',
      studyType: 'Bachelor of Science',
      area: 'Elektronik',
      endDate: '2020',
    })
    expect(resume.education?.[1]).toMatchObject({
      institution: 'HTL St. Pölten',
      studyType: 'Reife- und Diplomprüfung',
      endDate: '2015',
    })
    const degree = (text: string) => DEGREE.exec(text)?.[0]
    expect(degree("Diplôme d'État de docteur en pharmacie")).toBe(
      "Diplôme d'État de docteur en pharmacie",
    )
    expect(degree("Diplôme d'État de masseur-kinésithérapeute")).toBe(
      "Diplôme d'État de masseur-kinésithérapeute",
    )
    expect(degree('Bachelier en comptabilité')).toBe('Bachelier')
    expect(degree('Matura')).toBe('Matura')
  })

  it('reads a bracketed "City, ST" after a company as its place, though "MS" is also a degree', () => {
    expect(splitPieces('Walmart Distribution Center (Olive Branch, MS)')).toEqual([
      'Walmart Distribution Center',
      '\u2063Olive Branch, MS',
    ])
    expect(splitPieces('Blue Bottle Coffee (Boston, MA)')).toEqual([
      'Blue Bottle Coffee',
      '\u2063Boston, MA',
    ])
  })

  it('keeps a title with an organisation word over "Company, City" as the title', async () => {
    const pdf = await writePdf([
      [
        { text: 'Rafael Souza', x: 40, y: 40, size: 12 },
        { text: 'São Paulo, Brazil | rafael.souza@example.com.br', x: 40, y: 56, size: 10 },
        { text: 'EXPERIENCE', x: 40, y: 90, size: 10 },
        { text: '==========', x: 40, y: 102, size: 10 },
        { text: 'Software Engineer', x: 40, y: 114, size: 10 },
        { text: 'Feb 2021 -- Present', x: 420, y: 114, size: 10 },
        { text: 'Nubank, São Paulo', x: 40, y: 126, size: 10 },
        { text: '- Built the card limit service in Clojure', x: 40, y: 138, size: 10 },
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.work?.[0]).toMatchObject({
      name: 'Nubank',
      position: 'Software Engineer',
      location: 'São Paulo',
      startDate: '2021-02',
    })
  })

  it('knows midwives and a researcher with a German ending as titles', () => {
    for (const title of ['Sage-femme coordinatrice', 'Hebamme', 'UX Researcherin', 'Midwife'])
      expect(TITLE_WORDS.test(title)).toBe(true)
  })

  it('keeps the market a title covers in the title: "Sales Director, APAC"', () => {
    expect(splitPieces('Sales Director, APAC')).toEqual(['Sales Director, APAC'])
    expect(splitPieces('Analyst, KPMG')).toEqual(['Analyst', 'KPMG'])
  })
})

describe('round 9: sections read by their content, labelled rows, code spans', () => {
  /** A page in a language the vocabulary does not know (invented words), headings in bold capitals. */
  function unknownLanguagePage(): PlacedText[] {
    const rows: [string, number, boolean?][] = [
      ['Mira Kovalenko', 20, true],
      ['mira.kovalenko@example.com | +48 600 100 200', 10],
      ['Analityk danych', 11],
      ['ZORBLAT VESKO', 11, true],
      ['Data Analyst', 10, true],
      ['Allegro, Warszawa', 10],
      ['03.2019 – 12.2022', 10],
      ['Junior Analyst', 10, true],
      ['mBank, Warszawa', 10],
      ['01.2016 – 02.2019', 10],
      ['KLEMPA DURVOS', 11, true],
      ['Uniwersytet Warszawski', 10, true],
      ['Master of Science in Economics', 10],
      ['2013 – 2015', 10],
      ['FRENTO', 11, true],
      ['SQL', 10],
      ['Python', 10],
      ['Tableau', 10],
      ['Power BI', 10],
      ['MOLVA TRESK', 11, true],
      ['English – C1', 10],
      ['German – B2', 10],
    ]
    return rows.map(([text, size, bold], i) => ({ text, x: 50, y: 40 + i * 18, size, bold }))
  }

  it('names sections outside the vocabulary by what they hold', async () => {
    const { resume, lines } = await parseResumePdf(await writePdf([unknownLanguagePage()]))
    const sectionOf = (text: string) => lines.find((line) => line.text === text)?.section
    expect(sectionOf('ZORBLAT VESKO')).toBe('experience')
    expect(sectionOf('KLEMPA DURVOS')).toBe('education')
    expect(sectionOf('FRENTO')).toBe('skills')
    expect(sectionOf('MOLVA TRESK')).toBe('languages')
    expect(resume.work.map((job) => [job.position, job.startDate, job.endDate])).toEqual([
      ['Data Analyst', '2019-03', '2022-12'],
      ['Junior Analyst', '2016-01', '2019-02'],
    ])
    expect(resume.education[0]).toMatchObject({ institution: 'Uniwersytet Warszawski' })
    expect(resume.skills.flatMap((group) => group.keywords)).toEqual([
      'SQL',
      'Python',
      'Tableau',
      'Power BI',
    ])
    expect(resume.languages?.map((language) => language.language)).toEqual(
      expect.arrayContaining(['English', 'German']),
    )
  })

  it('leaves a known kind to its known heading, and prose with no clear kind as other', () => {
    expect(sectionByContent(['Analyst, Acme Inc', 'Jan 2020 – Present', 'Built dashboards'])).toBe(
      'experience',
    )
    expect(sectionByContent(['University of Leeds', 'BSc Mathematics', '2014 – 2017'])).toBe(
      'education',
    )
    expect(sectionByContent(['Go, Rust, TypeScript'])).toBe('skills')
    expect(sectionByContent(['Polish – native', 'English – C1'])).toBe('languages')
    expect(
      sectionByContent(['I enjoy turning messy data into decisions that people can act on.']),
    ).toBeNull()
    // A certification with a single year is no job.
    expect(sectionByContent(['AWS Certified Solutions Architect 2021'])).toBeNull()
  })

  it('drops small print closing the document (a consent clause) from the last section', async () => {
    const page = unknownLanguagePage().slice(0, 20)
    page.push(
      { text: 'Python', x: 50, y: 400, size: 10 },
      {
        text: 'Wyrażam zgodę na przetwarzanie moich danych osobowych dla potrzeb rekrutacji.',
        x: 50,
        y: 760,
        size: 7,
      },
    )
    const { resume } = await parseResumePdf(await writePdf([page]))
    const skills = resume.skills.flatMap((group) => group.keywords ?? [])
    expect(skills).toContain('Python')
    expect(skills.some((skill) => /zgod|danych/u.test(skill))).toBe(false)
  })

  it('reads Polish and Brazilian month names, "obecnie" and "atual", and "mar/2019"', () => {
    expect(findDateRange('03.2019 – obecnie')).toMatchObject({
      startDate: '2019-03',
      current: true,
    })
    expect(findDateRange('mar/2019 – atual')).toMatchObject({ startDate: '2019-03', current: true })
    expect(findDateRange('ago/2018 – dez/2021')).toMatchObject({
      startDate: '2018-08',
      endDate: '2021-12',
    })
    expect(findDateRange('sty 2020 – paź 2021')).toMatchObject({
      startDate: '2020-01',
      endDate: '2021-10',
    })
    expect(parseDate('grudzień 2019')).toBe('2019-12')
  })

  it('reads Polish and Brazilian headings and field labels', () => {
    expect(headingKind('Doświadczenie zawodowe')).toBe('experience')
    expect(headingKind('WYKSZTAŁCENIE')).toBe('education')
    expect(headingKind('Umiejętności')).toBe('skills')
    expect(headingKind('Języki obce')).toBe('languages')
    expect(headingKind('OBJETIVO')).toBe('summary')
    expect(labelledField('Kierunek: Informatyka')?.role).toBe('area')
    expect(labelledField('Tytuł: magister')?.role).toBe('degree')
    expect(labelledField('Stanowisko: Analityk')?.role).toBe('position')
  })

  it('reads jobs labelled by their title under a "Company – City" line, any label for the period', async () => {
    const rows = [
      ['Rafael Souza', 18],
      ['rafael.souza@example.com', 10],
      ['EXPERIÊNCIA PROFISSIONAL', 11],
      ['Nubank – São Paulo', 10],
      ['Cargo: Engenheiro de Dados', 10],
      ['Período: mar/2019 – atual', 10],
      ['Principais atividades:', 10],
      ['Construiu pipelines de dados', 10],
      ['Stone – Rio de Janeiro', 10],
      ['Cargo: Analista de Dados', 10],
      ['Vigência: jan/2016 – fev/2019', 10],
    ] as const
    const pdf = await writePdf([
      // The company lines are bold, as a Currículo sets them.
      rows.map(([text, size], i) => ({
        text,
        x: 50,
        y: 40 + i * 16,
        size,
        bold: [0, 3, 8].includes(i),
      })),
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(
      resume.work.map((job) => [job.name, job.position, job.location, job.startDate, job.endDate]),
    ).toEqual([
      ['Nubank', 'Engenheiro de Dados', 'São Paulo', '2019-03', undefined],
      ['Stone', 'Analista de Dados', 'Rio de Janeiro', '2016-01', '2019-02'],
    ])
  })

  it('reads "Title @ Company" over "City, ST · dates" for every entry', async () => {
    const rows = [
      ['David Okafor', 18],
      ['d.okafor@example.com', 10],
      ['Experience', 14],
      ['Senior Accountant @ Grant Thornton LLP', 11],
      ['Chicago, IL · Jan 2020 – present', 9],
      ['Closed the books monthly for twelve clients', 9],
      ['Audit Associate @ Deloitte', 11],
      ['Chicago, IL · Sep 2016 – Dec 2019', 9],
      ['Audited manufacturing clients with revenue', 9],
    ] as const
    const pdf = await writePdf([
      rows.map(([text, size], i) => ({
        text,
        x: i === 5 || i === 8 ? 70 : 50,
        y: 40 + i * 16,
        size,
        bold: size >= 11,
      })),
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.work.map((job) => [job.name, job.position, job.location])).toEqual([
      ['Grant Thornton LLP', 'Senior Accountant', 'Chicago, IL'],
      ['Deloitte', 'Audit Associate', 'Chicago, IL'],
    ])
  })

  it('leaves a completion word before a school\'s date out of the school ("concluído em 2017")', async () => {
    const rows = [
      ['Rafael Souza', 18],
      ['rafael.souza@example.com', 10],
      ['FORMAÇÃO ACADÊMICA', 11],
      ['Bachelor of Arts in Economics – Universidade de São Paulo – concluído em 2017', 10],
      ['Master of Science in Finance – University of Leeds – completed in 2019', 10],
    ] as const
    const pdf = await writePdf([
      rows.map(([text, size], i) => ({ text, x: 50, y: 40 + i * 16, size, bold: i === 0 })),
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(resume.education.map((school) => [school.institution, school.endDate])).toEqual([
      ['Universidade de São Paulo', '2017'],
      ['University of Leeds', '2019'],
    ])
  })

  it("reads a school table by its header row's columns, wrapped cells included", async () => {
    const cell = (text: string, x: number, y: number, bold = false): PlacedText => ({
      text,
      x,
      y,
      size: 9.5,
      bold,
    })
    const pdf = await writePdf([
      [
        { text: 'Emily Nguyen', x: 56, y: 40, size: 20, bold: true },
        { text: 'emily.nguyen@example.com', x: 56, y: 70, size: 9.5 },
        { text: 'Ausbildung', x: 56, y: 110, size: 14, bold: true },
        cell('Abschluss', 65, 140, true),
        cell('Hochschule', 330, 140, true),
        cell('Jahr', 520, 140, true),
        cell('Bachelor of Business Administration in Management', 65, 165),
        cell('The University of Texas at', 330, 165),
        cell('2016', 520, 172),
        cell('Information Systems', 65, 179),
        cell('Austin', 330, 179),
        cell("Diplôme d'État d'infirmier", 65, 205),
        cell('IFSI Croix-Rouge Lyon', 330, 205),
        cell('2012', 520, 205),
      ],
    ])
    const { resume } = await parseResumePdf(pdf)
    expect(
      resume.education.map((school) => [school.institution, school.studyType, school.endDate]),
    ).toEqual([
      ['The University of Texas at Austin', 'Bachelor of Business Administration', '2016'],
      ['IFSI Croix-Rouge Lyon', "Diplôme d'État d'infirmier", '2012'],
    ])
  })

  it("keeps a monospaced row's word spaces as spaces and its wider gaps as item breaks", () => {
    // Code spans: words 0.6 em apart (a monospaced space), spans 1.06 em apart.
    const size = 8.5
    const words: [string, number][] = [
      ['Google', 59.25],
      ['Ads', 95.05],
      ['SEO', 119.43],
      ['Power', 143.8],
      ['BI', 174.6],
    ]
    const chunks = buildChunks(
      1,
      words.map(([text, x]) => ({
        text,
        x,
        y: 594,
        width: text.length * 0.6 * size,
        size,
        bold: false,
        italic: false,
      })),
    )
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Google Ads  SEO  Power BI'])
  })
})

describe('round 10: a label-row CV in a language without vocabulary', () => {
  /**
   * A CV in invented words (no heading, label, month or present word is in any vocabulary): a
   * title above the name, headings set like the one known heading ("Profile"), jobs as label
   * rows, a signature line with the day's date at the foot.
   */
  function labelRowPage(): PlacedText[] {
    const rows: [string, string | null, number, boolean?, boolean?][] = [
      ['Zyvotrop', null, 24, true],
      ['Mira Kovalenko', null, 13, true],
      ['Osobno Udajo', null, 11, true],
      ['Jmeno:', 'Mira Kovalenko', 9.5],
      ['Bydlo:', 'Toronto, ON', 9.5],
      ['Telefo:', '+1 416 555 0173', 9.5],
      ['Postal:', 'mira.kovalenko@example.ca', 9.5],
      ['Profile', null, 11, true],
      ['Analyst who turns messy operational data into dashboards people use.', null, 9.5],
      ['Praxo zkusenosti', null, 11, true],
      ['Obdobo:', 'lednik 2022 – dosudo', 9.5],
      ['Zamestno:', 'Shopify, Toronto, ON', 9.5],
      ['Pozico:', 'Data Analyst', 9.5, false, true],
      ['Naplo prace:', 'Built merchant churn dashboards in Looker and dbt for the whole team', 9.5],
      ['Obdobo:', 'kvetnik 2020 – prosinak 2021', 9.5],
      ['Zamestno:', 'Rogers Communications, Toronto, ON', 9.5],
      ['Pozico:', 'Junior Analyst', 9.5, false, true],
      ['Vzdelo', null, 11, true],
      ['Obdobo:', '2016 – 2020', 9.5],
      ['Skolo:', 'University of Toronto', 9.5, false, true],
      ['Oboro:', 'Statistics', 9.5],
      ['Titulo:', 'Bachelor of Science', 9.5],
      ['Dovedo', null, 11, true],
      ['SQL, Python, Looker, dbt, BigQuery, Excel', null, 9.5],
      ['V Toronto dno 26. 11. 2026', null, 9.5],
    ]
    return rows.flatMap(([label, value, size, bold, valueBold], i) => {
      const y = 40 + i * 20
      const first = { text: label, x: 50, y, size, bold }
      return value === null ? [first] : [first, { text: value, x: 140, y, size, bold: valueBold }]
    })
  }

  it('reads a year range whose month and present words are unknown', () => {
    expect(findDateRange('Obdobo: lednik 2022 – dosudo')).toMatchObject({
      text: 'lednik 2022 – dosudo',
      startDate: '2022',
      current: true,
    })
    expect(findDateRange('kvetnik 2020 – prosinak 2021')).toMatchObject({
      startDate: '2020',
      endDate: '2021',
      current: false,
    })
    // A capitalised word after the dash is a name, not the present; an earlier year no end.
    expect(findDateRange('Allianz 2019 – Berlin')).toMatchObject({ text: '2019', current: false })
    expect(findDateRange('2019 – dosudo 2015')?.endDate).toBeUndefined()
    // Czech, now in the vocabulary.
    expect(findDateRange('březen 2019 – dosud')).toMatchObject({
      startDate: '2019-03',
      current: true,
    })
  })

  it('names personal details by their content', () => {
    expect(
      sectionByContent(['Jmeno: Mira Kovalenko', 'Telefo: +1 416 555 0173', 'Postal: m@x.ca']),
    ).toBe('contact')
  })

  it('reads headings by the known heading type, labels by their values, the name it spells', async () => {
    const { resume, lines } = await parseResumePdf(await writePdf([labelRowPage()]))
    const sectionOf = (text: string) => lines.find((line) => line.text === text)?.section
    expect(resume.basics.name).toBe('Mira Kovalenko')
    expect(resume.basics.phone).toBe('+1 416 555 0173')
    expect(sectionOf('Praxo zkusenosti')).toBe('experience')
    expect(sectionOf('Vzdelo')).toBe('education')
    expect(sectionOf('Dovedo')).toBe('skills')
    // The signature line is no skill.
    expect(sectionOf('V Toronto dno 26. 11. 2026')).toBe('other')
    expect(
      resume.work.map((job) => [job.name, job.position, job.location, job.startDate, job.endDate]),
    ).toEqual([
      ['Shopify', 'Data Analyst', 'Toronto, ON', '2022', undefined],
      ['Rogers Communications', 'Junior Analyst', 'Toronto, ON', '2020', '2021'],
    ])
    expect(resume.education).toMatchObject([
      {
        institution: 'University of Toronto',
        studyType: 'Bachelor of Science',
        area: 'Statistics',
        endDate: '2020',
      },
    ])
    expect(resume.skills.flatMap((skill) => skill.keywords ?? [])).toEqual([
      'SQL',
      'Python',
      'Looker',
      'dbt',
      'BigQuery',
      'Excel',
    ])
  })

  it('guesses no title beside a label the vocabulary knows ("Supervisor: Ana Souza")', async () => {
    const rows = [
      ['Maya Chen', 20, true],
      ['EXPERIENCE', 12, true],
      ['Software Engineer', 10, true],
      ['Employer: Nubank', 10],
      ['Dates of Employment: 01/2020 to Present', 10],
      ['Supervisor: Ana Souza', 10],
      ['Data Analyst', 10, true],
      ['Employer: Itaú Unibanco', 10],
      ['Dates of Employment: 01/2017 to 12/2019', 10],
      ['Supervisor: Pedro Lima', 10],
    ] as const
    const page = rows.map(([text, size, bold], i) => ({ text, x: 50, y: 40 + i * 18, size, bold }))
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position])).toEqual([
      ['Nubank', 'Software Engineer'],
      ['Itaú Unibanco', 'Data Analyst'],
    ])
  })
})

describe('round 10: a newspaper page — three flowing columns, kickers, justified lines', () => {
  /** Words spread from x0 to x1 as a justified line sets them (each word placed on its own). */
  function justified(words: string[], x0: number, x1: number, y: number, size: number) {
    const doc = new PDFDocument()
    doc.font('Helvetica').fontSize(size)
    const widths = words.map((word) => doc.widthOfString(word))
    const gap = (x1 - x0 - widths.reduce((a, b) => a + b, 0)) / (words.length - 1)
    let x = x0
    return words.map((text, i) => {
      const placed = { text, x, y, size }
      x += widths[i]! + gap
      return placed
    })
  }

  function newspaperPage(): PlacedText[] {
    const page: PlacedText[] = [
      { text: 'Anna Schmidt', x: 200, y: 60, size: 30, bold: true },
      {
        text: 'BERLIN, GERMANY   +49 30 12345678   ANNA.SCHMIDT@EXAMPLE.DE   LINKEDIN.COM/IN/ANNA-SCHMIDT',
        x: 40,
        y: 110,
        size: 8,
      },
    ]
    const column = (x: number, y0: number, rows: [string, number, boolean?][]) =>
      rows.forEach(([text, size, bold], i) => page.push({ text, x, y: y0 + i * 14, size, bold }))
    column(40, 150, [
      ['EXPERIENCE', 10, true],
      ['Fachkrankenpflegerin', 12, true],
      ['Intensivpflege', 12, true],
      ['Charité Berlin — Berlin', 9],
      ['APR 2019 — PRESENT', 8],
    ])
    page.push(...justified(['Betreuung', 'von', 'Patienten'], 40, 190, 220, 9))
    column(40, 234, [
      ['und Praxisanleitung.', 9],
      ['Gesundheits- und', 12, true],
      ['Krankenpflegerin', 12, true],
    ])
    column(220, 157, [
      ['Vivantes Klinikum — Berlin', 9],
      ['OCT 2015 — MAR 2019', 8],
      ['Pflege auf der Station.', 9],
      ['EDUCATION', 10, true],
      ['Evangelische Pflegeakademie', 9, true],
    ])
    page.push(...justified(['Master', 'of', 'Science', 'in'], 220, 370, 241, 9))
    column(220, 255, [
      ['Nursing (2015)', 9],
      ['Pflege in der Klinik und', 9],
      ['auf der Station im Haus.', 9],
    ])
    column(400, 153, [
      ['SKILLS', 10, true],
      ['Intensivpflege, Beatmung', 9],
      ['Wundmanagement, Hygiene', 9],
      ['Praxisanleitung', 9],
      ['Dokumentation', 9],
      ['Pflegeplanung', 9],
      ['Notfallpflege', 9],
      ['Stationsleitung', 9],
    ])
    return page
  }

  it('reads three columns in turn, the text flowing from one into the next', async () => {
    const { resume, lines, layout } = await parseResumePdf(await writePdf([newspaperPage()]))
    expect(layout.columns).toBe(3)
    const sectionOf = (text: string) => lines.find((line) => line.text === text)?.section
    // The second column goes on with the experience section the first ended in.
    expect(sectionOf('OCT 2015 — MAR 2019')).toBe('experience')
    // A justified line is one line of text; a wrapped headline is one title.
    expect(lines.map((line) => line.text)).toContain('Betreuung von Patienten')
    expect(resume.education[0]).toMatchObject({
      institution: 'Evangelische Pflegeakademie',
      studyType: 'Master of Science',
    })
    expect(resume.work.map((job) => [job.position, job.name, job.startDate, job.endDate])).toEqual([
      ['Fachkrankenpflegerin Intensivpflege', 'Charité Berlin', '2019-04', undefined],
      ['Gesundheits- und Krankenpflegerin', 'Vivantes Klinikum', '2015-10', '2019-03'],
    ])
  })

  it('reads a letter-spaced kicker before or after the heading word', () => {
    expect(headingKind('C L A S S I F I E D S : S K I L L S')).toBe('skills')
    expect(headingKind('E D U C A T I O N N O T I C E S')).toBe('education')
    expect(headingKind('E X P E R I E N C I A · E D I C I Ó N')).toBe('experience')
    // Not letter-spaced: the words must still be a heading's.
    expect(headingKind('EDUCATION NOTICES')).toBeNull()
  })
})

describe('round 10: a career told as prose', () => {
  it('reads jobs, schools and skills from the sentences of a biography', async () => {
    const rows: [string, number, boolean?][] = [
      ['Owen Harris', 22, true],
      ['Chartered Civil Engineer', 12],
      ['Since April 2020, Owen has been Senior Civil Engineer at Arup in Cardiff. Notable', 10],
      ['results: Led the design of a tidal flood wall for 1,200 homes along the coast.', 10],
      ['From September 2015 to March 2020, Owen worked as Civil Engineer at Mott', 10],
      ['MacDonald in Bristol. Notable results: Modelled drainage for the M4 corridor.', 10],
      ['Von August 2013 bis August 2015 arbeitete Owen als Werkstudent bei Bosch in', 10],
      ['Stuttgart. In 2013, Owen completed a Master of Engineering in Civil Engineering', 10],
      ['at Cardiff University. Areas of expertise include Civil 3D, InfoWorks ICM, Flood', 10],
      ['Modelling, Eurocodes. Languages: English (Native), Welsh (Conversational).', 10],
    ]
    const page = rows.map(([text, size, bold], i) => ({ text, x: 50, y: 40 + i * 16, size, bold }))
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(
      resume.work.map((job) => [job.position, job.name, job.location, job.startDate, job.endDate]),
    ).toEqual([
      ['Senior Civil Engineer', 'Arup', 'Cardiff', '2020-04', undefined],
      ['Civil Engineer', 'Mott MacDonald', 'Bristol', '2015-09', '2020-03'],
      ['Werkstudent', 'Bosch', 'Stuttgart', '2013-08', '2015-08'],
    ])
    expect(resume.education).toMatchObject([
      { institution: 'Cardiff University', studyType: 'Master of Engineering', endDate: '2013' },
    ])
    expect(resume.skills.flatMap((skill) => skill.keywords ?? [])).toEqual([
      'Civil 3D',
      'InfoWorks ICM',
      'Flood Modelling',
      'Eurocodes',
    ])
  })
})

describe('round 12: lists wrapped in a narrow column, group labels, a title and its department', () => {
  /** A Deedy-style page: a narrow left column of skill groups, experience on the right. */
  function deedyPage(): PlacedText[] {
    const left: [string, number, boolean?][] = [
      ['EDUCATION', 13],
      ['UNIVERSITY OF TORONTO', 10, true],
      ['Bachelor of Science in Statistics', 10],
      ['Apr 2020', 10],
      ['SKILLS', 13],
      ['Analytics', 10, true],
      ['SQL • Python • Looker • dbt •', 10],
      ['Statistics • Excel • Looker • A/B', 10],
      ['Testing • BigQuery • Microsoft Power', 10],
      ['BI • dbt', 10],
      ['Languages', 10, true],
      ['C • C++ • Verilog', 10],
      ['CI/CD', 10, true],
      ['Jenkins • GitLab', 10],
      ['ArgoCD', 10],
      ['LANGUAGES', 13],
      ['English', 10],
      ['French', 10],
    ]
    const right: [string, number, boolean?][] = [
      ['EXPERIENCE', 13],
      ['Northern Trust | Director, Treasury Operations', 10],
      ['MAR 2023 – PRESENT | CHICAGO', 8],
      ['Leads wire and ACH operations for clients', 10],
      ['Cut exception queues by a third', 10],
      ['BMO Harris Bank | Senior Manager, Payment Operations', 10],
      ['AUG 2019 – FEB 2023 | CHICAGO', 8],
      ['Ran the migration of outgoing wires', 10],
      ['Automated the daily cash position report', 10],
      ['Built the team from three to nine people', 10],
      ['Wrote the runbook for payment incidents', 10],
      ['Trained analysts on the sanctions screening', 10],
    ]
    return [
      { text: 'Aisha Khan', x: 240, y: 40, size: 24, bold: true },
      { text: 'aisha.khan@example.com | (416) 555-0100 | Toronto, ON', x: 160, y: 75 },
      ...left.map(([text, size, bold], i) => ({ text, x: 34, y: 110 + i * 13, size, bold })),
      ...right.map(([text, size, bold], i) => ({ text, x: 260, y: 116 + i * 17, size, bold })),
    ]
  }

  it('joins an item a narrow column wrapped, keeps a deliberate break, reads group labels', async () => {
    const { resume, lines } = await parseResumePdf(await writePdf([deedyPage()]))
    const skills = resume.skills.flatMap((skill) => skill.keywords ?? [])
    // "A/B" / "Testing" and "Power" / "BI" wrapped (the next word would not have fit); "GitLab"
    // / "ArgoCD" is a line that ended early: two items.
    expect(skills).toEqual(
      expect.arrayContaining([
        'A/B Testing',
        'Microsoft Power BI',
        'C++',
        'Verilog',
        'GitLab',
        'ArgoCD',
      ]),
    )
    expect(skills).not.toContain('Testing')
    expect(skills).not.toContain('GitLab ArgoCD')
    // The bold "Languages" over programming languages and "CI/CD" are groups of skills, not
    // sections; the LANGUAGES heading in the section's own type still opens spoken languages.
    const sectionOf = (text: string) => lines.find((line) => line.text === text)?.section
    expect(sectionOf('C • C++ • Verilog')).toBe('skills')
    expect(sectionOf('Jenkins • GitLab')).toBe('skills')
    expect(resume.languages?.map((language) => language.language)).toEqual(['English', 'French'])
    expect(resume.work.map((job) => [job.name, job.position])).toEqual([
      ['Northern Trust', 'Director, Treasury Operations'],
      ['BMO Harris Bank', 'Senior Manager, Payment Operations'],
    ])
  })

  it('joins a wrapped item in a list of square marks', async () => {
    const rows = [
      'SKILLS',
      'Civil 3D ■ InfoWorks ICM ■ Flood Modelling ■',
      'Eurocodes ■ NEC4 Contracts ■ Stakeholder',
      'Engagement',
    ]
    const page = [
      { text: 'Owen Harris', x: 50, y: 40, size: 22, bold: true },
      { text: 'owen.harris@example.com', x: 50, y: 70 },
      ...rows.map((text, i) => ({
        text,
        x: 50,
        y: 110 + i * 13,
        size: 10,
        font: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
      })),
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.skills.flatMap((skill) => skill.keywords ?? [])).toEqual([
      'Civil 3D',
      'InfoWorks ICM',
      'Flood Modelling',
      'Eurocodes',
      'NEC4 Contracts',
      'Stakeholder Engagement',
    ])
  })

  it("keeps a title's department after its comma beside a company cell", () => {
    const unmarked = (text: string) =>
      splitPieces(text).map((piece) => piece.replace(/^\p{Cf}/u, ''))
    expect(unmarked('Northern Trust | Director, Treasury Operations')).toEqual([
      'Northern Trust',
      'Director, Treasury Operations',
    ])
    // A place after the comma is still a place, not a department.
    expect(unmarked('Stripe | Analyst, Dublin')).toEqual(['Stripe', 'Analyst', 'Dublin'])
  })

  it('joins a bold school name wrapped twice in a narrow column', async () => {
    const left: [string, boolean?][] = [
      ['EDUCATION'],
      ['ZHAW ZÜRCHER HOCHSCHULE', true],
      ['FÜR ANGEWANDTE', true],
      ['WISSENSCHAFTEN', true],
      ['Bachelor of Science in'],
      ['Betriebsökonomie'],
      ['Sep 2016'],
      ['SKILLS'],
      ['Controlling • Excel • SAP'],
    ]
    const right = ['EXPERIENCE', 'Swiss Re | Financial Analyst', 'MAR 2019 – PRESENT | ZÜRICH']
    const body = ['Built the monthly reporting pack', 'Closed the books in four days']
    const page: PlacedText[] = [
      { text: 'Noah Fischer', x: 240, y: 40, size: 24, bold: true },
      { text: 'noah.fischer@example.ch | Zürich', x: 200, y: 75 },
      ...left.map(([text, bold], i) => ({ text, x: 34, y: 110 + i * 13, size: 10, bold })),
      ...[...right, ...body, ...body, ...body].map((text, i) => ({
        text,
        x: 260,
        y: 116 + i * 17,
        size: 10,
      })),
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.education[0]).toMatchObject({
      institution: 'ZHAW ZÜRCHER HOCHSCHULE FÜR ANGEWANDTE WISSENSCHAFTEN',
      studyType: 'Bachelor of Science',
    })
  })

  it('reads an ATS template: "Title, Company" over "Place | dates", group lines', async () => {
    const rows: [string, number?, boolean?][] = [
      ['Claire Martin', 22, true],
      ['Bordeaux, France | claire.martin@example.fr', 10],
      ['EXPERIENCE', 12, true],
      ['Director, Treasury Operations, Northern Trust', 10, true],
      ['Chicago, Illinois | Mar 2023 – Present', 10],
      ['• Leads wire and ACH operations for institutional clients', 10],
      ['Masseur-kinésithérapeute, CHU de Bordeaux', 10, true],
      ['Bordeaux | Sep 2015 – Sep 2018', 10],
      ['• Rééducation post-opératoire et sportive', 10],
      ['Testingenieurin, Bosch', 10, true],
      ['Leonberg | Oct 2012 – Aug 2015', 10],
      ['• Prüfstände für Einspritzsysteme aufgebaut', 10],
      ['SKILLS', 12, true],
      ['Sprachen: Java, Kotlin', 10],
      ['Languages: Deutsch (Muttersprache), Englisch (C1)', 10],
    ]
    const page = rows.map(([text, size, bold], i) => ({ text, x: 45, y: 40 + i * 16, size, bold }))
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.position, job.name, job.location])).toEqual([
      ['Director, Treasury Operations', 'Northern Trust', 'Chicago, Illinois'],
      ['Masseur-kinésithérapeute', 'CHU de Bordeaux', 'Bordeaux'],
      ['Testingenieurin', 'Bosch', 'Leonberg'],
    ])
    // Programming languages under "Sprachen:" are skills; the spoken ones are languages.
    expect(resume.skills.flatMap((skill) => skill.keywords ?? [])).toEqual(['Java', 'Kotlin'])
    expect(resume.languages?.map((language) => language.language)).toEqual(['Deutsch', 'Englisch'])
  })

  it('reads roles nested under one company, and a section that goes on over the page', async () => {
    // LinkedIn's "Save to PDF": a grey sidebar (read first), the main column beside it; a company
    // over its tenure, then each role's title over its dates and place.
    const sidebar = [
      'Contact',
      'b.hayes@example.com',
      'Top Skills',
      'Treasury',
      'ACH',
      'Payments',
      'Languages',
      'English',
      'Certifications',
      'CTP',
    ]
    const main: [string, number][] = [
      ['Brandon Hayes', 22],
      ['Treasury operations director', 11],
      ['Experience', 14],
      ['Northern Trust', 11],
      ['10 years 7 months', 9],
      ['Director, Treasury Operations', 10],
      ['March 2023 - Present (3 years 9 months)', 9],
      ['Chicago, Illinois', 9],
      ['Leads wire and ACH operations for institutional clients', 10],
      ['Senior Manager, Payment Operations', 10],
      ['August 2019 - February 2023 (3 years 7 months)', 9],
      ['Chicago, Illinois', 9],
      ['Ran the migration of outgoing wires to ISO 20022', 10],
      ['Fifth Third Bank', 11],
      ['Branch Operations Supervisor', 10],
      ['September 2007 - May 2010 (2 years 9 months)', 9],
      ['Schaumburg, Illinois', 9],
      ['Education', 14],
    ]
    const gaps = [0, 20, 30, 22, 13, 20, 12, 12, 16, 20, 12, 12, 16, 25, 12, 12, 12, 30]
    let y = 40
    const page1: PlacedText[] = [
      ...sidebar.map((text, i) => ({ text, x: 30, y: 47.5 + i * 29, size: 10 })),
      ...main.map(([text, size], i) => ({ text, x: 215, y: (y += gaps[i]!), size })),
    ]
    const page2: PlacedText[] = [
      { text: 'DePaul University', x: 40, y: 50, size: 11 },
      { text: 'Master of Business Administration, Finance · (2011 - 2014)', x: 40, y: 64 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page1, page2]))
    expect(resume.work.map((job) => [job.name, job.position, job.startDate])).toEqual([
      ['Northern Trust', 'Director, Treasury Operations', '2023-03'],
      ['Northern Trust', 'Senior Manager, Payment Operations', '2019-08'],
      ['Fifth Third Bank', 'Branch Operations Supervisor', '2007-09'],
    ])
    expect(resume.education).toMatchObject([
      { institution: 'DePaul University', studyType: 'Master of Business Administration' },
    ])
  })

  it('reads German compound titles and firms, and an expected graduation date', async () => {
    // The compound's last part names it: "-angestellte", "-techniker" a title; "-kanzlei",
    // "-praxis" a firm.
    expect(TITLE_WORDS.test('Steuerfachangestellte')).toBe(true)
    expect(TITLE_WORDS.test('Projekttechniker')).toBe(true)
    expect(TITLE_WORDS.test('Steuerkanzlei Brandt')).toBe(false)
    const page: PlacedText[] = [
      { text: 'Jana Krüger', x: 50, y: 40, size: 22, bold: true },
      { text: 'jana.krueger@example.com | Leipzig', x: 50, y: 70 },
      { text: 'EXPERIENCE', x: 50, y: 110, size: 13 },
      { text: 'Steuerkanzlei Brandt & Partner | Steuerfachangestellte', x: 50, y: 130 },
      { text: 'AUG 2019 – PRESENT | LEIPZIG', x: 50, y: 144, size: 8 },
      { text: 'Betreut die Lohnabrechnung für 45 Mandanten', x: 62, y: 158 },
      { text: 'EDUCATION', x: 50, y: 190, size: 13 },
      { text: 'UNIVERSITY OF WATERLOO', x: 50, y: 210, bold: true },
      { text: 'Bachelor of Applied Science in Mechanical Engineering', x: 50, y: 224 },
      { text: 'Expected Apr 2028', x: 50, y: 238 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position, job.startDate])).toEqual([
      ['Steuerkanzlei Brandt & Partner', 'Steuerfachangestellte', '2019-08'],
    ])
    expect(resume.education).toMatchObject([
      { institution: 'UNIVERSITY OF WATERLOO', studyType: 'Bachelor of Applied Science' },
    ])
    expect(resume.education[0]!.endDate).toMatch(/^2028/)
  })
})

describe('round 13: a campus after the comma, freelance work, lists without marks', () => {
  it("keeps a state university's campus in its name, a city after another school's comma apart", async () => {
    const lines: [string, boolean][] = [
      ['EDUCATION', true],
      ['University of California, Berkeley', true],
      ['Bachelor of Science in Computer Science | 2013 – 2017', false],
      ['UNIVERSITY OF WISCONSIN, MADISON', true],
      ['Master of Science in Statistics | 2017 – 2019', false],
      ['California State University, Long Beach, CA', true],
      ['Bachelor of Arts in History | 2009 – 2013', false],
      ['Imperial College, London', true],
      ['Master of Engineering in Physics | 2005 – 2009', false],
      ['EXPERIENCE', true],
      ['University of Michigan, Ann Arbor', true],
      ['Research Assistant | 2019 – 2021', false],
    ]
    const page = linesPage('Jordan Lee', 'jordan@example.com | (312) 555-0100 | Chicago, IL', lines)
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.education.map((school) => school.institution)).toEqual([
      'University of California, Berkeley',
      'UNIVERSITY OF WISCONSIN, MADISON',
      'California State University, Long Beach',
      'Imperial College',
    ])
    // At work, the town after a university's comma is where the job was.
    expect(resume.work[0]).toEqual(
      expect.objectContaining({ name: 'University of Michigan', location: 'Ann Arbor' }),
    )
  })

  it('reads a job line that looks like a place over a place-and-date line as the next job', async () => {
    const lines: [string, boolean][] = [
      ['EXPERIENCE', true],
      ['Branch Operations Supervisor, Fifth Third Bank', true],
      ['Schaumburg, Illinois | Sep 2007 – May 2010', false],
      ['Personal Banker, Chase', true],
      ['Evanston, Illinois | Jul 2005 – Aug 2007', false],
      ['EDUCATION', true],
      ['Bachelor of Science in Economics, Illinois State University', true],
      ['Graduated May 2005', false],
    ]
    const page = linesPage(
      'Brandon Hayes',
      'brandon@example.com | (312) 555-0100 | Chicago, IL',
      lines,
    )
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work).toEqual([
      expect.objectContaining({
        name: 'Fifth Third Bank',
        position: 'Branch Operations Supervisor',
        location: 'Schaumburg, Illinois',
      }),
      expect.objectContaining({
        name: 'Chase',
        position: 'Personal Banker',
        location: 'Evanston, Illinois',
        startDate: '2005-07',
      }),
    ])
  })

  it('reads "Freelance" beside a title as the employer, whatever the order', async () => {
    const lines: [string, boolean][] = [
      ['EXPERIENCE', true],
      ['Freelance | Graphic Designer', true],
      ['Bristol | Jan 2021 – Present', false],
      ['Brand identities for 25 clients', false],
      ['EDUCATION', true],
      ['BA in Graphic Design, University of Brighton', true],
      ['2014 – 2017', false],
    ]
    const page = linesPage('Zoe Patel', 'zoe@example.com | 07700 900123 | Bristol', lines)
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work[0]).toEqual(
      expect.objectContaining({ name: 'Freelance', position: 'Graphic Designer' }),
    )
    expect(splitPieces('Freelance, Bristol — Graphic Designer')).toEqual([
      'Freelance',
      '\u2063Bristol',
      'Graphic Designer',
    ])
  })

  it('reads a skills list set in three columns of short items as items, not wrapped cells', async () => {
    const grid = [
      ['C', 'Verilog', 'Oscilloscope'],
      ['C++', 'Git'],
      ['Python', 'MATLAB'],
    ]
    const page: PlacedText[] = [
      { text: 'Jordan Lee', x: 50, y: 40, size: 22, bold: true },
      { text: 'jordan@example.com | (734) 555-0100 | Ann Arbor, MI', x: 50, y: 72 },
      { text: 'EXPERIENCE', x: 50, y: 110, size: 11, bold: true },
      { text: 'Embedded Software Intern, Bosch', x: 50, y: 130, bold: true },
      { text: 'May 2025 – Aug 2025', x: 450, y: 130 },
      { text: 'Wrote CAN bus diagnostics in C for a brake controller', x: 65, y: 145 },
      { text: 'SKILLS', x: 50, y: 175, size: 11, bold: true },
      ...grid.flatMap((row, r) =>
        row.map((text, c) => ({ text, x: 65 + c * 169, y: 196 + r * 13.5, size: 10 })),
      ),
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    const skills = resume.skills.flatMap((skill) => skill.keywords ?? [])
    expect([...skills].sort()).toEqual(
      ['C', 'C++', 'Git', 'MATLAB', 'Oscilloscope', 'Python', 'Verilog'].sort(),
    )
  })

  it('reads "Degree, Field · School" on one line: the field after the degree, the school apart', async () => {
    const page: PlacedText[] = [
      { text: 'Lukas Huber', x: 50, y: 40, size: 22, bold: true },
      { text: 'lukas@example.at | +43 660 1234567 | Wien', x: 50, y: 72 },
      { text: 'AUSBILDUNG', x: 50, y: 110, size: 11, bold: true },
      { text: 'Bachelor of Science, Elektronik · FH Technikum Wien', x: 50, y: 130, bold: true },
      { text: '2017 – 2020', x: 505, y: 130 },
      {
        text: 'Técnico Superior, Automatización Industrial · IES Virgen del Pilar',
        x: 50,
        y: 150,
        bold: true,
      },
      { text: '2010 – 2012', x: 505, y: 150 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.education).toEqual([
      expect.objectContaining({
        institution: 'FH Technikum Wien',
        studyType: 'Bachelor of Science',
        area: 'Elektronik',
      }),
      expect.objectContaining({
        institution: 'IES Virgen del Pilar',
        studyType: 'Técnico Superior',
        area: 'Automatización Industrial',
      }),
    ])
  })

  it("keeps a degree's name in capitals with it, a subject that goes on in the field", async () => {
    const lines: [string, boolean][] = [
      ['EDUCATION', true],
      ['Master MEEF in Mathématiques, Aix-Marseille Université', true],
      ['Jun 2016', false],
      ['Bachelor in Arts culinaires, Institut Paul Bocuse', true],
      ['Jun 2013', false],
      ['Bachelor of Arts in History, University of Leeds', true],
      ['Jun 2010', false],
    ]
    const page = linesPage('Hugo Bernard', 'hugo@example.fr | 06 12 34 56 78 | Marseille', lines)
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.education.map(({ studyType, area }) => [studyType, area])).toEqual([
      ['Master MEEF', 'Mathématiques'],
      ['Bachelor', 'Arts culinaires'],
      ['Bachelor of Arts', 'History'],
    ])
  })

  it("joins a line set closer under the one before than the list's step: one item wrapped", async () => {
    const items: [string, number][] = [
      ['18th Edition Wiring', 160],
      ['Regulations', 172],
      ['Fault Finding', 188],
      ['EV Charger Installation', 204],
      ['Fire Alarms', 220],
    ]
    const page: PlacedText[] = [
      { text: 'Oliver Smith', x: 40, y: 40, size: 22, bold: true },
      { text: 'oliver@example.co.uk | 07700 900456 | Leeds', x: 40, y: 72 },
      { text: 'SKILLS', x: 40, y: 140, size: 13, bold: true },
      ...items.map(([text, y]) => ({ text, x: 40, y, size: 10 })),
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.skills.flatMap((skill) => skill.keywords ?? [])).toEqual([
      '18th Edition Wiring Regulations',
      'Fault Finding',
      'EV Charger Installation',
      'Fire Alarms',
    ])
  })
})

describe("round 14: names set large or wrapped, an agency's contact, broken contact items", () => {
  it('reads an apostrophe drawn as its own letter-spaced glyph as part of the name', () => {
    expect(unLetterSpace("S A R A H  O ' C O N N O R", [])).toBe("SARAH O'CONNOR")
    expect(unLetterSpace("S A R A H O ' C O N N O R", ['sarah.oconnor'])).toBe("SARAH O'CONNOR")
    expect(
      unLetterSpace('D E V O N C A R T E R', ['linkedin.com/in/devoncarter', 'devon.carter']),
    ).toBe('DEVON CARTER')
  })

  it('takes a name set large beside small contact lines, and its wrapped last word', async () => {
    // Contact lines on the left at 9 pt; the name at 26 pt on the right half shares a baseline
    // with the email (pdfkit places text by its top: 0.718 em above the baseline).
    const baseline = (size: number, at: number) => at - 0.718 * size
    const page: PlacedText[] = [
      { text: 'Bilbao, Spain', x: 40, y: baseline(9, 70), size: 9 },
      { text: '+34 944 123 456', x: 40, y: baseline(9, 83), size: 9 },
      { text: 'andres.vega@example.es', x: 40, y: baseline(9, 96), size: 9 },
      { text: 'Andres Vega', x: 300, y: baseline(26, 96), size: 26 },
      { text: 'github.com/avega-spc', x: 40, y: baseline(9, 109), size: 9 },
      { text: 'Etxeberria', x: 300, y: baseline(26, 127), size: 26 },
      { text: 'Quality Engineer', x: 300, y: baseline(11, 147), size: 11 },
      { text: 'EXPERIENCE', x: 40, y: 190, size: 12, bold: true },
      { text: 'Quality Engineer, Gestamp', x: 40, y: 210, size: 10, bold: true },
      { text: 'Mar 2019 – Present', x: 40, y: 224, size: 10 },
      // A full page of body text under the header, as on a real one: not two columns.
      ...Array.from({ length: 40 }, (_, n) => ({
        text: `Ran supplier audits for stamped parts and cut the rework rate on plant line ${n + 1}`,
        x: 40,
        y: 238 + n * 14,
        size: 10,
      })),
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.basics.name).toBe('Andres Vega Etxeberria')
    expect(resume.basics.email).toBe('andres.vega@example.es')
  })

  it("reads an agency's CV: the candidate's labelled name and place, not the agency's contact", async () => {
    const page: PlacedText[] = [
      { text: 'NORTHBRIDGE TALENT', x: 40, y: 40, size: 15 },
      { text: 'Presented by Sarah Whitlock, Senior Consultant', x: 330, y: 42, size: 9 },
      { text: '+44 20 7946 0321 | s.whitlock@northbridge-talent.com', x: 330, y: 54, size: 8 },
      { text: 'Technical & Trades Recruitment', x: 40, y: 60, size: 8 },
      { text: 'CANDIDATE PROFILE', x: 40, y: 100, size: 13, bold: true },
      // The profile table: labels in one column, values in the next.
      ...[
        ['Candidate:', 'Aisha Khan'],
        ['Current Position:', 'Data Analyst'],
        ['Location:', 'Toronto, ON'],
        ['Availability:', '4 weeks notice'],
        ['Candidate Ref:', 'NT-8378'],
      ].flatMap(([label, value], i) => [
        { text: label!, x: 40, y: 120 + i * 16, size: 10 },
        { text: value!, x: 150, y: 120 + i * 16, size: 10 },
      ]),
      { text: 'Career History', x: 40, y: 220, size: 11, bold: true },
      { text: 'Jan 2022 – Present | Data Analyst | Shopify', x: 40, y: 240, size: 10, bold: true },
      { text: 'Built merchant churn dashboards in Looker', x: 52, y: 256, size: 10 },
      {
        text: 'Northbridge Talent Partners Ltd · Registered in England No. 08123456 · www.northbridge-talent.com',
        x: 40,
        y: 800,
        size: 6,
      },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.basics.name).toBe('Aisha Khan')
    expect(resume.basics.email).toBeUndefined()
    expect(resume.basics.phone).toBeUndefined()
    expect(resume.basics.url).toBeUndefined()
    expect(resume.basics.location?.city).toBe('Toronto')
    expect(resume.work[0]).toEqual(
      expect.objectContaining({ name: 'Shopify', position: 'Data Analyst' }),
    )
  })

  it('joins an email or link broken mid-word at a narrow column, and reads a site under any domain', async () => {
    const side: [string, number][] = [
      ['CONTACT', 60],
      ['Perth, WA', 80],
      ['0423 918 274', 96],
      ['jess.kowalski@example.com.a', 112],
      ['u', 124],
      ['linkedin.com/in/jess-kowalski-r', 140],
      ['n', 152],
      ['jesskowalski.nursing', 168],
    ]
    const page: PlacedText[] = [
      { text: 'Jess Kowalski', x: 40, y: 40, size: 24, bold: true },
      ...side.map(([text, y]) => ({ text, x: 440, y, size: 9, bold: text === 'CONTACT' })),
      { text: 'EXPERIENCE', x: 40, y: 100, size: 12, bold: true },
      { text: 'Registered Nurse, Fiona Stanley Hospital', x: 40, y: 120, size: 10, bold: true },
      { text: 'Mar 2019 – Present', x: 40, y: 134, size: 10 },
      { text: 'Cared for up to six patients a shift', x: 40, y: 148, size: 10 },
      { text: 'Graduate Nurse, Royal Perth Hospital', x: 40, y: 166, size: 10, bold: true },
      { text: 'Feb 2017 – Feb 2019', x: 40, y: 180, size: 10 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.basics.email).toBe('jess.kowalski@example.com.au')
    expect(resume.basics.profiles?.[0]?.url).toBe('https://www.linkedin.com/in/jess-kowalski-rn')
    expect(resume.basics.url).toBe('https://jesskowalski.nursing')
  })
})

describe('round 14: a left column of entry facts beside titles and bullets', () => {
  it('reads each company, its dates and city with the title on its row (Pages "Modern")', async () => {
    const page: PlacedText[] = [
      { text: 'Devon Carter', x: 40, y: 40, size: 26 },
      { text: 'Atlanta, GA', x: 40, y: 80, size: 9 },
      { text: '(404) 555-0182', x: 200, y: 80, size: 9 },
      { text: 'devon.carter@example.com', x: 200, y: 92, size: 9 },
      { text: 'EXPERIENCE', x: 40, y: 130, size: 9, bold: true },
    ]
    const jobs = [
      ['Piedmont Healthcare', 'March 2019 – Present', 'Atlanta', 'Senior Systems Administrator'],
      ['Manhattan Associates', 'May 2014 – February 2019', 'Atlanta', 'Systems Administrator'],
      ['Kennesaw State University', 'June 2010 – April 2014', 'Kennesaw', 'IT Support Analyst'],
    ]
    jobs.forEach(([company, dates, city, title], i) => {
      const y = 150 + i * 70
      page.push(
        { text: company!, x: 40, y, size: 10, bold: true },
        { text: dates!, x: 40, y: y + 13, size: 9 },
        { text: city!, x: 40, y: y + 26, size: 9 },
        { text: title!, x: 200, y, size: 10, bold: true },
        {
          text: `Ran the patching of 400 servers for the ${city} site`,
          x: 212,
          y: y + 15,
          size: 10,
        },
        { text: 'Cut the ticket backlog by a third in one year', x: 212, y: y + 30, size: 10 },
      )
    })
    page.push(
      { text: 'EDUCATION', x: 40, y: 370, size: 9, bold: true },
      // The school's name wrapped in the narrow column, in its type.
      { text: 'Kennesaw State', x: 40, y: 390, size: 10, bold: true },
      { text: 'University', x: 40, y: 403, size: 10, bold: true },
      { text: 'May 2010', x: 40, y: 416, size: 9 },
      { text: 'Bachelor of Science, Information Technology', x: 200, y: 390, size: 10, bold: true },
      { text: 'Graduated with honours and a capstone project', x: 200, y: 405, size: 10 },
      { text: 'SKILLS', x: 40, y: 450, size: 9, bold: true },
      // A group named "Languages" beside its keywords is a cell, not the languages heading.
      { text: 'Languages', x: 40, y: 470, size: 10, bold: true },
      { text: 'Bash · PowerShell · Python', x: 200, y: 470, size: 10 },
      { text: 'Platforms', x: 40, y: 490, size: 10, bold: true },
      { text: 'VMware · Active Directory · Azure', x: 200, y: 490, size: 10 },
    )
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position, job.startDate])).toEqual([
      ['Piedmont Healthcare', 'Senior Systems Administrator', '2019-03'],
      ['Manhattan Associates', 'Systems Administrator', '2014-05'],
      ['Kennesaw State University', 'IT Support Analyst', '2010-06'],
    ])
    expect(resume.education[0]).toEqual(
      expect.objectContaining({
        institution: 'Kennesaw State University',
        studyType: 'Bachelor of Science',
        area: 'Information Technology',
        endDate: '2010-05',
      }),
    )
    expect(resume.skills.flatMap((skill) => skill.keywords ?? [])).toEqual([
      'Bash',
      'PowerShell',
      'Python',
      'VMware',
      'Active Directory',
      'Azure',
    ])
  })

  it("drops the full stop that ends a skills list written as a sentence, not a 'Languages:' line", async () => {
    const page: PlacedText[] = [
      { text: 'Carlos Mendoza', x: 40, y: 40, size: 22, bold: true },
      { text: 'carlos@example.mx | +52 55 1234 5678 | Monterrey', x: 40, y: 72 },
      { text: 'SKILLS', x: 40, y: 110, size: 11, bold: true },
      { text: 'Auditing, IFRS, Taxes, SAP, Advanced Excel, Internal Control, R.', x: 40, y: 126 },
      { text: 'Languages: Spanish (native), English (advanced)', x: 40, y: 140 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.skills.flatMap((skill) => skill.keywords ?? [])).toEqual([
      'Auditing',
      'IFRS',
      'Taxes',
      'SAP',
      'Advanced Excel',
      'Internal Control',
      'R',
    ])
  })

  it('reads a page of centred headings over short left-aligned lines as one column', async () => {
    // A4 page: headings centred on x = 297.5 (different lengths, different starts), the
    // body lines short and left-aligned, a two-column skills list under its centred heading.
    const centred = (text: string, y: number): PlacedText => ({
      text,
      x: 297.5 - text.length * 3.4,
      y,
      size: 11,
      bold: true,
    })
    const page: PlacedText[] = [
      { text: 'Camila Torres', x: 250, y: 40, size: 20, bold: true },
      { text: 'Seville, Spain | +34 654 321 987 | camila@example.es', x: 180, y: 70, size: 9 },
      centred('EXPERIENCE', 110),
      { text: 'Emergency Nurse', x: 50, y: 130, size: 10, bold: true },
      { text: 'Virgen del Rocio Hospital, Seville', x: 50, y: 144, size: 10 },
      { text: 'Oct 2019 - Present', x: 50, y: 158, size: 10 },
      { text: 'Nurse', x: 50, y: 180, size: 10, bold: true },
      { text: 'Quironsalud Hospital, Malaga', x: 50, y: 194, size: 10 },
      { text: '2016 - 2019', x: 50, y: 208, size: 10 },
      centred('EDUCATION', 236),
      { text: 'Bachelor of Nursing', x: 50, y: 256, size: 10, bold: true },
      { text: 'University of Seville', x: 50, y: 270, size: 10 },
      { text: 'Sep 2012 - Jun 2016', x: 50, y: 284, size: 10 },
      centred('SKILLS', 312),
      { text: 'Triage', x: 66, y: 332, size: 10 },
      { text: 'Critical care', x: 320, y: 332, size: 10 },
      { text: 'Advanced life support', x: 66, y: 346, size: 10 },
      { text: 'Pharmacology', x: 320, y: 346, size: 10 },
      centred('LANGUAGES', 374),
      { text: 'Spanish - Native', x: 66, y: 394, size: 10 },
      { text: 'English - B2', x: 66, y: 408, size: 10 },
    ]
    const doc = await writePdf([page])
    const { resume } = await parseResumePdf(doc)
    expect(resume.work.map((job) => [job.name, job.position, job.startDate])).toEqual([
      ['Virgen del Rocio Hospital', 'Emergency Nurse', '2019-10'],
      ['Quironsalud Hospital', 'Nurse', '2016'],
    ])
    expect(resume.education[0]).toEqual(
      expect.objectContaining({ institution: 'University of Seville', endDate: '2016-06' }),
    )
  })

  it('reads "TITLE, COMPANY" in capitals with a scientist\'s title as a title and a company, not a place', () => {
    expect(splitPieces('GRADUATE CHEMIST, JOHNSON MATTHEY')).toEqual([
      'GRADUATE CHEMIST',
      'JOHNSON MATTHEY',
    ])
    expect(splitPieces('Research Economist, Moody Partners')).toEqual([
      'Research Economist',
      'Moody Partners',
    ])
  })

  it('reads "Certifications:" and "Interests:" lines under "Skills & Interests" as no skills', async () => {
    const page: PlacedText[] = [
      { text: 'Connor MacKinnon', x: 40, y: 40, size: 22, bold: true },
      { text: 'connor@example.ca | (902) 555-0100 | Halifax, NS', x: 40, y: 72 },
      { text: 'SKILLS & INTERESTS', x: 40, y: 110, size: 11, bold: true },
      { text: 'Technical: Electrofishing, Water Quality Sampling, ArcGIS Pro, R', x: 40, y: 126 },
      { text: 'Certifications: Environmental Professional (EP), ECO Canada', x: 40, y: 140 },
      { text: 'Interests: Sea kayaking, Fell walking', x: 40, y: 154 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.skills.flatMap((skill) => skill.keywords ?? [])).toEqual([
      'Electrofishing',
      'Water Quality Sampling',
      'ArcGIS Pro',
      'R',
    ])
  })
})

describe('round 15: margin headings and a sidebar beside left-dated entries', () => {
  it('finds headings in a left margin column level with their first entry, and the years beside it', async () => {
    // Canva "minimal": heading | years | entry on one baseline; the margin stays empty below.
    const page: PlacedText[] = [
      { text: 'Maya Chen', x: 46, y: 50, size: 26, bold: true },
      { text: 'maya.chen@example.com | +1 415 555 0100 | San Francisco, CA', x: 46, y: 90 },
      { text: 'EXPERIENCE', x: 46, y: 140, size: 9, bold: true },
      { text: '2021 — Present', x: 142, y: 140, size: 9 },
      { text: 'Product Designer', x: 221, y: 140, bold: true },
      { text: 'Figma · San Francisco, CA', x: 221, y: 154, size: 9 },
      { text: 'Led the redesign of the onboarding flow', x: 233, y: 168, size: 9 },
      { text: '2018 — 2021', x: 142, y: 190, size: 9 },
      { text: 'UX Designer', x: 221, y: 190, bold: true },
      { text: 'Airbnb · San Francisco, CA', x: 221, y: 204, size: 9 },
      { text: 'EDUCATION', x: 46, y: 240, size: 9, bold: true },
      { text: '2014 — 2018', x: 142, y: 240, size: 9 },
      { text: 'Bachelor of Arts in Design', x: 221, y: 240, bold: true },
      { text: 'Stanford University', x: 221, y: 254, size: 9 },
      { text: 'SKILLS', x: 46, y: 290, size: 9, bold: true },
      { text: 'Figma', x: 142, y: 290, size: 9 },
      { text: 'Prototyping', x: 260, y: 290, size: 9 },
      { text: 'User Research', x: 380, y: 290, size: 9 },
    ]
    const { resume, lines } = await parseResumePdf(await writePdf([page]))
    expect(lines.filter((line) => line.heading).map((line) => line.text)).toEqual([
      'EXPERIENCE',
      'EDUCATION',
      'SKILLS',
    ])
    expect(resume.work.map((job) => [job.name, job.position, job.startDate, job.endDate])).toEqual([
      ['Figma', 'Product Designer', '2021', undefined],
      ['Airbnb', 'UX Designer', '2018', '2021'],
    ])
    expect(resume.education[0]).toEqual(
      expect.objectContaining({ institution: 'Stanford University', endDate: '2018' }),
    )
    expect(resume.skills.flatMap((skill) => skill.keywords ?? [])).toEqual([
      'Figma',
      'Prototyping',
      'User Research',
    ])
  })

  it('keeps group labels beside their items under a heading that stands on its own line', async () => {
    const page: PlacedText[] = [
      { text: 'Jordan Lee', x: 52, y: 50, size: 26, bold: true },
      { text: 'jordan.lee@example.edu | (734) 555-0187 | Ann Arbor, MI', x: 52, y: 90 },
      { text: 'EXPERIENCE', x: 52, y: 130, size: 9, bold: true },
      { text: 'Bosch', x: 52, y: 148, bold: true },
      { text: 'Embedded Software Intern', x: 220, y: 148, bold: true },
      { text: 'May 2025 – August 2025', x: 52, y: 161, size: 9 },
      { text: 'SKILLS', x: 52, y: 200, size: 9, bold: true },
      { text: 'Languages', x: 52, y: 218 },
      { text: 'C · C++ · Python · Verilog', x: 220, y: 218 },
      { text: 'Tools', x: 52, y: 238 },
      { text: 'Git · MATLAB · Oscilloscope', x: 220, y: 238 },
    ]
    const { lines } = await parseResumePdf(await writePdf([page]))
    expect(lines.filter((line) => line.heading).map((line) => line.text)).toEqual([
      'EXPERIENCE',
      'SKILLS',
    ])
  })

  it('reads "Degree: Area, Institution  Date" as an education line, not a label and its value', async () => {
    const page: PlacedText[] = [
      { text: 'Aisha Khan', x: 50, y: 40, size: 26, bold: true },
      { text: 'Toronto, ON | +1 416 555 0173 | aisha.khan@example.ca', x: 50, y: 80 },
      { text: 'Education', x: 50, y: 120, size: 12, bold: true },
      { text: 'Bachelor of Science: Statistics, University of Toronto', x: 50, y: 140 },
      { text: 'April 2020', x: 500, y: 140 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.education).toEqual([
      expect.objectContaining({
        institution: 'University of Toronto',
        studyType: 'Bachelor of Science',
        endDate: '2020-04',
      }),
    ])
  })

  it('reads the links under "Websites, Portfolios, Profiles" as the contact’s', () => {
    expect(headingKind('Websites, Portfolios, Profiles')).toBe('contact')
  })

  it('splits at a full-height sidebar, not between the main column’s left dates and titles', () => {
    // Zety "Cascade": a sidebar (x 20–150) and a main column whose dates sit left-aligned at
    // x = 202 beside the titles at x = 292; a summary line above the name crosses the narrow
    // band between dates and titles.
    const items = [item('A summary of the candidate across the main column', 202, 40, 340)]
    items.push(item('Elena García', 20, 55, 130, 22))
    for (let i = 0; i < 10; i++) items.push(item(`Sidebar line ${i}`, 20, 90 + i * 25, 90))
    for (let i = 0; i < 5; i++) {
      const y = 100 + i * 50
      items.push(item(`0${i + 1}/201${i} - 0${i + 2}/201${i + 1}`, 202, y, 73))
      items.push(item(`Job title ${i}`, 292, y, 90))
      items.push(item(`Company ${i} - Madrid`, 292, y + 14, 90))
    }
    const gutter = findGutter(buildChunks(1, items), 612)
    expect(gutter).not.toBeNull()
    expect(gutter!.x).toBeGreaterThan(150)
    expect(gutter!.x).toBeLessThan(202)
  })
})

describe('round 16: a sidebar on the right — Details, Links, "Title, Company" over dates and place', () => {
  /** Resume.io "Stockholm" with the sidebar on the right: main column at x 40, sidebar at 420. */
  function stockholmPage(main: [string, boolean][], sidebar: [string, boolean][]): PlacedText[] {
    const heading = (text: string) => /^(?:Profile|Employment History|Details|Links)$/u.test(text)
    return [
      { text: 'Imogen Price', x: 40, y: 40, size: 22, bold: true },
      { text: 'LEARNING DESIGNER', x: 40, y: 68, size: 9 },
      ...main.map(([text, bold], i) => ({
        text,
        x: 40,
        y: 110 + i * 15,
        size: heading(text) ? 13 : 10,
        bold,
      })),
      // The sidebar in a smaller type on its own line pitch, as sidebars are set.
      ...sidebar.map(([text, bold], i) => ({
        text,
        x: 420,
        y: 114 + i * 13.5,
        size: heading(text) ? 13 : 9,
        bold,
      })),
    ]
  }

  it('takes the city over the country named alone under it, and the site under "Links"', async () => {
    const page = stockholmPage(
      [
        ['Profile', true],
        ['Learning designer who builds online courses with academic authors.', false],
        ['Employment History', true],
        ['Learning Designer, The Open University', true],
        ['Jan 2022 — Present', false],
        ['Design six online modules a year with academic authors', false],
        ['Wrote the faculty’s plain-English style guide', false],
        ['Digital Learning Coordinator, Leeds City College', true],
        ['Sep 2018 — Dec 2021', false],
        ['Moved 120 courses onto Moodle', false],
        ['Education', true],
        ['PGCE in Secondary English, University of Leeds', true],
        ['Sep 2012 — Jun 2013', false],
      ],
      [
        ['Details', true],
        ['Leeds', false],
        ['United Kingdom', false],
        ['07700 900482', false],
        ['imogen@example.co.uk', false],
        ['Links', true],
        ['imogenprice.co.uk', false],
        ['dribbble.com/imogenprice', false],
      ],
    )
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.basics.url).toBe('https://imogenprice.co.uk')
    expect(resume.basics.location).toEqual(expect.objectContaining({ city: 'Leeds' }))
  })

  it('reads "Degree, Area, School" and "Degree in Area, School" lines over their dates', async () => {
    const page = linesPage('Imogen Price', 'imogen@example.co.uk | Leeds', [
      ['Education', true],
      ['Máster, Logística Integral, Universitat de València', true],
      ['Oct 2014 — Jul 2015', false],
      ['Bachelier, Comptabilité, HELMo', true],
      ['Sep 2011 — Jun 2014', false],
      ['BA (Hons) in English Literature, University of York', true],
      ['Oct 2009 — Jun 2012', false],
      ['PGCE in Secondary English, University of Leeds', true],
      ['Sep 2012 — Jun 2013', false],
    ])
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(
      resume.education.map((e) => [e.institution, e.studyType, e.area, e.endDate ?? null]),
    ).toEqual([
      ['Universitat de València', 'Máster', 'Logística Integral', '2015-07'],
      ['HELMo', 'Bachelier', 'Comptabilité', '2014-06'],
      ['University of York', 'BA (Hons)', 'English Literature', '2012-06'],
      ['University of Leeds', 'PGCE', 'Secondary English', '2013-06'],
    ])
  })

  it('reads "Title, Company" over a date line with the place in its own cell; a year inside a bullet is no job', async () => {
    const page: PlacedText[] = [
      { text: 'Javier Molina', x: 40, y: 40, size: 22, bold: true },
      { text: 'javier@example.es', x: 40, y: 70 },
      { text: 'Employment History', x: 40, y: 110, size: 12, bold: true },
      { text: 'Técnico de mantenimiento, Opel España', x: 40, y: 130, bold: true },
      { text: 'Mar 2018 — Present', x: 40, y: 145, size: 9 },
      { text: 'Figueruelas', x: 330, y: 145, size: 9 },
      { text: 'Moved 120 machines onto the new plan during the 2020 closures', x: 40, y: 160 },
      { text: 'Reducción de paradas no planificadas en un 20 %', x: 40, y: 175 },
      { text: 'Oficial electricista, Instalaciones Ebro', x: 40, y: 195, bold: true },
      { text: '2012 — 2018', x: 40, y: 210, size: 9 },
      { text: 'Zaragoza', x: 344, y: 210, size: 9 },
      { text: 'Arquitecta, Estudio Ribera Arquitectos', x: 40, y: 230, bold: true },
      { text: '2009 — 2012', x: 40, y: 245, size: 9 },
      { text: 'Valencia', x: 344, y: 245, size: 9 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position, job.startDate, job.location])).toEqual(
      [
        ['Opel España', 'Técnico de mantenimiento', '2018-03', 'Figueruelas'],
        ['Instalaciones Ebro', 'Oficial electricista', '2012', 'Zaragoza'],
        ['Estudio Ribera Arquitectos', 'Arquitecta', '2009', 'Valencia'],
      ],
    )
  })
  it('splits "School — Degree, Field" at the dash, and joins a degree wrapped under its school’s line', async () => {
    expect(splitPieces('FH Technikum Wien — Bachelor of Science, Elektronik')).toEqual([
      'FH Technikum Wien',
      'Bachelor of Science, Elektronik',
    ])
    // Google Docs "Spearmint": the school and the degree in one plain (italic) line, wrapped.
    const page = linesPage('Emily Nguyen', 'emily.nguyen@example.com | Austin, TX', [
      ['Education', true],
      [
        'The University of Texas at Austin — Bachelor of Business Administration in Management Information',
        false,
      ],
      ['Systems', false],
      ['AUGUST 2012 - MAY 2016', false],
    ])
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.education).toEqual([
      expect.objectContaining({
        institution: 'The University of Texas at Austin',
        studyType: 'Bachelor of Business Administration',
        area: 'Management Information Systems',
        endDate: '2016-05',
      }),
    ])
  })
})

describe('round 17: a company line over its roles; "Title at Company, City"; level words under skills', () => {
  it('reads each role under a company line with its own bracketed years, and "COMPANY · TOWN" over a bold title', async () => {
    const page: PlacedText[] = [
      { text: 'GREGORY LAWSON', x: 200, y: 40, size: 22, bold: true },
      { text: 'Charlotte, NC | greg.lawson@example.com', x: 180, y: 72 },
      { text: 'PROFESSIONAL EXPERIENCE', x: 50, y: 110, size: 12, bold: true },
      { text: 'CAROLINA PRECISION COMPONENTS · CHARLOTTE, NC', x: 50, y: 132, bold: true },
      { text: '2012 – PRESENT', x: 480, y: 132, bold: true },
      {
        text: 'Tier 1 supplier of machined drivetrain parts to automotive OEMs; $480M revenue.',
        x: 50,
        y: 147,
      },
      {
        text: 'Vice President, Manufacturing Operations (2019 – Present)',
        x: 50,
        y: 165,
        bold: true,
      },
      { text: '• Lead four plants and 1,900 employees', x: 66, y: 180 },
      { text: 'Director of Manufacturing (2015 – 2019)', x: 50, y: 198, bold: true },
      { text: '• Launched a greenfield plant in Gastonia', x: 66, y: 213 },
      { text: 'Plant Manager (2012 – 2015)', x: 50, y: 231 },
      { text: '• Raised OEE from 61% to 78%', x: 66, y: 246 },
      { text: 'INTERCOM · DUBLIN', x: 50, y: 270, bold: true },
      { text: '2008 – 2011', x: 500, y: 270, bold: true },
      { text: 'HR Operations Manager', x: 50, y: 288, bold: true },
      { text: '• Moved 900 employee records to Workday', x: 66, y: 303 },
      { text: 'AARDMAN ANIMATIONS · BRISTOL', x: 50, y: 327, bold: true },
      { text: '2005 – 2008', x: 500, y: 327, bold: true },
      { text: 'Junior Designer', x: 50, y: 345, bold: true },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(
      resume.work.map((job) => [job.name, job.position, job.startDate, job.endDate ?? null]),
    ).toEqual([
      ['CAROLINA PRECISION COMPONENTS', 'Vice President, Manufacturing Operations', '2019', null],
      ['CAROLINA PRECISION COMPONENTS', 'Director of Manufacturing', '2015', '2019'],
      ['CAROLINA PRECISION COMPONENTS', 'Plant Manager', '2012', '2015'],
      ['INTERCOM', 'HR Operations Manager', '2008', '2011'],
      ['AARDMAN ANIMATIONS', 'Junior Designer', '2005', '2008'],
    ])
  })

  it('reads a group whose first role is set plain, then a company line with its town and state', async () => {
    const page: PlacedText[] = [
      { text: 'HARRIET COLLINS', x: 200, y: 40, size: 22, bold: true },
      { text: 'Bristol | harriet@example.co.uk', x: 200, y: 72 },
      { text: 'PROFESSIONAL EXPERIENCE', x: 50, y: 110, size: 12, bold: true },
      { text: 'AVON VALLEY BREWERY · BRISTOL', x: 50, y: 132, bold: true },
      { text: '2020 – PRESENT', x: 480, y: 132, bold: true },
      { text: 'Independent brewery with three taprooms and national listings.', x: 50, y: 147 },
      { text: 'Finance Manager (2022 – Present)', x: 50, y: 165 },
      { text: 'Own the monthly management accounts', x: 66, y: 180 },
      { text: 'Senior Accountant (2020 – 2022)', x: 50, y: 198, bold: true },
      { text: 'Moved the ledgers to Xero', x: 66, y: 213 },
      { text: 'BLUE BOTTLE COFFEE · BOSTON, MA', x: 50, y: 237, bold: true },
      { text: '2014 – 2019', x: 500, y: 237, bold: true },
      { text: 'Audit Senior', x: 50, y: 255, bold: true },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position, job.location])).toEqual([
      ['AVON VALLEY BREWERY', 'Finance Manager', 'BRISTOL'],
      ['AVON VALLEY BREWERY', 'Senior Accountant', 'BRISTOL'],
      ['BLUE BOTTLE COFFEE', 'Audit Senior', 'BOSTON, MA'],
    ])
  })

  it('keeps a grade after a dash out of the school and field, and joins a place wrapped beside its year', async () => {
    const page: PlacedText[] = [
      { text: 'Ethan Tremblay', x: 40, y: 40, size: 22, bold: true },
      { text: 'ethan@example.com', x: 40, y: 72 },
      { text: 'EDUCATION & CREDENTIALS', x: 50, y: 110, size: 12, bold: true },
      {
        text: 'Bachelor of Science in Computer Science, University of Manitoba, Winnipeg, MB — GPA 4.1/4.5',
        x: 50,
        y: 132,
      },
      { text: '2028', x: 520, y: 132 },
      {
        text: 'Master of Business Administration in Operations, Wake Forest University, Winston-Salem,',
        x: 50,
        y: 152,
      },
      { text: '2011', x: 520, y: 152 },
      { text: 'NC', x: 50, y: 166 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(
      resume.education.map((school) => [school.institution, school.studyType, school.area]),
    ).toEqual([
      ['University of Manitoba', 'Bachelor of Science', 'Computer Science'],
      ['Wake Forest University', 'Master of Business Administration', 'Operations'],
    ])
  })

  it('splits "Title at Company, City" whatever the title, the city dropped from the company', async () => {
    expect(splitPieces('Team Member at Tim Hortons, Steinbach, MB')).toEqual([
      '\u2064Team Member',
      'Tim Hortons',
      '\u2063Steinbach, MB',
    ])
    const page = linesPage('Ethan Tremblay', 'ethan@example.com | Winnipeg, MB', [
      ['Employment History', true],
      ['Residence Assistant at University of Manitoba, Winnipeg, MB', true],
      ['SEP 2025 — PRESENT', false],
      ['• Support 40 first-year students on one residence floor', false],
      ['Masseur-kinésithérapeute libérale at Cabinet Kiné Chartrons, Bordeaux', true],
      ['JUN 2022 — AUG 2025', false],
      // A bullet drawn as a mark (no glyph), short, with a title word ("Support"): still no
      // header line of the next job, whose title the " at " marked.
      ['Support 40 first-year students', false],
      ['Team Member at Tim Hortons, Steinbach, MB', true],
      ['JUN 2019 — AUG 2022', false],
      ['Education', true],
      ['Certificate IV in Building and Construction, TAFE Queensland, Brisbane, QLD', true],
      ['FEB 2015 — NOV 2016', false],
    ])
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position])).toEqual([
      ['University of Manitoba', 'Residence Assistant'],
      ['Cabinet Kiné Chartrons', 'Masseur-kinésithérapeute libérale'],
      ['Tim Hortons', 'Team Member'],
    ])
    // TAFE (Australia's technical colleges) is a school.
    expect(resume.education).toEqual([
      expect.objectContaining({ institution: 'TAFE Queensland', studyType: 'Certificate IV' }),
    ])
  })

  it('reads a skill over its level word as the skill, never a heading nor the level', async () => {
    const skills = [
      'Medical Nutrition Therapy',
      'Skillful',
      'Diabetes Education',
      'Expert',
      'Enteral Feeding',
      'Intermediate',
      'Epic',
      'Experienced',
    ]
    const page: PlacedText[] = [
      { text: 'Nadia Haddad', x: 40, y: 40, size: 22, bold: true },
      { text: 'nadia@example.com', x: 40, y: 72 },
      { text: 'Skills', x: 40, y: 110, size: 12, bold: true },
      ...skills.map((text, i) => ({
        text,
        x: 40,
        y: 130 + i * 13,
        size: i % 2 ? 7.5 : 9,
      })),
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.skills.flatMap((skill) => skill.keywords)).toEqual([
      'Medical Nutrition Therapy',
      'Diabetes Education',
      'Enteral Feeding',
      'Epic',
    ])
    // A long list read as one run joins each skill with its level: the level goes.
    const joined = linesPage('Liam Walsh', 'liam@example.com', [
      ['Skills', true],
      ['AWS Expert · Terraform Skillful · GitLab CI Experienced · Rust Intermediate', false],
    ])
    const { resume: liam } = await parseResumePdf(await writePdf([joined]))
    expect(liam.skills.flatMap((skill) => skill.keywords)).toEqual([
      'AWS',
      'Terraform',
      'GitLab CI',
      'Rust',
    ])
  })
})

/** The width pdfkit gives `text` in Helvetica (bold or not) at `size`, to set runs side by side. */
function widthOf(text: string, bold: boolean, size = 10): number {
  const doc = new PDFDocument({ autoFirstPage: false })
  return doc
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .widthOfString(text)
}

/** A bold run, a word space, then a plain run on one baseline: "**Company** — Title". */
function boldThenPlain(bold: string, plain: string, x: number, y: number): PlacedText[] {
  return [
    { text: bold, x, y, bold: true },
    { text: plain, x: x + widthOf(bold, true) + 2.8, y },
  ]
}

describe('round 18: a labelled table of jobs, "**Company** — Title" beside dates, running footers', () => {
  it('reads a table under a header row of column labels by its labels, the town under the employer', async () => {
    const row = (y: number, dates: string, role: string, employer: string, town: string) => [
      { text: dates, x: 48, y, size: 9.4 },
      { text: role, x: 160, y, size: 9.4, bold: true },
      { text: employer, x: 393, y, size: 9.4 },
      { text: town, x: 393, y: y + 12.5, size: 8.3 },
    ]
    const page: PlacedText[] = [
      { text: 'JobHarbour', x: 43, y: 40, size: 17, bold: true },
      { text: 'Name:', x: 43, y: 97, size: 9.4 },
      { text: 'Emily Nguyen', x: 139, y: 97, size: 9.4 },
      { text: 'Email:', x: 43, y: 114, size: 9.4 },
      { text: 'emily.nguyen@example.com', x: 139, y: 114, size: 9.4 },
      { text: 'Work history', x: 43, y: 271, size: 11.5, bold: true },
      { text: 'Dates', x: 48, y: 291, size: 8.6, bold: true },
      { text: 'Role', x: 160, y: 291, size: 8.6, bold: true },
      { text: 'Employer', x: 393, y: 291, size: 8.6, bold: true },
      ...row(311, 'Apr 2022 – Present', 'Senior Product Manager', 'Indeed', 'Austin, TX'),
      { text: 'Launched employer analytics used by 30,000 companies', x: 160, y: 339, size: 8.6 },
      ...row(361, 'Jan 2019 – Mar 2022', 'Product Manager', 'Bazaarvoice', 'Austin, TX'),
      ...row(394, 'Jul 2016 – Dec 2018', 'Business Analyst', 'Dell Technologies', 'Round Rock, TX'),
      { text: 'Education', x: 43, y: 437, size: 11.5, bold: true },
      { text: 'Dates', x: 48, y: 457, size: 8.6, bold: true },
      { text: 'Qualification', x: 160, y: 457, size: 8.6, bold: true },
      { text: 'Institution', x: 435, y: 457, size: 8.6, bold: true },
      { text: 'Aug 2012 – May 2016', x: 48, y: 478, size: 9.4 },
      { text: 'Bachelor of Business Administration in', x: 160, y: 478, size: 9.4, bold: true },
      { text: 'The University of Texas at', x: 435, y: 478, size: 9.4 },
      { text: 'Management Information Systems', x: 160, y: 490, size: 9.4, bold: true },
      { text: 'Austin', x: 435, y: 490, size: 9.4 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position, job.location, job.startDate])).toEqual(
      [
        ['Indeed', 'Senior Product Manager', 'Austin, TX', '2022-04'],
        ['Bazaarvoice', 'Product Manager', 'Austin, TX', '2019-01'],
        ['Dell Technologies', 'Business Analyst', 'Round Rock, TX', '2016-07'],
      ],
    )
    expect(resume.work[0]!.highlights).toEqual([
      'Launched employer analytics used by 30,000 companies',
    ])
    expect(
      resume.education.map((school) => [school.institution, school.studyType, school.area]),
    ).toEqual([
      [
        'The University of Texas at Austin',
        'Bachelor of Business Administration',
        'Management Information Systems',
      ],
    ])
  })

  it("drops a job board's running footer beside its page number on a one-page document", async () => {
    const page = linesPage('Grace Kim', 'grace@example.com', [
      ['Skills', true],
      ['Risk Modelling, Python, SQL', false],
    ])
    page.push(
      { text: 'JobHarbour · Candidate ref JH-54122', x: 43, y: 826, size: 5.6 },
      { text: 'Page 1 of 1', x: 525, y: 826, size: 5.6 },
    )
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.skills.flatMap((skill) => skill.keywords)).toEqual([
      'Risk Modelling',
      'Python',
      'SQL',
    ])
    // A footer with the person's contact beside the page number stays.
    const contact = linesPage('Grace Kim', 'Seoul', [
      ['Skills', true],
      ['Python', false],
    ])
    contact.push(
      { text: 'grace.kim@example.com', x: 43, y: 826, size: 7 },
      { text: 'Page 1 of 1', x: 525, y: 826, size: 7 },
    )
    const { resume: kept } = await parseResumePdf(await writePdf([contact]))
    expect(kept.basics.email).toBe('grace.kim@example.com')
  })

  it('splits "**Company** — Title" where the bold ends, beside its dates, and keeps a title\'s unit or course', async () => {
    const page: PlacedText[] = [
      { text: 'Anna Schmidt', x: 240, y: 40, size: 20, bold: true },
      { text: 'Berlin | anna@example.de', x: 220, y: 68 },
      { text: 'Experience', x: 40, y: 91, size: 11.5, bold: true },
      ...boldThenPlain(
        'Charité – Universitätsmedizin Berlin',
        '— Fachkrankenpflegerin Intensivpflege',
        40,
        109,
      ),
      { text: 'Apr 2019 – Present', x: 480, y: 109 },
      { text: 'Pflege von beatmeten Patienten', x: 55, y: 123 },
      ...boldThenPlain('Otto Group', '— Recruiterin', 40, 141),
      { text: 'Oct 2015 – Mar 2019', x: 480, y: 141 },
      ...boldThenPlain('University of Waterloo', '— Teaching Assistant, CS 136', 40, 161),
      { text: 'Sep 2014 – Dec 2014', x: 480, y: 161 },
      ...boldThenPlain('Mount Carmel East', '— Registered Nurse, Medical-Surgical', 40, 181),
      { text: 'Aug 2012 – Mar 2014', x: 480, y: 181 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position])).toEqual([
      ['Charité – Universitätsmedizin Berlin', 'Fachkrankenpflegerin Intensivpflege'],
      ['Otto Group', 'Recruiterin'],
      ['University of Waterloo', 'Teaching Assistant, CS 136'],
      ['Mount Carmel East', 'Registered Nurse, Medical-Surgical'],
    ])
  })

  it('reads "**Company** — Town" without dates as the company and its place, the title under it', async () => {
    const page: PlacedText[] = [
      { text: 'Claire Martin', x: 40, y: 40, size: 22, bold: true },
      { text: 'Bordeaux | claire@example.fr', x: 40, y: 72 },
      { text: 'CLINICAL EXPERIENCE', x: 40, y: 110, size: 12, bold: true },
      ...boldThenPlain('Cabinet Kiné Chartrons', '— Bordeaux', 40, 130),
      { text: 'Masseur-kinésithérapeute libérale', x: 40, y: 144 },
      { text: '08/2019 – Present', x: 480, y: 144 },
      { text: '• Rééducation post-opératoire et sportive', x: 50, y: 158 },
      ...boldThenPlain('Walmart Distribution Center', '— Olive Branch, MS', 40, 178),
      { text: 'Forklift Operator', x: 40, y: 192 },
      { text: '01/2015 – 07/2019', x: 480, y: 192 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position])).toEqual([
      ['Cabinet Kiné Chartrons', 'Masseur-kinésithérapeute libérale'],
      ['Walmart Distribution Center', 'Forklift Operator'],
    ])
  })

  it('reads a line of running words that ends "since 2023" as a highlight, not a job', async () => {
    const page: PlacedText[] = [
      { text: 'Chloe Mitchell', x: 40, y: 40, size: 22, bold: true },
      { text: 'chloe@example.com', x: 40, y: 72 },
      { text: 'Experience', x: 40, y: 110, size: 12, bold: true },
      { text: 'Belmont Primary School', x: 40, y: 130, bold: true },
      { text: 'Year 2 Classroom Teacher', x: 220, y: 130 },
      { text: 'Jan 2021 – Present', x: 480, y: 130 },
      { text: 'Teach a class of 24 students, including 4 with learning plans', x: 55, y: 144 },
      { text: 'Literacy leader for the junior school since 2023', x: 55, y: 158 },
      { text: 'Corio South Primary School', x: 40, y: 176, bold: true },
      { text: 'Graduate Teacher', x: 220, y: 176 },
      { text: 'Jan 2019 – Dec 2020', x: 480, y: 176 },
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position, job.startDate])).toEqual([
      ['Belmont Primary School', 'Year 2 Classroom Teacher', '2021-01'],
      ['Corio South Primary School', 'Graduate Teacher', '2019-01'],
    ])
  })
})

describe('round 19: one-line "Title • Employer, Town • dates", dates above "Title, Company", pill tags', () => {
  it('splits "Employer, Town" between bullets beside a title, and keeps bullets with a year in them', async () => {
    expect(splitPieces('HR Operations Manager • Intercom, Dublin')).toEqual([
      'HR Operations Manager',
      'Intercom',
      '\u2063Dublin',
    ])
    // Without a title beside it, "Town, Town" stays one place.
    expect(splitPieces('Intercom • Galway, Dublin')).not.toContain('Galway')
    const page = linesPage('AOIFE BRENNAN', 'Dublin, Ireland | aoife@example.ie', [
      ['PROFESSIONAL EXPERIENCE', true],
      ['HR Operations Manager • Intercom, Dublin • June 2021 – Present', false],
      ['Moved 900 employee records to Workday in four months', false],
      ['Closed the largest renewal of 2024 (£610k over three years)', false],
      ['HR Advisor • Glanbia, Kilkenny • February 2017 – May 2021', false],
      ['Finished 128% of target in 2021, top of a team of 11', false],
      ['EDUCATION', true],
      [
        'Master of Science in Civil and Environmental Engineering • Norwegian University of Science • June',
        false,
      ],
      ['2014', false],
    ])
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position, job.location, job.startDate])).toEqual(
      [
        ['Intercom', 'HR Operations Manager', 'Dublin', '2021-06'],
        ['Glanbia', 'HR Advisor', 'Kilkenny', '2017-02'],
      ],
    )
    expect(resume.work[0]!.highlights).toHaveLength(2)
    expect(resume.work[1]!.highlights).toEqual([
      'Finished 128% of target in 2021, top of a team of 11',
    ])
    // The year wrapped under its month goes back beside it: the degree and its field split.
    expect(
      resume.education.map((school) => [school.studyType, school.area, school.endDate]),
    ).toEqual([['Master of Science', 'Civil and Environmental Engineering', '2014-06']])
  })

  it('reads "Title, Company" under its dates when the company has the shape of a town', async () => {
    const page = linesPage('Claire Martin', 'Bordeaux, France | claire@example.fr', [
      ['Experience', true],
      ['OCT 2018 – PRESENT', false],
      ['Masseur-kinésithérapeute libérale, Cabinet Kiné Chartrons', true],
      ['• Rééducation post-opératoire et sportive', false],
      ['SEP 2015 – SEP 2018', false],
      ['Masseur-kinésithérapeute, CHU de Bordeaux', true],
      ['• Rééducation en neurologie', false],
      ['JUN 2019 – DEC 2022', false],
      ['Operations Sergeant, U.S. Army', true],
      ['• Kept $28M of equipment accounted for across 4 companies', false],
      ['JUN 2016 – MAY 2019', false],
      ['Team Member, Tim Hortons', true],
      ['• Train new staff on the drive-through order screen', false],
    ])
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.position])).toEqual([
      ['Cabinet Kiné Chartrons', 'Masseur-kinésithérapeute libérale'],
      ['CHU de Bordeaux', 'Masseur-kinésithérapeute'],
      ['U.S. Army', 'Operations Sergeant'],
      ['Tim Hortons', 'Team Member'],
    ])
  })

  it("skips the name's initials in a photo circle and keeps a pill tag named like a section", async () => {
    const side = (text: string, y: number, size = 8.3, bold = false) => ({
      text,
      x: 446,
      y,
      size,
      bold,
    })
    const page: PlacedText[] = [
      { text: 'Erik Solberg', x: 40, y: 40, size: 24, bold: true },
      { text: 'Clinical Dietitian', x: 40, y: 72, size: 12 },
      { text: 'Work Experience', x: 40, y: 110, size: 13, bold: true },
      { text: 'Toronto General Hospital | Clinical Dietitian', x: 40, y: 130, bold: true },
      { text: '2019 - Present', x: 40, y: 144 },
      { text: 'Nutrition care for 30 renal patients a week', x: 52, y: 158, size: 9.3 },
      { text: 'Education', x: 40, y: 190, size: 13, bold: true },
      { text: 'University of Toronto | Master of Public Health', x: 40, y: 210, bold: true },
      { text: '2015 - 2017', x: 40, y: 224 },
      side('ES', 60, 16, true),
      side('Contact', 100, 11, true),
      side('erik.solberg@example.no', 118),
      side('Oslo, Norway', 132),
      side('Skills', 170, 11, true),
      side('Medical Nutrition Therapy', 188),
      side('Renal Nutrition', 204),
      side('Diabetes Education', 220),
      side('Enteral Feeding', 236),
      side('Languages', 270, 11, true),
      side('English', 288),
    ]
    const { resume } = await parseResumePdf(await writePdf([page]))
    // "ES" (Spain's code) is the initials of Erik Solberg.
    expect(resume.basics.location?.city).toBe('Oslo')
    expect(resume.skills.flatMap((skill) => skill.keywords)).toEqual([
      'Medical Nutrition Therapy',
      'Renal Nutrition',
      'Diabetes Education',
      'Enteral Feeding',
    ])
    expect(resume.education).toHaveLength(1)
  })
})

describe("a job's bullets", () => {
  it('joins a line wrapped mid-sentence, and takes a town alone under every header as its place', async () => {
    const lines: [string, boolean][] = [
      ['WORK HISTORY', true],
      ['Night Shift Supervisor, Asda Distribution | Jan 2022 – Present', true],
      ['Leeds', false],
      ['Run a night shift of 40 colleagues. Raised pick rate from 165 to', false],
      ['190 cases an hour', false],
      ['Team Leader, Wincanton | Mar 2019 – Dec 2021', true],
      ['Wakefield', false],
      ['Led a team of 12 on a chilled-food contract', false],
      ['Cut overtime by 20% in one year', false],
    ]
    const page = linesPage('Daniel Whitfield', 'daniel@example.co.uk | 0113 496 0587', lines)
    const { resume } = await parseResumePdf(await writePdf([page]))
    expect(resume.work.map((job) => [job.name, job.location, job.highlights])).toEqual([
      [
        'Asda Distribution',
        'Leeds',
        ['Run a night shift of 40 colleagues. Raised pick rate from 165 to 190 cases an hour'],
      ],
      [
        'Wincanton',
        'Wakefield',
        ['Led a team of 12 on a chilled-food contract', 'Cut overtime by 20% in one year'],
      ],
    ])
  })
})
