-- interviews: practice interviews with audio. The server starts them (POST interviews/start,
-- service role) and writes questions, feedback and the audio path; the user reads their own and
-- may change only the status, which is how they delete one: deletion is soft (status DELETED,
-- spec section 4), and interview lists read the active_interviews view, which leaves those out.
create table public.interviews (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The application this interview prepares for, if any (always one of the user's own).
  job_application_id uuid,
  -- CREATED (questions ready), IN_PROGRESS (recording), PROCESSING (feedback being made),
  -- COMPLETED, FAILED, and DELETED (soft delete).
  status text not null default 'CREATED',
  -- Role or topic the questions target, e.g. the job title.
  title text,
  questions jsonb not null default '[]'::jsonb,
  feedback jsonb,
  -- Audio in the `interviews` bucket, stored as {userId}/{interviewId}.mp3 (spec section 3).
  audio_path text,
  duration_seconds integer,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint interviews_status_known
    check (status in ('CREATED', 'IN_PROGRESS', 'PROCESSING', 'COMPLETED', 'FAILED', 'DELETED')),
  constraint interviews_questions_is_array check (jsonb_typeof(questions) = 'array'),
  constraint interviews_duration_positive check (duration_seconds is null or duration_seconds >= 0),
  constraint interviews_audio_path_in_owner_folder
    check (audio_path is null or starts_with(audio_path, user_id::text || '/')),
  -- Deleting the application keeps the interview and clears only the link (PostgreSQL 15+).
  constraint interviews_job_application_fkey
    foreign key (job_application_id, user_id)
    references public.job_applications (id, user_id) on delete set null (job_application_id)
);

-- The list query: a user's non-deleted interviews, newest first.
create index interviews_user_id_created_at_active_idx
  on public.interviews (user_id, created_at desc) where status <> 'DELETED';
create index interviews_user_id_idx on public.interviews (user_id);
create index interviews_job_application_id_idx on public.interviews (job_application_id);

create trigger set_updated_at before update on public.interviews
  for each row execute function public.set_updated_at();

alter table public.interviews enable row level security;

create policy "interviews: owner reads" on public.interviews
  for select to authenticated
  using ((select auth.uid()) = user_id);

-- Update (the status column only, see the grant below): this is also the soft delete.
create policy "interviews: owner updates status" on public.interviews
  for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

-- No insert policy (the server creates interviews) and no delete policy (deletion is soft).
revoke all on public.interviews from anon;
revoke insert, update, delete, truncate, references, trigger on public.interviews from authenticated;
grant update (status) on public.interviews to authenticated;

-- The interviews a list shows: every status but DELETED. security_invoker makes the caller's
-- RLS on interviews apply.
create view public.active_interviews
with (security_invoker = true)
as
select *
from public.interviews
where status <> 'DELETED';

revoke all on public.active_interviews from anon;
revoke insert, update, delete, truncate, references, trigger on public.active_interviews from authenticated;
