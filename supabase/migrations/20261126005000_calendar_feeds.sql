-- The interview calendar (issue 14): each user's private iCalendar feed, which phone calendars
-- subscribe to without signing in (GET /calendar/<token>.ics). Owned by the server's calendar
-- module.
--
-- calendar_feeds: at most one per user. The secret token (32 random bytes, base64url) is never
-- stored: only its SHA-256 digest (hex), so the URL is shown once, when created or rotated.
-- Rotating replaces the digest (the old URL stops at once); revoking deletes the row. Only the
-- server writes; the owner may read their own row (which holds nothing secret).
create table public.calendar_feeds (
  user_id uuid primary key references auth.users (id) on delete cascade,
  token_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint calendar_feeds_token_hash_key unique (token_hash),
  constraint calendar_feeds_token_hash_shape check (token_hash ~ '^[0-9a-f]{64}$')
);

create trigger set_updated_at before update on public.calendar_feeds
  for each row execute function public.set_updated_at();

alter table public.calendar_feeds enable row level security;

create policy "calendar_feeds: owner reads" on public.calendar_feeds
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.calendar_feeds from anon;
revoke insert, update, delete, truncate, references, trigger
  on public.calendar_feeds from authenticated;

-- The session and MFA rule of every table holding users' rows (migration 20261125001200).
create policy "session: alive, and aal2 once MFA is on" on public.calendar_feeds
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));
