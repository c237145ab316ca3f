-- subscriptions: the user's paid plans, mirrored from Stripe by the server's webhook handler
-- (service role). Users read their own and write none. A user may hold several rows over
-- time (POST stripe/redeem takes a list of subscription ids); the current one is the latest
-- with status active or trialing.
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  stripe_customer_id text not null,
  stripe_subscription_id text not null,
  -- Stripe's subscription statuses.
  status text not null,
  -- Our plan name (what credit_balances.plan and allowance follow) and Stripe's price id.
  plan text not null,
  stripe_price_id text,
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  canceled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint subscriptions_stripe_subscription_id_key unique (stripe_subscription_id),
  constraint subscriptions_status_known check (status in (
    'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'))
);

create index subscriptions_user_id_idx on public.subscriptions (user_id, created_at desc);
create index subscriptions_stripe_customer_id_idx on public.subscriptions (stripe_customer_id);

create trigger set_updated_at before update on public.subscriptions
  for each row execute function public.set_updated_at();

alter table public.subscriptions enable row level security;

create policy "subscriptions: owner reads" on public.subscriptions
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.subscriptions from anon;
revoke insert, update, delete, truncate, references, trigger on public.subscriptions from authenticated;

-- ---------------------------------------------------------------------------------------------
-- stripe_webhook_events: Stripe delivers events out of order, repeatedly, for up to 3 days;
-- the webhook handler inserts the event id first (on conflict do nothing) and skips events it
-- has already processed. Service role only: RLS on, no policy, no privileges for API roles.
create table public.stripe_webhook_events (
  id text primary key,
  type text not null,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index stripe_webhook_events_unprocessed_idx
  on public.stripe_webhook_events (received_at) where processed_at is null;

create trigger set_updated_at before update on public.stripe_webhook_events
  for each row execute function public.set_updated_at();

alter table public.stripe_webhook_events enable row level security;

revoke all on public.stripe_webhook_events from anon, authenticated;
