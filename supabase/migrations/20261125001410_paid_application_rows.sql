-- Paid rows cannot be created, or have their paid fields changed, through the API (issue 12,
-- finding S3).
--
-- A job application is created by a right swipe, which pays for it in the same transaction
-- (POST /api/swipes, the credit ledger); inserting one through /rest/v1 skipped the ledger. So
-- `authenticated` loses the insert policy and privilege on job_applications. What a user still
-- does by hand, as the tracker lets them:
-- * edit the fields they write themselves: notes, additional_context (spec section 7's
--   additional context), cover_letter (the text, once written or generated, is theirs to edit)
--   and applied_at (when they applied);
-- * delete an application (the swipe stays, so the job does not come back to the deck);
-- * record events (applied, interview_invitation, offer_received, rejection_received,
--   withdrawn, note) on their own applications, edit an event's payload, delete an event.
--   Events cost nothing and their status rule is the tracker's whole point.
-- Not theirs to write: user_id and job_id (what was paid for), cover_letter_path (a file the
-- paid cover-letter generation writes), status (driven by events), created_at, updated_at.
-- Later paid rows (cover letters, analyses, videos, interviews) follow the same rule: the
-- server creates them in the transaction that pays; users get only the columns they edit.

drop policy "job_applications: owner inserts" on public.job_applications;
revoke insert, update on public.job_applications from authenticated;
grant update (notes, additional_context, cover_letter, applied_at)
  on public.job_applications to authenticated;

-- The status rule moves an application's status on an event. It ran with the caller's rights,
-- which included updating the status; now that users may not write status themselves, it runs
-- with its owner's (SECURITY DEFINER). It still touches only the event's own application of
-- the event's own user: the insert policy of job_application_events makes user_id the caller,
-- the composite foreign key (job_application_id, user_id) makes the application theirs, and
-- users cannot change an event's type (they may update its payload only).
create or replace function public.apply_job_application_event()
returns trigger
language plpgsql
security definer
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
    raise exception 'job application % of event % not found to update its status',
      new.job_application_id, new.id
      using errcode = '42501';
  end if;
  return null;
end;
$$;

revoke execute on function public.apply_job_application_event() from public, anon, authenticated;
