-- Practice interviews (issue 16, ADR 0026): what an interview practises for, where a finishing
-- interview is, and one row per answer with its recording and feedback.
--
-- interviews.questions now holds objects ({index, text, kind, talkingPoints, reason, jobTerms});
-- rows written before hold plain strings, which readers take as questions without points.
alter table public.interviews
  add column focus text not null default 'mixed',
  -- The catalogue job practised for (kept when the job expires: it is only a reference).
  add column job_id text,
  add column company text,
  add column progress_step text not null default 'questions_ready',
  add column failure_reason text,
  -- When the seeker deleted it (status DELETED): its audio is purged a retention period later.
  add column deleted_at timestamptz,
  -- When the purge removed its recordings (the row stays, as the spec's soft delete wants).
  add column audio_purged_at timestamptz,
  -- Target of the answers' composite foreign key: an answer points at its owner's interview.
  add constraint interviews_id_user_id_key unique (id, user_id),
  add constraint interviews_focus_known check (focus in ('behavioural', 'role', 'mixed')),
  add constraint interviews_progress_step_known check (progress_step in
    ('questions_ready', 'answering', 'joining_recording', 'writing_feedback', 'done', 'failed'));

update public.interviews
set progress_step = case status
  when 'COMPLETED' then 'done'
  when 'FAILED' then 'failed'
  when 'IN_PROGRESS' then 'answering'
  when 'PROCESSING' then 'writing_feedback'
  else 'questions_ready' end,
  deleted_at = case when status = 'DELETED' then updated_at end;

-- `select *` in a view is frozen at creation: recreate it with the new columns.
create or replace view public.active_interviews
with (security_invoker = true)
as
select *
from public.interviews
where status <> 'DELETED';

-- A seeker may change their interview's status (the grant allows that column only) for one
-- reason: to delete it. Every other move is the server's (service role); deleting records when.
create function public.interviews_guard_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is distinct from old.status then
    if current_user = 'authenticated' and new.status <> 'DELETED' then
      raise exception 'An interview''s status can only be changed to DELETED'
        using errcode = '42501';
    end if;
    if new.status = 'DELETED' then
      new.deleted_at := now();
    end if;
  end if;
  return new;
end;
$$;

revoke execute on function public.interviews_guard_status() from public, anon, authenticated;

create trigger guard_status before update on public.interviews
  for each row execute function public.interviews_guard_status();

-- The audio purge's query: deleted interviews whose recordings are still kept.
create index interviews_deleted_unpurged_idx on public.interviews (deleted_at)
  where status = 'DELETED' and audio_purged_at is null;

-- interview_answers: one per answered (or skipped) question. The recording is kept in the
-- `interviews` bucket at {userId}/{interviewId}/answer-{index}.{ext} until the interview is
-- finished and joined into {userId}/{interviewId}.mp3; `recording_start`/`recording_end` are
-- the answer's place in that file. Written by the server only; the owner reads.
create table public.interview_answers (
  id uuid primary key default gen_random_uuid(),
  interview_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  question_index integer not null,
  -- ANALYSING (a voice answer being analysed), ANALYSED, SKIPPED, FAILED.
  status text not null,
  mode text not null,
  -- The recording as the browser sent it (until the interview's recording is joined).
  audio_path text,
  audio_mime_type text,
  duration_seconds real,
  transcript text,
  transcript_source text,
  delivery jsonb,
  content jsonb,
  coaching text,
  score integer,
  recording_start real,
  recording_end real,
  failure_reason text,
  -- Bumped when the answer is replaced, so an analysis of the replaced one stores nothing.
  revision integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint interview_answers_question_key unique (interview_id, question_index),
  constraint interview_answers_status_known
    check (status in ('ANALYSING', 'ANALYSED', 'SKIPPED', 'FAILED')),
  constraint interview_answers_mode_known check (mode in ('voice', 'typed', 'skipped')),
  constraint interview_answers_transcript_source_known check (
    transcript_source is null or transcript_source in ('speech_to_text', 'browser', 'typed')),
  constraint interview_answers_question_index_range check (question_index between 0 and 49),
  constraint interview_answers_score_range check (score is null or score between 0 and 100),
  constraint interview_answers_voice_has_audio
    check (mode <> 'voice' or audio_path is not null or recording_start is not null),
  constraint interview_answers_audio_path_in_owner_folder
    check (audio_path is null or starts_with(audio_path, user_id::text || '/')),
  -- The interview is one of the owner's.
  constraint interview_answers_interview_fkey
    foreign key (interview_id, user_id)
    references public.interviews (id, user_id) on delete cascade
);

create index interview_answers_user_id_idx on public.interview_answers (user_id);

create trigger set_updated_at before update on public.interview_answers
  for each row execute function public.set_updated_at();

alter table public.interview_answers enable row level security;

create policy "interview_answers: owner reads" on public.interview_answers
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.interview_answers from anon;
revoke insert, update, delete, truncate, references, trigger
  on public.interview_answers from authenticated;

-- The session and MFA rule of every table holding users' rows (migration 20261125001200).
create policy "session: alive, and aal2 once MFA is on" on public.interview_answers
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));
