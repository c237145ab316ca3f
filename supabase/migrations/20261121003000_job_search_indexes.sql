-- Job search (GET jobs, GET jobs/count, job alerts; ADR 0013): derived columns and indexes
-- on the catalogue, measured at 1,000,000 jobs (`npm run bench -- jobs`), and the job alerts.
--
-- Every search asks for the newest live jobs matching some filters, minus the user's swipes.
-- Two plans answer that quickly, and the planner picks between them by its estimates:
-- - a broad search walks the jobs newest first and keeps those that match, from the walk index
--   alone (its entries carry every filter value the walk checks, so no table row is read until
--   a job is chosen);
-- - a narrow one intersects the posting lists of the GIN indexes (filter values, title words,
--   free text) and sorts the few matches.
-- Index statistics only help estimates when the index is not partial (PostgreSQL ignores a
-- partial index's expression statistics), hence the non-partial expression indexes below.

-- ---------------------------------------------------------------------------------------------
-- Derived columns (generated, so every writer keeps them right).

-- When the job appeared: posted, or imported when the feed gave no date. The feed's order.
alter table public.jobs
  add column listed_at timestamptz generated always as (coalesce(posted_at, created_at)) stored;

-- The job's filter values as tokens of one array, for one GIN index that intersects any
-- combination of filters ('type:FULL_TIME', 'country:DE', 'place:DE:berlin', 'onet:15-1252.00',
-- 'benefit:EQUITY', …). Enumerations that each match a large share of the catalogue are cheap
-- to combine there, where separate indexes on them are not.
create function public.job_search_facets(
  job_type text,
  experience_level text,
  education_level text,
  company_size text,
  work_location text,
  industry text,
  onet_code text,
  country_codes text[],
  location_names text[],
  benefits text[]
) returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  select array_remove(array[
      'type:' || job_type,
      'experience:' || experience_level,
      'education:' || education_level,
      'size:' || company_size,
      'work:' || work_location,
      'industry:' || lower(industry),
      'onet:' || onet_code
    ], null)
    || array(select 'country:' || code from unnest(country_codes) as code)
    || array(select 'place:' || code || ':' || name
             from unnest(country_codes) as code, unnest(location_names) as name)
    || array(select 'benefit:' || benefit from unnest(benefits) as benefit)
$$;

alter table public.jobs
  add column search_facets text[] generated always as (public.job_search_facets(
    job_type, experience_level, education_level, company_size, work_location, industry,
    onet_code, country_codes, location_names, benefits)) stored;

-- Enough element statistics for the planner to know how common a city or occupation is (the
-- default keeps about a hundred of the commonest tokens; there are thousands).
alter table public.jobs alter column search_facets set statistics 1000;

-- The free-text document: title and occupation weigh most, then company and skills, then the
-- description's first 5,000 characters. English stemming ("engineers" finds "engineer").
-- array_to_string is only stable in general; on text[] it is immutable.
create function public.job_search_document(
  title text,
  normalized_title text,
  company_name text,
  skills text[],
  description text
) returns tsvector
language sql immutable parallel safe
set search_path = ''
as $$
  select setweight(to_tsvector('pg_catalog.english', coalesce(title, '') || ' ' || coalesce(normalized_title, '')), 'A')
    || setweight(to_tsvector('pg_catalog.english', coalesce(company_name, '') || ' ' || array_to_string(skills, ' ')), 'B')
    || setweight(to_tsvector('pg_catalog.english', left(coalesce(description, ''), 5000)), 'C')
$$;

alter table public.jobs
  add column search_vector tsvector generated always as (public.job_search_document(
    title, normalized_title, company_name, skills, description)) stored;
-- Word frequencies for the planner: rare words through the GIN index, common ones by walking.
alter table public.jobs alter column search_vector set statistics 1000;

-- The two functions only compute the generated columns: not part of the API. The roles that
-- write jobs (the owner, service_role: writing a row evaluates them) keep them.
revoke execute on function public.job_search_facets(text, text, text, text, text, text, text, text[], text[], text[])
  from public, anon, authenticated;
revoke execute on function public.job_search_document(text, text, text, text[], text)
  from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- Indexes. Live jobs only where the index is not needed for statistics.

-- The walk: newest first, with what the walk's filters read (expiry, facets, salary).
create index jobs_search_walk_idx on public.jobs (listed_at desc, id desc)
  include (expires_at, search_facets, salary_min_yearly, salary_max_yearly)
  where expired_at is null;

create index jobs_search_facets_idx on public.jobs using gin (search_facets)
  where expired_at is null;

create index jobs_search_vector_idx on public.jobs using gin (search_vector)
  where expired_at is null;

-- `jobTitles` that name no O*NET occupation: the phrase in the title or its occupation.
create index jobs_title_search_idx on public.jobs
  using gin (to_tsvector('english', title || ' ' || coalesce(normalized_title, '')));

-- `companies`: thousands of names, so a btree's statistics (not the facets') estimate them.
create index jobs_company_name_lower_idx on public.jobs (lower(company_name));

-- Job alerts: the jobs added since an alert's last digest.
create index jobs_created_at_live_idx on public.jobs (created_at) where expired_at is null;

-- ---------------------------------------------------------------------------------------------
-- job_reports: the reasons the product offers (POST /api/jobs/:id/reports validates them too;
-- this holds for inserts through /rest/v1 as well).
alter table public.job_reports
  add constraint job_reports_reason_known
    check (reason in ('SPAM', 'EXPIRED', 'WRONG_DETAILS', 'SCAM', 'OTHER')),
  add constraint job_reports_filters_is_object
    check (filters is null or jsonb_typeof(filters) = 'object');

-- ---------------------------------------------------------------------------------------------
-- job_alerts: a saved filter set (the notification-filter variant of spec section 7) mailed as
-- a daily digest of the new jobs that match it. Written through the product API
-- (/api/job-alerts, which validates the filters); owners may also read and delete their own
-- through /rest/v1. `last_sent_at` is when the last digest went out: the next one lists the jobs
-- added since then.
create table public.job_alerts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null,
  filters jsonb not null default '{}'::jsonb,
  -- Free text, as `q` of GET jobs.
  q text,
  frequency text not null default 'DAILY',
  last_sent_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint job_alerts_name_length check (btrim(name) <> '' and char_length(name) <= 80),
  constraint job_alerts_filters_is_object check (jsonb_typeof(filters) = 'object'),
  constraint job_alerts_q_length check (q is null or char_length(q) <= 200),
  constraint job_alerts_frequency_known check (frequency in ('DAILY'))
);

create index job_alerts_user_id_created_at_idx on public.job_alerts (user_id, created_at desc);
-- The digest task's sweep: alerts not sent today, oldest first.
create index job_alerts_last_sent_at_idx on public.job_alerts (last_sent_at nulls first);

create trigger set_updated_at before update on public.job_alerts
  for each row execute function public.set_updated_at();

alter table public.job_alerts enable row level security;

create policy "job_alerts: owner reads" on public.job_alerts
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "job_alerts: owner creates" on public.job_alerts
  for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "job_alerts: owner updates" on public.job_alerts
  for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "job_alerts: owner deletes" on public.job_alerts
  for delete to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.job_alerts from anon;
revoke truncate, references, trigger on public.job_alerts from authenticated;
-- Only the name, filters and free text are the owner's to change; the digest task keeps
-- `last_sent_at`.
revoke update on public.job_alerts from authenticated;
grant update (name, filters, q) on public.job_alerts to authenticated;
