-- profiles and wizard: one row each per auth user (guest or registered), created by the
-- new-user hook (20261121002200_new_user_hook.sql), never by the client.

-- ---------------------------------------------------------------------------------------------
-- profiles: the general profile. Spec section 3: user_id, onboarding_messages (a list, starts
-- empty), referral_code, first_name, last_name, email.
create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  first_name text,
  last_name text,
  -- A copy of auth.users.email kept in sync by the hook (guests have none until they sign up).
  email text,
  -- The messages shown during onboarding (GET onboarding/messages); a JSON array.
  onboarding_messages jsonb not null default '[]'::jsonb,
  -- This user's own code to share (see public.generate_referral_code()); stored upper-case so
  -- a redeem can compare upper(input).
  referral_code text not null unique default public.generate_referral_code(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint profiles_onboarding_messages_is_array check (jsonb_typeof(onboarding_messages) = 'array'),
  constraint profiles_referral_code_upper check (referral_code = upper(referral_code))
);

create trigger set_updated_at before update on public.profiles
  for each row execute function public.set_updated_at();

alter table public.profiles enable row level security;

-- Read: own row only. The client's "no profile" check (PGRST116) relies on this returning
-- zero rows for anyone else's id.
create policy "profiles: owner reads" on public.profiles
  for select to authenticated
  using ((select auth.uid()) = user_id);

-- Update: own row only, and only the columns granted below (not user_id, not referral_code).
create policy "profiles: owner updates" on public.profiles
  for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

-- No insert or delete policy: the hook creates the row, deleting the auth user removes it.
revoke all on public.profiles from anon;
revoke insert, update, delete, truncate, references, trigger on public.profiles from authenticated;
grant update (first_name, last_name, email, onboarding_messages) on public.profiles to authenticated;

-- ---------------------------------------------------------------------------------------------
-- wizard: the onboarding wizard's progress and answers, one typed column per question step
-- (ADR: typed columns rather than a key/value table, so answers can be filtered and checked;
-- spec section 2 lists the steps, their questions are "not shown", so free-form answers are
-- text or text[] until the product fixes the choices). Steps that only show something
-- (interview-comparison, results-comparison, potential-success, plan-ready, success) have no
-- answer column; `current_step` records where the user is, so onboarding is resumable.
create table public.wizard (
  user_id uuid primary key references auth.users (id) on delete cascade,
  current_step text not null default 'job-search-status',
  -- job-search-status: e.g. actively looking, casually looking, employed.
  job_search_status text,
  -- job-search-apps: the other job apps/sites the user already uses.
  job_search_apps text[],
  -- job-timeline: how soon the user wants a job.
  job_timeline text,
  -- job-types: full-time, part-time, contract, internship, …
  job_types text[],
  -- job-preferences: the job filters of spec section 3, as the client sends them:
  -- {locations: [{name, isCountry, countryCode}], jobType, experienceLevel, companySize,
  --  jobTitles, locationType, minimumSalary}.
  job_preferences jsonb not null default '{}'::jsonb,
  -- job-blocker: what holds the search back.
  job_blocker text,
  -- job-accomplishment: a recent accomplishment the user is proud of.
  job_accomplishment text,
  -- experience-level: entry, mid, senior, …
  experience_level text,
  -- minimum-salary: yearly, in the user's currency.
  minimum_salary integer,
  -- interviews-per-week / interviews-achievable: current and hoped-for weekly interviews.
  interviews_per_week integer,
  interviews_achievable integer,
  -- user-goal: what the user wants from the product.
  user_goal text,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint wizard_current_step_known check (current_step in (
    'job-search-status', 'job-search-apps', 'job-timeline', 'job-types', 'job-preferences',
    'job-blocker', 'job-accomplishment', 'experience-level', 'minimum-salary',
    'interviews-per-week', 'interviews-achievable', 'interview-comparison',
    'results-comparison', 'potential-success', 'user-goal', 'plan-ready', 'success')),
  constraint wizard_job_preferences_is_object check (jsonb_typeof(job_preferences) = 'object'),
  constraint wizard_minimum_salary_positive check (minimum_salary is null or minimum_salary >= 0),
  constraint wizard_interviews_per_week_range check (interviews_per_week is null or interviews_per_week between 0 and 100),
  constraint wizard_interviews_achievable_range check (interviews_achievable is null or interviews_achievable between 0 and 100)
);

create trigger set_updated_at before update on public.wizard
  for each row execute function public.set_updated_at();

alter table public.wizard enable row level security;

create policy "wizard: owner reads" on public.wizard
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "wizard: owner updates" on public.wizard
  for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

-- No insert or delete policy: the hook creates the row.
revoke all on public.wizard from anon;
revoke insert, update, delete, truncate, references, trigger on public.wizard from authenticated;
grant update (current_step, job_search_status, job_search_apps, job_timeline, job_types,
  job_preferences, job_blocker, job_accomplishment, experience_level, minimum_salary,
  interviews_per_week, interviews_achievable, user_goal, completed_at)
  on public.wizard to authenticated;
