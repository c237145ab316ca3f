import { RESUME_ANALYSIS_PROCESSING } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { failureAdvice, isRunning, stepState, typicalTime } from './analysis-progress'

const at = (status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'FAILED', step: string) =>
  ({ status, progress: { step, percent: 0 } }) as Parameters<typeof isRunning>[0]

describe('isRunning', () => {
  it('polls while queued or processing, not when waiting for an export or finished', () => {
    expect(isRunning(at('PENDING', 'queued'))).toBe(true)
    expect(isRunning(at('PROCESSING', 'parsing'))).toBe(true)
    expect(isRunning(at('PENDING', 'awaiting_export'))).toBe(false)
    expect(isRunning(at('COMPLETED', 'done'))).toBe(false)
    expect(isRunning(at('FAILED', 'failed'))).toBe(false)
    expect(isRunning(null)).toBe(false)
  })
})

describe('stepState', () => {
  it('marks the steps before the current one done and the later ones to do', () => {
    expect(stepState('queued', 'parsing')).toBe('done')
    expect(stepState('reading', 'parsing')).toBe('done')
    expect(stepState('parsing', 'parsing')).toBe('current')
    expect(stepState('reviewing', 'parsing')).toBe('todo')
    expect(stepState('reviewing', 'done')).toBe('done')
    expect(stepState('queued', 'awaiting_export')).toBe('todo')
  })
})

describe('typicalTime', () => {
  it('states the install figure in seconds or minutes, and nothing when nothing runs', () => {
    expect(typicalTime(RESUME_ANALYSIS_PROCESSING)).toBe(
      `An analysis usually takes about ${RESUME_ANALYSIS_PROCESSING.typicalSeconds} seconds.`,
    )
    expect(typicalTime({ processed: true, typicalSeconds: 120, recordedWithinSeconds: 5 })).toBe(
      'An analysis usually takes about 2 minutes.',
    )
    expect(typicalTime({ processed: false, typicalSeconds: null, recordedWithinSeconds: 5 })).toBe(
      null,
    )
  })
})

describe('failureAdvice', () => {
  it('tells a scanned resume to export a real PDF', () => {
    expect(failureAdvice('no_text')).toMatch(/rather than scanning/)
    expect(failureAdvice(null)).toMatch(/Try again/)
  })
})
