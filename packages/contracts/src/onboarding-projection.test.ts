import { describe, expect, it } from 'vitest'
import { BLOCKER_FOCUS, buildOnboardingPlan } from './onboarding-plan.ts'
import {
  INVITATIONS_PER_MATCHED_APPLICATION,
  PROJECTION_ASSUMPTIONS,
  applicationsForInterviewGoal,
  formatChance,
  offerChance,
  projectSearch,
  suggestInterviewGoal,
} from './onboarding-projection.ts'

describe('the projection model', () => {
  it('brings 7.5% interview invitations per matched application (5% × 1.5)', () => {
    expect(INVITATIONS_PER_MATCHED_APPLICATION).toBeCloseTo(0.075, 10)
    expect(applicationsForInterviewGoal(1)).toBe(14)
    expect(applicationsForInterviewGoal(2)).toBe(27)
    expect(applicationsForInterviewGoal(3)).toBe(40)
  })

  it('suggests a weekly interview goal from the timeline, never below today and at least 1', () => {
    expect(suggestInterviewGoal('ASAP', 0)).toBe(2) // 30 applications × 7.5% = 2.25
    expect(suggestInterviewGoal('WITHIN_3_MONTHS', 0)).toBe(2) // 20 × 7.5% = 1.5
    expect(suggestInterviewGoal('WITHIN_6_MONTHS', 0)).toBe(1) // 12 × 7.5% = 0.9
    expect(suggestInterviewGoal('NO_RUSH', 0)).toBe(1) // 6 × 7.5% = 0.45, raised to 1
    expect(suggestInterviewGoal('ASAP', 4)).toBe(4)
    expect(suggestInterviewGoal('ASAP', 50)).toBe(20)
  })

  it('gives no chance of an offer before the hiring process (24 days) has run', () => {
    expect(offerChance(3, 0.15, 0)).toBe(0)
    expect(offerChance(3, 0.15, 24 / 7)).toBe(0)
    expect(offerChance(0, 0.15, 26)).toBe(0)
    // One interview a week for 13 weeks: offers from 13 − 24/7 weeks of interviews.
    expect(offerChance(1, 0.15, 13)).toBeCloseTo(1 - 0.85 ** (13 - 24 / 7), 12)
  })

  it('projects now and with the plan over the timeline, week by week', () => {
    const projection = projectSearch({
      timeline: 'WITHIN_3_MONTHS',
      interviewsPerWeek: 1,
      interviewGoal: 2,
    })
    expect(projection.horizonWeeks).toBe(13)
    expect(projection.applicationsPerWeek).toBe(27)
    expect(projection.now).toMatchObject({ interviewsPerWeek: 1, interviewsByHorizon: 13 })
    expect(projection.plan).toMatchObject({ interviewsPerWeek: 2, interviewsByHorizon: 26 })
    expect(projection.now.offerRate).toBeCloseTo(0.15, 12)
    expect(projection.plan.offerRate).toBeCloseTo(0.18, 12)
    expect(projection.now.expectedOffers).toBeCloseTo(0.15 * (13 - 24 / 7), 12)
    expect(projection.plan.expectedOffers).toBeCloseTo(2 * 0.18 * (13 - 24 / 7), 12)
    expect(formatChance(projection.now.offerChance)).toBe('79%')
    expect(formatChance(projection.plan.offerChance)).toBe('98%')

    expect(projection.offerChanceByWeek).toHaveLength(14)
    expect(projection.offerChanceByWeek[0]).toEqual({ week: 0, now: 0, plan: 0 })
    const last = projection.offerChanceByWeek.at(-1)
    expect(last).toEqual({
      week: 13,
      now: projection.now.offerChance,
      plan: projection.plan.offerChance,
    })
    const planChances = projection.offerChanceByWeek.map((point) => point.plan)
    expect(planChances).toEqual([...planChances].sort((a, b) => a - b))
  })

  it('is deterministic', () => {
    const inputs = { timeline: 'ASAP', interviewsPerWeek: 0, interviewGoal: 2 } as const
    expect(projectSearch(inputs)).toEqual(projectSearch(inputs))
  })

  it('states a chance without claiming certainty or impossibility', () => {
    expect(formatChance(0)).toBe('0%')
    expect(formatChance(0.001)).toBe('1%')
    expect(formatChance(0.424)).toBe('42%')
    expect(formatChance(0.9999)).toBe('99%')
  })

  it('words its assumptions with the numbers it uses', () => {
    expect(PROJECTION_ASSUMPTIONS.join(' ')).toContain('5% of applications')
    expect(PROJECTION_ASSUMPTIONS.join(' ')).toContain('15% of interview processes')
    expect(PROJECTION_ASSUMPTIONS.join(' ')).toContain('24 days')
  })
})

describe('buildOnboardingPlan', () => {
  const answers = {
    jobTimeline: 'ASAP',
    interviewsPerWeek: 0,
    interviewsAchievable: 3,
    jobBlocker: 'INTERVIEW_NERVES',
    jobAccomplishment: '  Cut checkout time by 40%  ',
    userGoal: 'GET_HIRED_FAST',
  } as const

  it('plans the applications a day, the focus and the story from the answers', () => {
    const plan = buildOnboardingPlan(answers)
    expect(plan).toMatchObject({
      goal: 'GET_HIRED_FAST',
      interviewGoal: 3,
      applicationsPerWeek: 40,
      applicationsPerWorkday: 8,
      focus: BLOCKER_FOCUS.INTERVIEW_NERVES,
      story: 'Cut checkout time by 40%',
    })
    expect(plan?.projection.horizonWeeks).toBe(6)
  })

  it('needs the timeline, the interviews a week and the goal; the rest is optional', () => {
    expect(buildOnboardingPlan({ ...answers, interviewsAchievable: null })).toBeNull()
    expect(buildOnboardingPlan({ ...answers, jobTimeline: null })).toBeNull()
    expect(buildOnboardingPlan({ ...answers, interviewsPerWeek: null })).toBeNull()
    expect(
      buildOnboardingPlan({ ...answers, jobBlocker: null, jobAccomplishment: ' ', userGoal: null }),
    ).toMatchObject({ goal: null, focus: null, story: null })
  })
})
