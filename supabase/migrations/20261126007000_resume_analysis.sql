-- Resume analysis (issue 15, ADR 0023): the seeker's corrections of their parsed resume, and the
-- progress of an analysis the app can show.
--
-- professional_profiles.corrected_data: the seeker's corrections of `parsed_data` (a JSON Resume
-- read by the parser). `basics` is corrected field by field, every other section (work,
-- education, skills, …) whole; a key set to null in `basics` removes the parsed value. Every
-- reader sees parsed_data overlaid by corrected_data, and a later parse rewrites parsed_data
-- only, so corrections win over a re-parse. The owner may write it (as every column of their
-- profile) through /rest/v1; the app writes it through PUT /api/professional-profiles/{id}/resume,
-- which validates it.
alter table public.professional_profiles
  add column corrected_data jsonb not null default '{}'::jsonb,
  add constraint professional_profiles_corrected_data_is_object
    check (jsonb_typeof(corrected_data) = 'object');

-- `select *` in a view is frozen at creation: list the new column too (appended).
create or replace view public.latest_professional_profiles
with (security_invoker = true)
as
select distinct on (user_id) *
from public.professional_profiles
order by user_id, updated_at desc, id desc;

-- resume_analyses: what was analysed (input), where a running analysis is (progress_step and
-- progress, for the app's bar), and why it failed (failure, a stable code beside `error`).
--   input: 'pdf' (a resume in the `resumes` bucket, LinkedIn's "Save to PDF" included),
--          'linkedin_url' (a LinkedIn URL alone: waits for LinkedIn's own export),
--          'linkedin_export' (LinkedIn's data-export ZIP, read into the profile on upload).
alter table public.resume_analyses
  add column input text,
  add column progress_step text not null default 'queued',
  add column progress integer not null default 0,
  add column failure text,
  add column started_at timestamptz;

update public.resume_analyses
set input = case when source = 'resume' then 'pdf' else 'linkedin_url' end,
    progress_step = case status
      when 'COMPLETED' then 'done'
      when 'FAILED' then 'failed'
      when 'PROCESSING' then 'parsing'
      else 'queued' end,
    progress = case when status in ('COMPLETED', 'FAILED') then 100 else 0 end;

-- An insert that does not name its input (written before this migration) gets the one its
-- source implies.
create function public.resume_analyses_default_input()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.input := coalesce(new.input, case when new.source = 'linkedin' then 'linkedin_url' else 'pdf' end);
  return new;
end;
$$;

revoke execute on function public.resume_analyses_default_input() from public, anon, authenticated;

create trigger default_input before insert on public.resume_analyses
  for each row execute function public.resume_analyses_default_input();

alter table public.resume_analyses
  alter column input set not null,
  drop constraint resume_analyses_document_or_linkedin,
  drop constraint resume_analyses_source_input_present,
  add constraint resume_analyses_input_known
    check (input in ('pdf', 'linkedin_url', 'linkedin_export')),
  -- `resume` is a PDF; `linkedin` a LinkedIn URL or LinkedIn's export.
  add constraint resume_analyses_source_input_present
    check ((source = 'resume') = (input = 'pdf')),
  -- Spec section 5 ("Either a resume file or LinkedIn URL must be provided"): a PDF analysis
  -- reads a document, a LinkedIn URL analysis has the URL; an export analysis reviews the
  -- profile the export filled (LinkedIn's own file, read on upload).
  add constraint resume_analyses_document_or_linkedin check (
    (input = 'pdf' and document_path is not null)
    or (input = 'linkedin_url' and linkedin_url is not null)
    or input = 'linkedin_export'),
  add constraint resume_analyses_progress_step_known check (progress_step in
    ('queued', 'awaiting_export', 'reading', 'parsing', 'reviewing', 'done', 'failed')),
  add constraint resume_analyses_progress_range check (progress between 0 and 100),
  add constraint resume_analyses_failure_known check (failure is null or failure in
    ('not_pdf', 'encrypted', 'no_text', 'too_many_pages', 'unreadable', 'file_missing', 'internal'));

-- One queued or running analysis per profile and input (a repeated analyze call, or a retried
-- job, finds it instead of queueing a second one).
create unique index resume_analyses_one_active_per_input_idx
  on public.resume_analyses (professional_profile_id, input, coalesce(document_path, ''))
  where status in ('PENDING', 'PROCESSING') and professional_profile_id is not null;
