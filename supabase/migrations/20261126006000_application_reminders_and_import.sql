-- Follow-up reminders and CSV import of applications (issue 14). Owned by the server's
-- applications module.

-- ---------------------------------------------------------------------------------------------
-- job_application_reminder_settings: "remind me to follow up after N days" (1-60), one row per
-- user. No row means the default, 7 days; a row with follow_up_after_days null means off. Only
-- the server writes it (PUT /api/job-applications/reminder-settings); the owner reads their own.
create table public.job_application_reminder_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  follow_up_after_days smallint,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint job_application_reminder_settings_days_range
    check (follow_up_after_days is null or follow_up_after_days between 1 and 60)
);

create trigger set_updated_at before update on public.job_application_reminder_settings
  for each row execute function public.set_updated_at();

alter table public.job_application_reminder_settings enable row level security;

create policy "job_application_reminder_settings: owner reads"
  on public.job_application_reminder_settings
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "session: alive, and aal2 once MFA is on" on public.job_application_reminder_settings
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));

revoke all on public.job_application_reminder_settings from anon;
revoke insert, update, delete, truncate, references, trigger
  on public.job_application_reminder_settings from authenticated;

-- ---------------------------------------------------------------------------------------------
-- An application imported from a CSV file (POST /api/job-applications/import) carries the key
-- of its row (a hash of company, title, link and date applied), so uploading the same file again
-- adds nothing. Users cannot write it (they have no insert and only column updates elsewhere).
alter table public.job_applications add column import_key text,
  add constraint job_applications_import_key_shape
    check (import_key is null or import_key ~ '^[0-9a-f]{64}$');

create unique index job_applications_user_import_key_idx
  on public.job_applications (user_id, import_key) where import_key is not null;

-- The follow-up reminder job: the start (a day) of the quiet period the last reminder was sent
-- for, so a run looks only at reminders not yet sent (the email's dedupe key is the second
-- guard); and an index for the APPLIED applications it looks at. Server-written only.
alter table public.job_applications add column follow_up_reminded_for date;

create index job_applications_applied_idx
  on public.job_applications (status) where status = 'APPLIED';
