-- What the job importers (apps/server/src/modules/job-catalogue) keep per job besides the
-- catalogue's columns:
-- - `source_board`: the board of its source it came from (a Greenhouse token, a Lever site, a
--   career page's URL), so an import expires exactly the jobs that left that board's feed;
-- - `content_hash`: a fingerprint of what was imported, so a re-import tells a changed job
--   (updated) from an unchanged one (only `last_seen_at` moves).
alter table public.jobs
  add column source_board text,
  add column content_hash text;

-- An import's end: the live jobs of one board not seen in this run.
create index jobs_source_board_live_idx on public.jobs (source, source_board, last_seen_at)
  where expired_at is null;

-- The periodic sweep: live jobs past their own expiry date.
create index jobs_expires_at_live_idx on public.jobs (expires_at)
  where expired_at is null and expires_at is not null;
