import {
  type OnboardingMessage,
  type OnboardingPlan,
  type UserGoal,
  type Wizard,
  buildOnboardingPlan,
  formatChance,
} from '@app/contracts'

/**
 * The onboarding messages (ADR 0012): tips made from the wizard's answers when it is completed,
 * delivered over the first week, a few days apart, so the plan keeps coming back while the
 * habits form. Pure and deterministic: the same answers and completion time give the same
 * messages, ids included, so composing twice stores the same list.
 */
const DAY_MS = 24 * 60 * 60 * 1000

type Tip = { id: string; day: number; title: string; body: string }

const GOAL_TIPS: Record<UserGoal, (wizard: Wizard) => Omit<Tip, 'id' | 'day'>> = {
  GET_HIRED_FAST: () => ({
    title: 'Be early',
    body: 'Apply within two days of a job being posted: the first applicants are read most closely.',
  }),
  HIGHER_PAY: (wizard) => ({
    title: 'Aim high on pay',
    body:
      'Look up the pay range before the first call and name a number near its top.' +
      (wizard.minimumSalary
        ? ` Jobs below your floor of ${wizard.minimumSalary.toLocaleString('en-US')} a year are already hidden.`
        : ''),
  }),
  BETTER_FIT: () => ({
    title: 'Ask about the work itself',
    body: 'In every interview, ask what a normal week looks like and what success means after six months.',
  }),
  CAREER_CHANGE: () => ({
    title: 'Lead with what transfers',
    body: 'Open your résumé with the skills that carry over to the new field, each with one result.',
  }),
  FIRST_JOB: () => ({
    title: 'Show what you can do',
    body: 'Projects, internships and coursework count: give each one a line on what you built or achieved.',
  }),
}

function planTip(plan: OnboardingPlan): Tip {
  const invitations = plural(plan.interviewGoal, 'interview invitation')
  return {
    id: 'plan',
    day: 0,
    title: `Your plan: ${invitations} a week`,
    body:
      `Apply to about ${plan.applicationsPerWeek} matched jobs a week, ${plan.applicationsPerWorkday} each workday. ` +
      `At that pace your chance of an offer within ${plan.projection.horizonWeeks} weeks is about ` +
      `${formatChance(plan.projection.plan.offerChance)}.`,
  }
}

function weeklyReviewTip(plan: OnboardingPlan | null): Tip {
  const goal = plan
    ? `Your goal is ${plural(plan.interviewGoal, 'interview invitation')} a week. `
    : ''
  return {
    id: 'weekly-review',
    day: 7,
    title: 'One week in',
    body: `${goal}Fewer than you hoped? Widen one filter (another job title, more places, or remote work) and keep applying every workday.`,
  }
}

function tipsFor(wizard: Wizard): Tip[] {
  const plan = buildOnboardingPlan(wizard)
  const tips: Tip[] = [
    plan
      ? planTip(plan)
      : {
          id: 'welcome',
          day: 0,
          title: 'Welcome aboard',
          body: 'Swipe through jobs that match your answers and apply to a few every workday.',
        },
  ]
  if (plan?.focus) {
    tips.push({ id: 'focus', day: 1, ...plan.focus })
  }
  if (plan?.story) {
    tips.push({
      id: 'story',
      day: 2,
      title: 'Your strongest interview story',
      body: `“${plan.story}” Tell it in four beats: the situation, your task, what you did, and the result in numbers. Practise it once out loud before your next interview.`,
    })
  }
  if (wizard.userGoal) {
    tips.push({ id: 'goal', day: 3, ...GOAL_TIPS[wizard.userGoal](wizard) })
  }
  tips.push(
    {
      id: 'follow-up',
      day: 5,
      title: 'Follow up',
      body: 'No reply five workdays after applying? A short, friendly note to the recruiter brings back more answers than another application.',
    },
    weeklyReviewTip(plan),
  )
  return tips
}

/** The messages for a wizard completed at `completedAt`, oldest first, none read yet. */
export function composeOnboardingMessages(wizard: Wizard, completedAt: Date): OnboardingMessage[] {
  return tipsFor(wizard).map(({ id, day, title, body }) => ({
    id,
    title,
    body,
    deliverAt: new Date(completedAt.getTime() + day * DAY_MS).toISOString(),
    readAt: null,
  }))
}

export function isDelivered(message: OnboardingMessage, now: Date): boolean {
  return Date.parse(message.deliverAt) <= now.getTime()
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
