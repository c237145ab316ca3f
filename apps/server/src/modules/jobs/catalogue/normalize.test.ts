import { describe, expect, it } from 'vitest'
import { decodeEntities, htmlToText, sanitizeDescription, textToHtml } from './html-text.ts'
import { normalizeJob, yearlySalary } from './normalize.ts'

describe('yearlySalary', () => {
  it.each([
    ['YEAR', 85_000, 85_000],
    ['MONTH', 4_500, 54_000],
    ['WEEK', 1_000, 52_000],
    ['DAY', 450, 117_000],
    ['HOUR', 30, 62_400],
    ['HOUR', 12.5, 26_000],
  ] as const)('%s %d → %d a year', (period, amount, yearly) => {
    expect(yearlySalary({ min: amount, max: amount, currency: 'EUR', period })).toEqual({
      min: yearly,
      max: yearly,
    })
  })

  it('keeps an open end open', () => {
    expect(yearlySalary({ min: null, max: 40, currency: 'USD', period: 'HOUR' })).toEqual({
      min: null,
      max: 83_200,
    })
    expect(yearlySalary(null)).toBeNull()
  })
})

describe('description HTML', () => {
  it('keeps formatting and links, drops scripts, styles, attributes and dangerous URLs', () => {
    const safe = sanitizeDescription(
      '<h1 class="x">Role</h1><p style="color:red" onclick="steal()">Hello <b>you</b></p>' +
        '<script>alert(1)</script><style>p{}</style><img src=x onerror=alert(1)>' +
        '<a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_self">good</a>' +
        '<iframe src="https://evil.example"></iframe><p>&nbsp;</p>',
    )
    expect(safe).toBe(
      '<h2>Role</h2><p>Hello <b>you</b></p>' +
        '<a rel="nofollow noopener noreferrer" target="_blank">bad</a> ' +
        '<a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">good</a>',
    )
  })

  it('gives plain text with paragraphs and list items on their own lines', () => {
    const html = sanitizeDescription(
      '<div><p>Intro &amp; more</p><ul><li>One</li><li>Two <em>2</em></li></ul>Line<br>break</div>',
    )
    expect(htmlToText(html)).toBe('Intro & more\n\n• One\n• Two 2\n\nLine\nbreak')
  })

  it('decodes entity-escaped HTML exactly once', () => {
    expect(decodeEntities('&lt;p&gt;Caf&amp;eacute; &amp;amp; co&lt;/p&gt;')).toBe(
      '<p>Caf&eacute; &amp; co</p>',
    )
  })

  it('turns plain text into paragraphs', () => {
    expect(textToHtml('A <b> & c\nline two\n\nNext')).toBe(
      '<p>A &lt;b&gt; &amp; c<br />line two</p><p>Next</p>',
    )
  })
})

describe('normalizeJob', () => {
  const base = {
    sourceId: '1',
    companyName: 'Acme Inc.',
    places: [],
    applyUrl: null,
    postedAt: null,
  }

  it('prefers what the feed states over what the text says', () => {
    const job = normalizeJob(
      {
        ...base,
        title: 'Engineer',
        descriptionHtml: '<p>Remote role. $100k - $120k a year.</p>',
        workLocation: 'HYBRID',
        salary: { min: 90_000, max: 95_000, currency: 'USD', period: 'YEAR' },
        employmentType: 'Part-time',
      },
      { source: 'lever', board: 'acme' },
    )
    expect(job).toMatchObject({
      workLocation: 'HYBRID',
      salary: { min: 90_000, max: 95_000 },
      jobType: 'PART_TIME',
    })
  })

  it('reads a Canadian job\'s "$" as Canadian dollars, and plain text as the description', () => {
    const job = normalizeJob(
      {
        ...base,
        title: 'Registered Nurse',
        descriptionHtml: null,
        descriptionText: 'Pay: $40 - $48 per hour\nNight shifts',
        places: [{ name: 'Toronto', region: 'Ontario', countryCode: 'CA' }],
      },
      { source: 'lever', board: 'acme' },
    )
    expect(job.salary).toEqual({ min: 40, max: 48, currency: 'CAD', period: 'HOUR' })
    expect(job.descriptionHtml).toBe('<p>Pay: $40 - $48 per hour<br />Night shifts</p>')
    expect(job.dedupeKey).toBe('acme|registered nurse|toronto')
    expect(job.location).toBe('Toronto, Canada')
  })
})
