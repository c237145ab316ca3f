-- The application tracker (issue 14): new event types and their payloads, the status rule for
-- them, a snapshot of the job on every application, and feedback on what was prepared.

-- ---------------------------------------------------------------------------------------------
-- Events. Two new types:
-- * interview_scheduled: {date 'YYYY-MM-DD', time 'HH:MM', timeZone (IANA name), location?,
--   videoUrl? (http/https), people?: [names]}; moves the status to INTERVIEW;
-- * follow_up: a reminder {remindOn 'YYYY-MM-DD', text?}; the status stays.
-- The payload of these types is checked here (the API contract checks the same and the time
-- zone against the IANA list); other types keep their free-form object payloads.
create function public.job_application_event_payload_valid(event_type text, payload jsonb)
returns boolean
language plpgsql
immutable
set search_path = ''
as $$
begin
  -- coalesce: a missing key makes a comparison null, which must count as invalid.
  if event_type = 'interview_scheduled' then
    if not coalesce(
      jsonb_typeof(payload -> 'date') = 'string'
      and (payload ->> 'date') ~ '^\d{4}-\d{2}-\d{2}$'
      and jsonb_typeof(payload -> 'time') = 'string'
      and (payload ->> 'time') ~ '^([01]\d|2[0-3]):[0-5]\d$'
      and jsonb_typeof(payload -> 'timeZone') = 'string'
      and (payload ->> 'timeZone') ~ '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$'
      and (payload -> 'location' is null or jsonb_typeof(payload -> 'location') = 'null'
        or (jsonb_typeof(payload -> 'location') = 'string' and length(payload ->> 'location') <= 500))
      and (payload -> 'videoUrl' is null or jsonb_typeof(payload -> 'videoUrl') = 'null'
        or (jsonb_typeof(payload -> 'videoUrl') = 'string'
          and (payload ->> 'videoUrl') ~ '^https?://\S+$' and length(payload ->> 'videoUrl') <= 2000))
      and (payload -> 'people' is null or jsonb_typeof(payload -> 'people') = 'null'
        or (jsonb_typeof(payload -> 'people') = 'array' and jsonb_array_length(payload -> 'people') <= 20
          and not jsonb_path_exists(payload -> 'people', '$[*] ? (@.type() != "string")'))),
      false
    ) then
      return false;
    end if;
    -- A real calendar day (2026-02-30 is refused).
    perform (payload ->> 'date')::date;
    return true;
  elsif event_type = 'follow_up' then
    if not coalesce(
      jsonb_typeof(payload -> 'remindOn') = 'string'
      and (payload ->> 'remindOn') ~ '^\d{4}-\d{2}-\d{2}$',
      false
    ) then
      return false;
    end if;
    perform (payload ->> 'remindOn')::date;
    return true;
  end if;
  return true;
exception
  when datetime_field_overflow or invalid_datetime_format then
    return false;
end;
$$;

-- The check runs in the caller's session: signed-in users keep EXECUTE, anon does not need it.
revoke execute on function public.job_application_event_payload_valid(text, jsonb) from public, anon;

alter table public.job_application_events
  drop constraint job_application_events_type_known,
  add constraint job_application_events_type_known check (type in (
    'applied', 'interview_invitation', 'interview_scheduled', 'offer_received',
    'rejection_received', 'withdrawn', 'note', 'follow_up')),
  add constraint job_application_events_payload_valid
    check (public.job_application_event_payload_valid(type, payload));

-- THE STATUS RULE, extended: interview_scheduled → INTERVIEW; follow_up and note → unchanged.
create or replace function public.job_application_status_for_event(event_type text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case event_type
    when 'applied' then 'APPLIED'
    when 'interview_invitation' then 'INTERVIEW'
    when 'interview_scheduled' then 'INTERVIEW'
    when 'offer_received' then 'OFFER'
    when 'rejection_received' then 'REJECTED'
    when 'withdrawn' then 'WITHDRAWN'
  end
$$;

-- ---------------------------------------------------------------------------------------------
-- The job as it was when saved: {title, company, location, description, applyUrl, salary
-- {min, max, currency, period} | null, skills, source, postedAt, expiresAt}. An expired or
-- removed listing still reads on the application. A right swipe's row gets it from public.jobs
-- by the trigger below (the swipes module need not know); an application added by hand (no
-- job_id) gets it from the server.
alter table public.job_applications
  add column job_snapshot jsonb,
  add constraint job_applications_job_snapshot_shape check (
    job_snapshot is null
    or (jsonb_typeof(job_snapshot) = 'object' and jsonb_typeof(job_snapshot -> 'title') = 'string'));

create function public.job_snapshot(job_id uuid)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'title', job.title,
    'company', job.company_name,
    'location', job.location,
    'description', job.description,
    'applyUrl', job.apply_url,
    'salary', case when job.salary_currency is null then null else jsonb_build_object(
      'min', job.salary_min, 'max', job.salary_max,
      'currency', job.salary_currency, 'period', job.salary_period) end,
    'skills', to_jsonb(job.skills),
    'source', job.source,
    'postedAt', job.posted_at,
    'expiresAt', job.expires_at)
  from public.jobs as job
  where job.id = job_snapshot.job_id
