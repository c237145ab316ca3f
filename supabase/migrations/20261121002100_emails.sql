-- emails: the outbox. The server queues a message here (e.g. POST emails/resume-upload) in the
-- same transaction as the change that causes it, and a worker sends it (SMTP, or the local
-- mailbox in development), retrying with back-off. Users cannot read or write it at all: RLS is
-- on with no policy, and anon/authenticated hold no privilege. Service role only.
create table public.emails (
  id uuid primary key default gen_random_uuid(),
  -- The recipient's account, when there is one (null for mail to an address without account).
  user_id uuid references auth.users (id) on delete cascade,
  to_address text not null,
  -- Template name ('resume_upload_link', …) and the data it was rendered with.
  template text not null,
  template_data jsonb not null default '{}'::jsonb,
  subject text not null,
  text_body text not null,
  html_body text,
  status text not null default 'queued',
  attempts integer not null default 0,
  last_error text,
  -- Not before this time (scheduling and retry back-off).
  send_after timestamptz not null default now(),
  sent_at timestamptz,
  -- Optional: queue a given message only once (e.g. 'resume_upload:<user>:<request id>').
  dedupe_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint emails_status_known check (status in ('queued', 'sending', 'sent', 'failed')),
  constraint emails_attempts_not_negative check (attempts >= 0),
  constraint emails_dedupe_key_key unique (dedupe_key),
  constraint emails_sent_has_sent_at check (status <> 'sent' or sent_at is not null)
);

-- The worker's query: due queued messages, oldest first (with FOR UPDATE SKIP LOCKED).
create index emails_due_idx on public.emails (send_after) where status = 'queued';
create index emails_user_id_idx on public.emails (user_id);

create trigger set_updated_at before update on public.emails
  for each row execute function public.set_updated_at();

alter table public.emails enable row level security;

-- No policy on purpose: the outbox holds other people's addresses and links with tokens.
revoke all on public.emails from anon, authenticated;
