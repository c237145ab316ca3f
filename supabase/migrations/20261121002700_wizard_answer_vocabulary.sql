-- The onboarding wizard's answers get their vocabulary (ADR 0012). The first wizard migration
-- kept the answer columns free-form until the product fixed the choices; the wizard now has
-- them, in packages/contracts/src/onboarding.ts (its own lists) and job-filters.ts (job types
-- and experience levels, the vocabulary of the job filters the answers become). Each answer is
-- checked here too, so no client can store an answer the product cannot read. The lists must
-- stay equal to the TypeScript ones: apps/server/src/modules/onboarding/
-- wizard-answers.integration.test.ts writes every value of each list and one outside it.
--
-- And the onboarding messages become the server's: GET /api/onboarding/messages writes them
-- (as the table owner) from the answers, and marks them read; users only read them.

alter table public.wizard
  add constraint wizard_job_search_status_known check (job_search_status in (
    'EXPLORING', 'ACTIVELY_APPLYING', 'INTERVIEWING', 'EMPLOYED_OPEN')),
  add constraint wizard_job_search_apps_known check (job_search_apps <@ array[
    'LINKEDIN', 'INDEED', 'GLASSDOOR', 'COMPANY_SITES', 'RECRUITERS', 'OTHER_BOARDS', 'NONE']),
  add constraint wizard_job_timeline_known check (job_timeline in (
    'ASAP', 'WITHIN_3_MONTHS', 'WITHIN_6_MONTHS', 'NO_RUSH')),
  add constraint wizard_job_types_known check (job_types <@ array[
    'FULL_TIME', 'PART_TIME', 'CONTRACT', 'TEMPORARY', 'INTERNSHIP']),
  add constraint wizard_job_blocker_known check (job_blocker in (
    'FEW_RESPONSES', 'FINDING_JOBS', 'APPLYING_TAKES_TIME', 'INTERVIEWS_NO_OFFERS',
    'INTERVIEW_NERVES', 'STAYING_MOTIVATED')),
  add constraint wizard_experience_level_known check (experience_level in (
    'INTERNSHIP', 'ENTRY_LEVEL', 'MID_LEVEL', 'SENIOR_LEVEL', 'LEAD', 'EXECUTIVE')),
  add constraint wizard_user_goal_known check (user_goal in (
    'GET_HIRED_FAST', 'HIGHER_PAY', 'BETTER_FIT', 'CAREER_CHANGE', 'FIRST_JOB')),
  -- 280 characters in the wizard (MAX_ACCOMPLISHMENT_LENGTH); room here for a longer limit later.
  add constraint wizard_job_accomplishment_length check (char_length(job_accomplishment) <= 1000),
  -- The job filters' own bound (JobFiltersSchema.minimumSalary).
  add constraint wizard_minimum_salary_max check (minimum_salary <= 10000000),
  -- job-preferences holds the job filters' jobTitles, workLocations and locations, nothing else.
  add constraint wizard_job_preferences_fields check (
    job_preferences - array['jobTitles', 'workLocations', 'locations'] = '{}'::jsonb
    and jsonb_typeof(coalesce(job_preferences -> 'jobTitles', '[]')) = 'array'
    and jsonb_typeof(coalesce(job_preferences -> 'workLocations', '[]')) = 'array'
    and jsonb_typeof(coalesce(job_preferences -> 'locations', '[]')) = 'array'
    and coalesce(job_preferences -> 'workLocations', '[]') <@ '["REMOTE", "HYBRID", "ONSITE"]'::jsonb);

revoke update (onboarding_messages) on public.profiles from authenticated;
