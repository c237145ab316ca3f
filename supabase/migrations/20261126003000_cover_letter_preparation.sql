-- What a right swipe prepares for its application (issue 14): a tailored cover letter and a match
-- report, written by the `cover-letter-preparation` background job (ADR 0020).
--
-- * cover_letter_status: queued → preparing → ready, or failed (with cover_letter_error); null
--   when nothing was ever prepared (an application added by hand). cover_letter_status_at is when
--   it last changed: the deck card and the application page show the progress.
-- * cover_letter_request_id: the preparation asked for last. A job carries its request id and
--   writes only while it is still the current one and not yet ready, so a retried or stale job
--   never duplicates or overwrites a newer letter (or the user's edits).
-- * cover_letter_source: 'offline' (the built-in composer) or 'llm' (LLM_BASE_URL); when the LLM
--   failed, the offline letter stands and cover_letter_error says why.
-- * match_report: which of the job's skills and requirements the profile shows, which are
--   missing, and suggestions (packages/contracts/src/cover-letters.ts, MatchReportSchema).
-- * cover_letter_regenerations / _window_start: the free regenerations used in the current
--   24-hour window (COVER_LETTER_REGENERATIONS_PER_DAY).
--
-- None of these is the user's to write: the grants of migration 20261125001410 stay (users update
-- only notes, additional_context, cover_letter and applied_at); the owner reads them through the
-- table's existing select policy.
alter table public.job_applications
  add column cover_letter_status text,
  add column cover_letter_status_at timestamptz,
  add column cover_letter_error text,
  add column cover_letter_source text,
  add column cover_letter_request_id uuid,
  add column match_report jsonb,
  add column cover_letter_regenerations integer not null default 0,
  add column cover_letter_regenerations_window_start timestamptz,
  add constraint job_applications_cover_letter_status_known
    check (cover_letter_status is null or cover_letter_status in ('queued', 'preparing', 'ready', 'failed')),
  add constraint job_applications_cover_letter_source_known
    check (cover_letter_source is null or cover_letter_source in ('offline', 'llm')),
  add constraint job_applications_match_report_is_object
    check (match_report is null or jsonb_typeof(match_report) = 'object'),
  add constraint job_applications_cover_letter_regenerations_not_negative
    check (cover_letter_regenerations >= 0);
