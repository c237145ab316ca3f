import { describe, expect, it } from 'vitest'
import { describeAnalysis, type ResumeAnalysisRow } from './analysis-status'

const OFF = { processed: false, typicalSeconds: null, recordedWithinSeconds: 60 }
const ON = { processed: true, typicalSeconds: 180, recordedWithinSeconds: 60 }
const UPLOADED = '2026-11-25T10:00:00Z'
const SOON = new Date('2026-11-25T10:00:30Z')

function row(fields: Partial<ResumeAnalysisRow>): ResumeAnalysisRow {
  return {
    status: 'PENDING',
    progressStep: null,
    score: null,
    error: null,
    createdAt: UPLOADED,
    completedAt: null,
    ...fields,
  }
}

describe('describeAnalysis', () => {
  it('says plainly when this install does not analyse resumes, and stops asking', () => {
    const state = describeAnalysis(OFF, row({}), UPLOADED, SOON)
    expect(state).toMatchObject({ tone: 'off', title: 'Analysis not available yet', poll: false })
    expect(state.detail).toContain('does not analyse resumes yet')
  })

  it('a LinkedIn link waiting for LinkedIn’s own export says so, and where to send it', () => {
    const state = describeAnalysis(ON, row({ progressStep: 'awaiting_export' }), UPLOADED, SOON)
    expect(state).toMatchObject({ title: 'Waiting for your LinkedIn export', poll: false })
    expect(state.detail).toContain('Resume page')
  })

  it('a request the queue has not recorded yet: asked about again, until it has waited too long', () => {
    expect(describeAnalysis(OFF, null, UPLOADED, SOON)).toMatchObject({
      tone: 'waiting',
      poll: true,
      detail: expect.stringContaining('within about a minute') as unknown,
    })
    const late = describeAnalysis(OFF, null, UPLOADED, new Date('2026-11-25T10:30:00Z'))
    expect(late).toMatchObject({ tone: 'waiting', poll: false })
    expect(late.detail).toContain('longer than usual')
  })

  it('where analyses run: queued and running with the usual time, asked about again', () => {
    expect(describeAnalysis(ON, row({}), UPLOADED, SOON)).toMatchObject({
      tone: 'waiting',
      title: 'Queued for analysis',
      poll: true,
      detail: expect.stringContaining('about 3 minutes') as unknown,
    })
    expect(describeAnalysis(ON, row({ status: 'PROCESSING' }), UPLOADED, SOON)).toMatchObject({
      tone: 'working',
      poll: true,
      detail: expect.stringContaining('about 3 minutes') as unknown,
    })
  })

  it('done with its score, failed with its reason; neither is asked about again', () => {
    const done = describeAnalysis(
      ON,
      row({ status: 'COMPLETED', score: 72, completedAt: '2026-11-25T10:03:00Z' }),
      UPLOADED,
      SOON,
    )
    expect(done).toMatchObject({
      tone: 'done',
      title: 'Analysis ready: 72 out of 100',
      poll: false,
    })
    const failed = describeAnalysis(
      ON,
      row({ status: 'FAILED', error: 'The file has no text.' }),
      UPLOADED,
      SOON,
    )
    expect(failed).toMatchObject({ tone: 'failed', poll: false })
    expect(failed.detail).toBe('The file has no text. Upload your resume again to try once more.')
  })
})
