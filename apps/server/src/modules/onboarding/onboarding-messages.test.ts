import type { Wizard } from '@app/contracts'
import { unansweredWizard } from '@app/contracts/testing'
import { describe, expect, it } from 'vitest'
import { composeOnboardingMessages, isDelivered } from './onboarding-messages.ts'

const COMPLETED_AT = new Date('2026-11-21T09:30:00.000Z')

const UNANSWERED: Wizard = unansweredWizard({
  user_id: '0d5d1f51-3c4b-4d3e-9f57-4c8f7f0a6b21',
  current_step: 'success',
  completed_at: COMPLETED_AT,
})

const ANSWERED: Wizard = {
  ...UNANSWERED,
  jobTimeline: 'WITHIN_3_MONTHS',
  interviewsPerWeek: 1,
  interviewsAchievable: 2,
  jobBlocker: 'FEW_RESPONSES',
  jobAccomplishment: 'Cut the support backlog in half in one quarter.',
  userGoal: 'HIGHER_PAY',
  minimumSalary: 70_000,
}

const dayAfter = (days: number) =>
  new Date(COMPLETED_AT.getTime() + days * 24 * 60 * 60 * 1000).toISOString()

describe('composeOnboardingMessages', () => {
  it('spreads tips made from the answers over the first week', () => {
    const messages = composeOnboardingMessages(ANSWERED, COMPLETED_AT)
    expect(messages.map(({ id, deliverAt }) => [id, deliverAt])).toEqual([
      ['plan', dayAfter(0)],
      ['focus', dayAfter(1)],
      ['story', dayAfter(2)],
      ['goal', dayAfter(3)],
      ['follow-up', dayAfter(5)],
      ['weekly-review', dayAfter(7)],
    ])
    expect(messages.every((message) => message.readAt === null)).toBe(true)
  })

  it('puts the plan numbers, the blocker focus, the story and the goal into words', () => {
    const [plan, focus, story, goal, , review] = composeOnboardingMessages(ANSWERED, COMPLETED_AT)
    expect(plan).toMatchObject({
      title: 'Your plan: 2 interview invitations a week',
      body: 'Apply to about 27 matched jobs a week, 6 each workday. At that pace your chance of an offer within 13 weeks is about 98%.',
    })
    expect(focus?.title).toBe('Get more replies')
    expect(story?.body).toContain('“Cut the support backlog in half in one quarter.”')
    expect(goal).toMatchObject({ title: 'Aim high on pay' })
    expect(goal?.body).toContain('your floor of 70,000 a year')
    expect(review?.body).toMatch(/^Your goal is 2 interview invitations a week\./)
  })

  it('is deterministic: the same answers and completion time give the same messages', () => {
    expect(composeOnboardingMessages(ANSWERED, COMPLETED_AT)).toEqual(
      composeOnboardingMessages({ ...ANSWERED }, new Date(COMPLETED_AT)),
    )
  })

  it('welcomes without a plan when the plan answers are missing, and skips unanswered tips', () => {
    const messages = composeOnboardingMessages(UNANSWERED, COMPLETED_AT)
    expect(messages.map((message) => message.id)).toEqual(['welcome', 'follow-up', 'weekly-review'])
    expect(messages[2]?.body).not.toContain('Your goal')
  })
})

describe('isDelivered', () => {
  it('delivers a message from its delivery time on', () => {
    const [plan, focus] = composeOnboardingMessages(ANSWERED, COMPLETED_AT)
    expect(plan && isDelivered(plan, COMPLETED_AT)).toBe(true)
    expect(focus && isDelivered(focus, new Date(dayAfter(1)))).toBe(true)
    expect(focus && isDelivered(focus, new Date(Date.parse(dayAfter(1)) - 1))).toBe(false)
  })
})
