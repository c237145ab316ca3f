-- Web Push notifications (issue 19, ADR 0032): the devices a user allowed to notify them, which
-- kinds of notification they want, and what was already sent (so an hourly task never sends the
-- same "interview tomorrow" twice). The server writes every row through the product API and
-- its background tasks (service role); the owner reads their own devices and switches.

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The push service's URL for this browser (Web Push, RFC 8030): one row per device.
  endpoint text not null,
  -- The browser's P-256 public key and auth secret (RFC 8291), base64url.
  p256dh text not null,
  auth text not null,
  user_agent text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The last time the push service accepted a message for it.
  last_sent_at timestamptz,
  constraint push_subscriptions_endpoint_key unique (endpoint),
  constraint push_subscriptions_endpoint_url check (endpoint ~ '^https?://' and length(endpoint) <= 2048),
  constraint push_subscriptions_keys_length check (length(p256dh) <= 200 and length(auth) <= 100)
);

create index push_subscriptions_user_id_idx on public.push_subscriptions (user_id);

create trigger set_updated_at before update on public.push_subscriptions
  for each row execute function public.set_updated_at();

-- One row per user once they changed a switch; no row means every kind is on.
create table public.push_preferences (
  user_id uuid primary key references auth.users (id) on delete cascade,
  job_alerts boolean not null default true,
  follow_up_reminders boolean not null default true,
  interview_tomorrow boolean not null default true,
  analysis_video_ready boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger set_updated_at before update on public.push_preferences
  for each row execute function public.set_updated_at();

-- What was sent, by a key naming the occasion ("interview_tomorrow:<event id>"): the second
-- attempt of the same notification inserts nothing and sends nothing. Server only.
create table public.push_deliveries (
  user_id uuid not null references auth.users (id) on delete cascade,
  dedupe_key text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, dedupe_key)
);

create index push_deliveries_created_at_idx on public.push_deliveries (created_at);

alter table public.push_subscriptions enable row level security;
alter table public.push_preferences enable row level security;
alter table public.push_deliveries enable row level security;

create policy "push_subscriptions: owner reads" on public.push_subscriptions
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "push_preferences: owner reads" on public.push_preferences
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.push_subscriptions from anon;
revoke all on public.push_preferences from anon;
revoke insert, update, delete, truncate, references, trigger
  on public.push_subscriptions from authenticated;
revoke insert, update, delete, truncate, references, trigger
  on public.push_preferences from authenticated;
revoke all on public.push_deliveries from anon, authenticated;

-- The session and MFA rule of every table holding users' rows (migration 20261125001200).
create policy "session: alive, and aal2 once MFA is on" on public.push_subscriptions
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));

create policy "session: alive, and aal2 once MFA is on" on public.push_preferences
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));

create policy "session: alive, and aal2 once MFA is on" on public.push_deliveries
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));
