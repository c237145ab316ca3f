import { describe, expect, it } from 'vitest'
import { ConfigError, readConfig } from '../../platform/config.ts'
import { freePlanFromConfig } from './credit-plans.ts'

describe('the free plan from the configuration', () => {
  it('grants 10 credits a day by default', () => {
    expect(freePlanFromConfig(readConfig({}))).toEqual({ allowance: 10, period: 'daily' })
  })

  it('follows FREE_CREDITS_PER_PERIOD and CREDIT_PERIOD', () => {
    const config = readConfig({ FREE_CREDITS_PER_PERIOD: '25', CREDIT_PERIOD: 'weekly' })
    expect(freePlanFromConfig(config)).toEqual({ allowance: 25, period: 'weekly' })
    expect(freePlanFromConfig(readConfig({ FREE_CREDITS_PER_PERIOD: '0' })).allowance).toBe(0)
  })

  it('refuses an allowance that is not a whole number of 0 or more, and an unknown period', () => {
    for (const allowance of ['-1', '2.5', 'ten']) {
      expect(() => readConfig({ FREE_CREDITS_PER_PERIOD: allowance })).toThrow(ConfigError)
    }
    expect(() => readConfig({ CREDIT_PERIOD: 'hourly' })).toThrow(/CREDIT_PERIOD/)
  })
})
