-- Inbound email (issue 14): each user's private forwarding address, and the recruiting emails
-- they forward to it, each classified and either turned into an application event or waiting
-- in the "inbox to review". Owned by the server's inbound-email module.

-- ---------------------------------------------------------------------------------------------
-- inbound_email_addresses: one per user, `<token>@<INBOUND_EMAIL_DOMAIN>`. The token is the
-- secret (random, 24 lowercase base32 characters, about 120 bits); rotating it replaces the row's
-- token, and mail to the old one is refused from then on. Only the server writes it; the owner
-- may read their own.
create table public.inbound_email_addresses (
  user_id uuid primary key references auth.users (id) on delete cascade,
  token text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inbound_email_addresses_token_key unique (token),
  constraint inbound_email_addresses_token_shape check (token ~ '^[a-z2-7]{24}$')
);

create trigger set_updated_at before update on public.inbound_email_addresses
  for each row execute function public.set_updated_at();

alter table public.inbound_email_addresses enable row level security;

create policy "inbound_email_addresses: owner reads" on public.inbound_email_addresses
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.inbound_email_addresses from anon;
revoke insert, update, delete, truncate, references, trigger
  on public.inbound_email_addresses from authenticated;

-- ---------------------------------------------------------------------------------------------
-- inbound_emails: every message received for a user (SMTP receiver or webhook). Stored: the
-- headers we match on, the plain text, and the HTML only as sanitised by the server (never the
-- raw HTML). The classifier's verdict and what became of the message:
--   event_recorded: a confident event matched one application: the event holds {emailId};
--   pending:        waits in the review inbox (low confidence, no or several matching
--                   applications, or type other);
--   confirmed:      the user confirmed (or corrected) it and the event was recorded;
--   dismissed:      the user dismissed it.
-- Users read their own rows; only the server writes (the /api review endpoints).
create table public.inbound_emails (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The Message-ID header (or a digest of the message when it has none): one row per message
  -- per user, so a message delivered twice is stored once.
  message_id text not null,
  in_reply_to text,
  reference_ids text[] not null default '{}',
  from_address text not null default '',
  from_name text not null default '',
  to_address text not null,
  subject text not null default '',
  text_body text not null default '',
  html_body text,
  sent_at timestamptz,
  raw_size integer not null,
  received_via text not null,
  classified_type text not null,
  classified_company text,
  classified_role text,
  confidence real not null,
  reasons jsonb not null default '[]'::jsonb,
  -- Applications the message may be about, best first: [{id, score, company, title}].
  candidates jsonb not null default '[]'::jsonb,
  review_status text not null,
  job_application_id uuid,
  event_type text,
  received_at timestamptz not null default now(),
  resolved_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint inbound_emails_user_message_key unique (user_id, message_id),
  constraint inbound_emails_received_via_known check (received_via in ('smtp', 'webhook')),
  constraint inbound_emails_type_known check (classified_type in (
    'interview_invitation', 'offer_received', 'rejection_received', 'other')),
  constraint inbound_emails_review_status_known
    check (review_status in ('event_recorded', 'pending', 'confirmed', 'dismissed')),
  constraint inbound_emails_event_type_known check (event_type is null or event_type in (
    'interview_invitation', 'offer_received', 'rejection_received', 'note')),
  constraint inbound_emails_raw_size_positive check (raw_size > 0),
  constraint inbound_emails_candidates_is_array check (jsonb_typeof(candidates) = 'array'),
  -- The linked application is one of the owner's.
  constraint inbound_emails_application_fkey
    foreign key (job_application_id, user_id)
    references public.job_applications (id, user_id) on delete set null (job_application_id)
);

create index inbound_emails_user_received_idx on public.inbound_emails (user_id, received_at desc);
create index inbound_emails_user_pending_idx on public.inbound_emails (user_id, received_at desc)
  where review_status = 'pending';
create index inbound_emails_application_idx on public.inbound_emails (job_application_id);

create trigger set_updated_at before update on public.inbound_emails
  for each row execute function public.set_updated_at();

alter table public.inbound_emails enable row level security;

create policy "inbound_emails: owner reads" on public.inbound_emails
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.inbound_emails from anon;
revoke insert, update, delete, truncate, references, trigger
  on public.inbound_emails from authenticated;

-- The session and MFA rule of every table holding users' rows (migration 20261125001200).
create policy "session: alive, and aal2 once MFA is on" on public.inbound_email_addresses
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));

create policy "session: alive, and aal2 once MFA is on" on public.inbound_emails
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));
