import {
  EXPERIENCE_LEVELS,
  JOB_BLOCKERS,
  JOB_SEARCH_APPS,
  JOB_SEARCH_STATUSES,
  JOB_TIMELINES,
  JOB_TYPES,
  USER_GOALS,
  WORK_LOCATIONS,
  WizardRowSchema,
  defaultJobFiltersFromWizard,
} from '@app/contracts'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestApp, type TestApp } from '../../../../../test/test-app.ts'

/**
 * The wizard row's answer checks (migration 20261121002700) hold the same vocabulary as the
 * contracts: a guest can store every value of each list through supabase-js, as the wizard
 * does, and nothing outside it (PostgreSQL 23514, a 400 from /rest/v1).
 */
describe('wizard answers', () => {
  let testApp: TestApp
  let guest: { id: string; supabase: SupabaseClient }

  beforeAll(async () => {
    testApp = await startTestApp()
    const supabase = testApp.client()
    const { data } = await supabase.auth.signInAnonymously()
    guest = { id: data.user?.id ?? '', supabase }
  })

  afterAll(async () => {
    await testApp.close()
  })

  const update = (columns: Record<string, unknown>) =>
    guest.supabase
      .from('wizard')
      .update(columns)
      .eq('user_id', guest.id)
      .select()
      .single<Record<string, unknown>>()

  const singleChoices = {
    job_search_status: JOB_SEARCH_STATUSES,
    job_timeline: JOB_TIMELINES,
    job_blocker: JOB_BLOCKERS,
    experience_level: EXPERIENCE_LEVELS,
    user_goal: USER_GOALS,
  }
  const multipleChoices = { job_search_apps: JOB_SEARCH_APPS, job_types: JOB_TYPES }

  it('stores every value of the vocabulary', async () => {
    for (const [column, values] of Object.entries(singleChoices)) {
      for (const value of values) {
        const { data, error } = await update({ [column]: value })
        expect(error, `${column} = ${value}`).toBeNull()
        expect(data?.[column]).toBe(value)
      }
    }
    for (const [column, values] of Object.entries(multipleChoices)) {
      const { data, error } = await update({ [column]: values })
      expect(error, column).toBeNull()
      expect(data?.[column]).toEqual(values)
    }
    const { error } = await update({
      job_preferences: {
        jobTitles: ['Nurse'],
        workLocations: WORK_LOCATIONS,
        locations: [{ name: 'Lyon', isCountry: false, countryCode: 'FR' }],
      },
    })
    expect(error).toBeNull()
  })

  it('refuses a value outside the vocabulary with a check violation', async () => {
    const refused: Record<string, unknown>[] = [
      ...Object.keys(singleChoices).map((column) => ({ [column]: 'SOMETHING_ELSE' })),
      ...Object.keys(multipleChoices).map((column) => ({ [column]: ['SOMETHING_ELSE'] })),
      { job_types: ['full-time'] },
      { job_accomplishment: 'x'.repeat(1001) },
      { minimum_salary: 10_000_001 },
      { job_preferences: { salary: 5 } },
      { job_preferences: { jobTitles: 'Nurse' } },
      { job_preferences: { workLocations: ['MOON'] } },
    ]
    for (const columns of refused) {
      const { status, error } = await update(columns)
      expect(status, JSON.stringify(columns)).toBe(400)
      expect(error?.code, JSON.stringify(columns)).toBe('23514')
    }
  })

  it('reads back as a Wizard whose answers become job filters', async () => {
    await update({
      job_types: ['FULL_TIME'],
      experience_level: 'SENIOR_LEVEL',
      minimum_salary: 90_000,
      job_preferences: { jobTitles: ['Nurse'], workLocations: ['ONSITE'] },
    })
    const { data } = await guest.supabase
      .from('wizard')
      .select('*')
      .eq('user_id', guest.id)
      .single<Record<string, unknown>>()
    expect(defaultJobFiltersFromWizard(WizardRowSchema.parse(data))).toEqual({
      types: ['FULL_TIME'],
      jobTitles: ['Nurse'],
      workLocations: ['ONSITE'],
      experienceLevels: ['SENIOR_LEVEL'],
      minimumSalary: 90_000,
    })
  })
})
