import { describe, expect, it } from 'vitest'
import { guessColumns, mapStatus, parseDate, toImportRow } from './csv-import'

describe('guessColumns', () => {
  it("reads Huntr's export", () => {
    expect(
      guessColumns([
        'Job Title',
        'Company',
        'List',
        'Date Applied',
        'URL',
        'Notes',
        'Location',
        'Salary',
      ]),
    ).toEqual({
      company: 'Company',
      title: 'Job Title',
      status: 'List',
      dateApplied: 'Date Applied',
      link: 'URL',
      notes: 'Notes',
      location: 'Location',
    })
  })

  it("reads Teal's export", () => {
    expect(
      guessColumns([
        'Company Name',
        'Position',
        'Stage',
        'Applied Date',
        'Job Posting URL',
        'Note',
      ]),
    ).toEqual({
      company: 'Company Name',
      title: 'Position',
      status: 'Stage',
      dateApplied: 'Applied Date',
      link: 'Job Posting URL',
      notes: 'Note',
      location: null,
    })
  })

  it('reads our own export back', () => {
    expect(
      guessColumns([
        'Company',
        'Title',
        'Status',
        'Date saved',
        'Date applied',
        'Link',
        'Notes',
        'Location',
      ]),
    ).toEqual({
      company: 'Company',
      title: 'Title',
      status: 'Status',
      dateApplied: 'Date applied',
      link: 'Link',
      notes: 'Notes',
      location: 'Location',
    })
    for (const status of ['SAVED', 'APPLIED', 'INTERVIEW', 'OFFER', 'REJECTED', 'WITHDRAWN']) {
      expect(mapStatus(status)).toBe(status)
    }
  })

  it('leaves unknown columns unmapped and uses a column once', () => {
    expect(guessColumns(['foo', 'bar'])).toMatchObject({ company: null, title: null })
    const mapping = guessColumns(['Title', 'Job Title', 'Company'])
    expect(mapping.title).toBe('Title')
    expect(Object.values(mapping).filter((column) => column === 'Title')).toHaveLength(1)
  })
})

describe('mapStatus', () => {
  it.each([
    ['Wishlist', 'SAVED'],
    ['Bookmarked', 'SAVED'],
    ['Applied', 'APPLIED'],
    ['APPLYING', 'APPLIED'],
    ['Interviewing', 'INTERVIEW'],
    ['Interview', 'INTERVIEW'],
    ['Offer', 'OFFER'],
    ['Rejected', 'REJECTED'],
    ['Archived', 'WITHDRAWN'],
    ['Withdrawn', 'WITHDRAWN'],
    ['2nd interview', 'INTERVIEW'],
    ['banana', null],
    ['', null],
  ])('%s → %s', (value, status) => {
    expect(mapStatus(value)).toBe(status)
  })
})

describe('parseDate', () => {
  it.each([
    ['2026-10-01', '2026-10-01'],
    ['2026-10-01T09:30:00.000Z', '2026-10-01'],
    ['10/01/2026', '2026-10-01'],
    ['01.10.2026', '2026-10-01'],
    ['', null],
    ['2026-02-30', undefined],
    ['soon', undefined],
  ])('%s → %s', (value, date) => {
    expect(parseDate(value)).toBe(date)
  })
})

describe('toImportRow', () => {
  const mapping = guessColumns(['Company', 'Job Title', 'Status', 'Date Applied', 'URL', 'Notes'])
  const today = '2026-11-26'
  const record = (values: Record<string, string>) => ({
    Company: 'Acme',
    'Job Title': 'Engineer',
    Status: 'Applied',
    'Date Applied': '2026-11-01',
    URL: 'jobs.acme.example/1',
    Notes: '',
    ...values,
  })

  it('turns a record into a row, mapping the status and the date', () => {
    expect(toImportRow(record({}), mapping, today)).toEqual({
      ok: true,
      row: {
        company: 'Acme',
        title: 'Engineer',
        status: 'APPLIED',
        dateApplied: '2026-11-01',
        link: 'https://jobs.acme.example/1',
        notes: null,
        location: null,
      },
    })
  })

  it('infers the status from the date when the file has none', () => {
    const row = (values: Record<string, string>) => toImportRow(record(values), mapping, today)
    expect(row({ Status: '' })).toMatchObject({ row: { status: 'APPLIED' } })
    expect(row({ Status: '', 'Date Applied': '' })).toMatchObject({ row: { status: 'SAVED' } })
  })

  it.each([
    [{ Company: '' }, 'no company'],
    [{ 'Job Title': ' ' }, 'no job title'],
    [{ Status: 'Ghosted??' }, 'unknown status "Ghosted??"'],
    [{ 'Date Applied': '31/31/2026' }, 'unreadable date "31/31/2026"'],
    [{ 'Date Applied': '2027-01-01' }, 'date applied in the future'],
    [{ URL: 'javascript:alert(1)' }, 'unreadable link'],
  ])('skips %o: %s', (values, reason) => {
    expect(toImportRow(record(values), mapping, today)).toMatchObject({ ok: false, reason })
  })
})
