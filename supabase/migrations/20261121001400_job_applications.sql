-- job_applications, job_application_events, the status rule, and the job_applications_with_job
-- view.

-- ---------------------------------------------------------------------------------------------
-- job_applications: the user's application tracker. Status values: spec section 3 shows
-- INTERVIEW, OFFER and REJECTED; the others are "not shown", so we chose the usual tracker
-- stages around them: SAVED (bookmarked, the default: a right swipe saves a job), APPLIED, and
-- WITHDRAWN (the user gave up on it).
create table public.job_applications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- Null for an application to a job that is not (or no longer) in the catalogue.
  job_id uuid references public.jobs (id) on delete set null,
  status text not null default 'SAVED',
  cover_letter text,
  -- Path of a cover-letter file in the `cover-letters` bucket, inside the owner's folder.
  cover_letter_path text,
  notes text,
  -- Extra context the user gives about this application (GET/PUT
  -- job-applications/additional-context), used to tailor cover letters and interviews.
  additional_context text,
  applied_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint job_applications_status_known
    check (status in ('SAVED', 'APPLIED', 'INTERVIEW', 'OFFER', 'REJECTED', 'WITHDRAWN')),
  -- Target of the composite foreign keys of events and interviews: a child row can only point
  -- at an application of its own user.
  constraint job_applications_id_user_id_key unique (id, user_id),
  constraint job_applications_cover_letter_path_in_owner_folder
    check (cover_letter_path is null or starts_with(cover_letter_path, user_id::text || '/'))
);

create index job_applications_user_id_created_at_idx on public.job_applications (user_id, created_at desc);
create index job_applications_job_id_idx on public.job_applications (job_id);

create trigger set_updated_at before update on public.job_applications
  for each row execute function public.set_updated_at();

alter table public.job_applications enable row level security;

create policy "job_applications: owner reads" on public.job_applications
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "job_applications: owner inserts" on public.job_applications
  for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "job_applications: owner updates" on public.job_applications
  for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "job_applications: owner deletes" on public.job_applications
  for delete to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.job_applications from anon;
revoke truncate, references, trigger on public.job_applications from authenticated;

-- ---------------------------------------------------------------------------------------------
-- job_application_events: what happened to an application. Spec section 3 shows
-- interview_invitation, offer_received and rejection_received; we add applied, withdrawn
-- (both also move the status) and note (a dated remark, no status change).
create table public.job_application_events (
  id uuid primary key default gen_random_uuid(),
  job_application_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  type text not null,
  -- Type-specific details: interview date and link, offer terms, the email received, …
  payload jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint job_application_events_type_known check (type in (
    'applied', 'interview_invitation', 'offer_received', 'rejection_received', 'withdrawn', 'note')),
  constraint job_application_events_payload_is_object check (jsonb_typeof(payload) = 'object'),
  -- The event's user is the application's user: no event on someone else's application.
  constraint job_application_events_application_fkey
    foreign key (job_application_id, user_id)
    references public.job_applications (id, user_id) on delete cascade
);

create index job_application_events_application_created_at_idx
  on public.job_application_events (job_application_id, created_at desc);
create index job_application_events_user_id_idx on public.job_application_events (user_id);

create trigger set_updated_at before update on public.job_application_events
  for each row execute function public.set_updated_at();

alter table public.job_application_events enable row level security;

create policy "job_application_events: owner reads" on public.job_application_events
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "job_application_events: owner inserts" on public.job_application_events
  for insert to authenticated
  with check ((select auth.uid()) = user_id);

-- Users may edit an event's payload only (the type is a fact the status was derived from).
create policy "job_application_events: owner updates" on public.job_application_events
  for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "job_application_events: owner deletes" on public.job_application_events
  for delete to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.job_application_events from anon;
revoke update, truncate, references, trigger on public.job_application_events from authenticated;
grant update (payload) on public.job_application_events to authenticated;

-- ---------------------------------------------------------------------------------------------
-- THE STATUS RULE (spec section 4): an event moves its application's status.
--   interview_invitation → INTERVIEW, offer_received → OFFER, rejection_received → REJECTED,
--   applied → APPLIED, withdrawn → WITHDRAWN; note → unchanged.
-- Enforced in the database so no client can forget it or get it wrong.
create function public.job_application_status_for_event(event_type text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case event_type
    when 'applied' then 'APPLIED'
    when 'interview_invitation' then 'INTERVIEW'
    when 'offer_received' then 'OFFER'
    when 'rejection_received' then 'REJECTED'
    when 'withdrawn' then 'WITHDRAWN'
  end
$$;

-- SECURITY INVOKER on purpose: the event's user owns the application (composite foreign key
-- above) and RLS lets an owner update their application, so the caller's own rights suffice
-- and the trigger cannot be used to touch anything the caller could not. The service role
-- bypasses RLS. If the update finds no row (it never should), fail rather than record an event
-- whose status change was lost.
create function public.apply_job_application_event()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  next_status text := public.job_application_status_for_event(new.type);
begin
  if next_status is null then
    return null;
  end if;
  update public.job_applications
  set status = next_status,
      applied_at = case when next_status = 'APPLIED' then coalesce(applied_at, new.created_at) else applied_at end
  where id = new.job_application_id
    and user_id = new.user_id;
  if not found then
    raise exception 'job application % of event % is not visible to update its status',
      new.job_application_id, new.id
      using errcode = '42501';
  end if;
  return null;
end;
$$;

create trigger apply_status_rule
  after insert or update of type on public.job_application_events
  for each row execute function public.apply_job_application_event();

revoke execute on function public.apply_job_application_event() from public, anon, authenticated;
-- The mapping runs in the caller's session (the trigger is SECURITY INVOKER): signed-in users
-- keep EXECUTE, anon does not need it.
revoke execute on function public.job_application_status_for_event(text) from public, anon;

-- ---------------------------------------------------------------------------------------------
-- The view the client reads applications through (spec section 3: "a view combining job
-- applications, job and additional context, filterable by id and user_id"): the application,
-- its job's main fields (null when job_id is null) and its latest event. security_invoker makes
-- the caller's RLS on job_applications, jobs and job_application_events apply.
create view public.job_applications_with_job
with (security_invoker = true)
as
select
  application.id,
  application.user_id,
  application.job_id,
  application.status,
  application.cover_letter,
  application.cover_letter_path,
  application.notes,
  application.additional_context,
  application.applied_at,
  application.created_at,
  application.updated_at,
  job.title as job_title,
  job.company_name as job_company_name,
  job.location as job_location,
  job.description as job_description,
  job.apply_url as job_apply_url,
  job.source as job_source,
  job.posted_at as job_posted_at,
  latest_event.type as latest_event_type,
  latest_event.created_at as latest_event_at
from public.job_applications as application
left join public.jobs as job on job.id = application.job_id
left join lateral (
  select event.type, event.created_at
  from public.job_application_events as event
  where event.job_application_id = application.id
  order by event.created_at desc, event.id desc
  limit 1
) as latest_event on true;

revoke all on public.job_applications_with_job from anon;
revoke insert, update, delete, truncate, references, trigger on public.job_applications_with_job from authenticated;
