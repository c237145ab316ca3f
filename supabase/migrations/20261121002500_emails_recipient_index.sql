-- The Auth service allows one email a minute per address (`assertEmailSendAllowed` in the
-- server's rate-limits module) by reading the latest message queued to that address: this
-- index keeps that a single index probe however large the outbox grows.
create index emails_recipient_created_at_idx on public.emails (lower(to_address), created_at desc);
