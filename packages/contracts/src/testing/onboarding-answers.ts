/**
 * Test fixtures for the onboarding wizard, shared by the tests of contracts, server and web.
 * Reached through `@app/contracts/testing` (never through `@app/contracts`), so production code
 * and bundles do not carry it: only test files import it.
 */
import { type Wizard, WizardRowSchema } from '../onboarding.ts'

/**
 * A `wizard` row as the database stores it with no question answered yet (a new object each
 * call); `overrides` sets the owner, the step reached and any column a test needs.
 */
export function unansweredWizardRow<Overrides extends { user_id: string }>(overrides: Overrides) {
  return {
    current_step: 'job-search-status',
    job_search_status: null,
    job_search_apps: null,
    job_timeline: null,
    job_types: null,
    job_preferences: {},
    job_blocker: null,
    job_accomplishment: null,
    experience_level: null,
    minimum_salary: null,
    interviews_per_week: null,
    interviews_achievable: null,
    user_goal: null,
    completed_at: null,
    ...overrides,
  }
}

/** `unansweredWizardRow` as the client reads it (`Wizard`, camelCase). */
export function unansweredWizard(overrides: { user_id: string } & Record<string, unknown>): Wizard {
  return WizardRowSchema.parse(unansweredWizardRow(overrides))
}
