import { describe, expect, it } from 'vitest'
import { exportFileName } from './export-file-name'

describe('exportFileName', () => {
  const today = new Date('2026-03-04T12:00:00Z')

  it('takes the server’s name', () => {
    expect(exportFileName('attachment; filename="jobsearch-export-2026-03-03.zip"', today)).toBe(
      'jobsearch-export-2026-03-03.zip',
    )
  })

  it('names the file after today without a usable header', () => {
    expect(exportFileName(null, today)).toBe('jobsearch-export-2026-03-04.zip')
    expect(exportFileName('attachment; filename="../evil.zip"', today)).toBe(
      'jobsearch-export-2026-03-04.zip',
    )
  })
})
