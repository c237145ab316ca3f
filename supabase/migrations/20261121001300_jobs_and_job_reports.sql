-- jobs: the job catalogue (imported from job boards by the server; a later issue enriches it
-- with salary, job type, experience level, company size, … for the filters of spec section 3).
-- Not user rows: every signed-in user (guests included, they are `authenticated` too) reads
-- all of it, and only the server (service_role) writes it.
create table public.jobs (
  id uuid primary key default gen_random_uuid(),
  -- Where the job came from ('greenhouse', 'lever', 'ashby', …, or 'manual') and its id there.
  source text not null default 'manual',
  source_id text,
  title text not null,
  company_name text,
  location text,
  description text,
  apply_url text,
  posted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- One row per listing per source, so re-imports upsert instead of duplicating.
  constraint jobs_source_source_id_key unique (source, source_id)
);

-- Newest-first feed with keyset paging on (posted_at, id): no deep OFFSET.
create index jobs_posted_at_id_idx on public.jobs (posted_at desc nulls last, id desc);

create trigger set_updated_at before update on public.jobs
  for each row execute function public.set_updated_at();

alter table public.jobs enable row level security;

-- Catalogue read for every signed-in user; no write policy at all, and no write privilege
-- either: only the service role (which bypasses RLS) inserts, updates and deletes jobs.
-- anon reads nothing (no policy, no privilege).
create policy "jobs: signed-in users read the catalogue" on public.jobs
  for select to authenticated
  using (true);

revoke all on public.jobs from anon;
revoke insert, update, delete, truncate, references, trigger on public.jobs from authenticated;

-- ---------------------------------------------------------------------------------------------
-- job_reports: a user flags a job (spam, expired, wrong details, …). Spec section 3: job_id,
-- reason, details (defaults to empty), filters (the job filters in use when reporting),
-- reported_by. Users insert their own reports and read them back (so the client can show
-- "reported"); they cannot change or delete them. Moderation reads them with the service role.
create table public.job_reports (
  id uuid primary key default gen_random_uuid(),
  job_id uuid not null references public.jobs (id) on delete cascade,
  reason text not null,
  details text not null default '',
  filters jsonb,
  reported_by uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint job_reports_reason_not_blank check (btrim(reason) <> '')
);

create index job_reports_reported_by_idx on public.job_reports (reported_by);
create index job_reports_job_id_idx on public.job_reports (job_id);

create trigger set_updated_at before update on public.job_reports
  for each row execute function public.set_updated_at();

alter table public.job_reports enable row level security;

create policy "job_reports: reporter reads own" on public.job_reports
  for select to authenticated
  using ((select auth.uid()) = reported_by);

create policy "job_reports: users report as themselves" on public.job_reports
  for insert to authenticated
  with check ((select auth.uid()) = reported_by);

revoke all on public.job_reports from anon;
revoke update, delete, truncate, references, trigger on public.job_reports from authenticated;