$$;

revoke execute on function public.job_snapshot(uuid) from public, anon, authenticated;

create function public.fill_job_application_snapshot()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.job_snapshot is null and new.job_id is not null then
    new.job_snapshot := public.job_snapshot(new.job_id);
  end if;
  return new;
end;
$$;

revoke execute on function public.fill_job_application_snapshot() from public, anon, authenticated;

create trigger fill_job_snapshot before insert on public.job_applications
  for each row execute function public.fill_job_application_snapshot();

-- Existing applications get theirs now (without touching updated_at).
alter table public.job_applications disable trigger set_updated_at;
update public.job_applications
set job_snapshot = public.job_snapshot(job_id)
where job_snapshot is null and job_id is not null;
alter table public.job_applications enable trigger set_updated_at;

-- The view keeps its columns; the job's fields fall back to the snapshot when the job has left
-- the catalogue, and the snapshot and the match score come last.
create or replace view public.job_applications_with_job
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
  coalesce(job.title, application.job_snapshot ->> 'title') as job_title,
  coalesce(job.company_name, application.job_snapshot ->> 'company') as job_company_name,
  coalesce(job.location, application.job_snapshot ->> 'location') as job_location,
  coalesce(job.description, application.job_snapshot ->> 'description') as job_description,
  coalesce(job.apply_url, application.job_snapshot ->> 'applyUrl') as job_apply_url,
  coalesce(job.source, application.job_snapshot ->> 'source') as job_source,
  job.posted_at as job_posted_at,
  latest_event.type as latest_event_type,
  latest_event.created_at as latest_event_at,
  application.job_snapshot,
  -- The match report's score (0-100; migration 20261126003000), for sorting the tracker's list.
  (application.match_report ->> 'score')::integer as match_score
from public.job_applications as application
left join public.jobs as job on job.id = application.job_id
left join lateral (
  select event.type, event.created_at
  from public.job_application_events as event
  where event.job_application_id = application.id
  order by event.created_at desc, event.id desc
  limit 1
) as latest_event on true;

-- ---------------------------------------------------------------------------------------------
-- Feedback on what was prepared for an application (POST /api/job-applications/feedback): a
-- rating 1-5, an optional comment and reasons from a fixed list. The next letter reads it.
create table public.job_application_feedback (
  id uuid primary key default gen_random_uuid(),
  job_application_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  subject text not null,
  rating smallint not null,
  reasons text[] not null default '{}',
  comment text,
  created_at timestamptz not null default now(),
  constraint job_application_feedback_subject_known check (subject in ('cover_letter', 'match_report')),
  constraint job_application_feedback_rating_range check (rating between 1 and 5),
  constraint job_application_feedback_reasons_known check (reasons <@ array[
    'great', 'tone', 'too_long', 'too_short', 'too_generic', 'wrong_facts', 'missing_skills',
    'wrong_language']::text[] and cardinality(reasons) <= 8),
  constraint job_application_feedback_comment_length check (comment is null or length(comment) <= 2000),
  constraint job_application_feedback_application_fkey
    foreign key (job_application_id, user_id)
    references public.job_applications (id, user_id) on delete cascade
);

create index job_application_feedback_application_idx
  on public.job_application_feedback (job_application_id, created_at desc);
create index job_application_feedback_user_id_idx on public.job_application_feedback (user_id);

alter table public.job_application_feedback enable row level security;

create policy "job_application_feedback: owner reads" on public.job_application_feedback
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "job_application_feedback: owner inserts" on public.job_application_feedback
  for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "session: alive, and aal2 once MFA is on" on public.job_application_feedback
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));

revoke all on public.job_application_feedback from anon;
revoke update, delete, truncate, references, trigger on public.job_application_feedback from authenticated;
