-- Billing (issue 18, ADR 0028): the plan catalogue as data, one subscription state per user
-- whichever store sold it, Stripe customers, and the webhook deliveries of both providers.
--
-- 1. credit_plans becomes the catalogue of everything sold: the free plan (a daily allowance,
--    renewed by the calendar), paid plans (an allowance per billing period, renewed when the
--    provider reports a paid period: Stripe's invoice.paid, RevenueCat's RENEWAL) and one-off
--    credit packs. The catalogue is still the server's own setting (no API role reads the table);
--    the product API serves the active rows to the app.

alter table public.credit_plans
  -- 'free': the calendar renews it and nobody pays (the free plan; an operator's own plans such
  -- as a staff plan, which are not for sale); 'subscription': a payment renews it; 'pack':
  -- credits bought once.
  add column kind text not null default 'free',
  add column name text not null default '',
  add column description text not null default '',
  -- The price of one period (subscriptions) or of the pack, in the currency's minor unit.
  add column price_cents integer not null default 0,
  add column currency text not null default 'usd',
  -- What the plan unlocks, read by the features that check it:
  --   analysisVideos (boolean): may make analysis videos;
  --   practiceInterviewsPerWeek (integer, or null for no cap): practice interviews started per
  --   ISO week.
  add column features jsonb not null default '{}'::jsonb,
  -- The store products (App Store, Play Store) that sell this plan on phones, as RevenueCat
  -- reports them in `product_id`. Stripe prices are found by lookup key = plan.
  add column store_product_ids text[] not null default '{}',
  -- When a user holds several live subscriptions (one on the web, one on a phone), the highest
  -- rank is their plan.
  add column rank integer not null default 0,
  -- Inactive plans are no longer sold; existing subscribers keep them.
  add column active boolean not null default true,
  add column sort_order integer not null default 0,
  add constraint credit_plans_kind_known check (kind in ('free', 'subscription', 'pack')),
  add constraint credit_plans_price_not_negative check (price_cents >= 0),
  add constraint credit_plans_currency_format check (currency ~ '^[a-z]{3}$'),
  add constraint credit_plans_features_is_object check (jsonb_typeof(features) = 'object'),
  -- A pack sells a number of credits; only subscriptions may be unlimited.
  add constraint credit_plans_pack_has_credits check (kind <> 'pack' or allowance > 0);

alter table public.credit_plans drop constraint credit_plans_period_known;
alter table public.credit_plans add constraint credit_plans_period_known
  check (period in ('daily', 'weekly', 'monthly', 'quarterly'));

update public.credit_plans
set kind = 'free', name = 'Free', description = 'Credits every day to save jobs from the deck',
    features = '{"analysisVideos": false, "practiceInterviewsPerWeek": 2}'::jsonb
where plan = 'free';

-- Prices in the field (2026): $13–20 a week, $29–50 a month. Change them here or with SQL;
-- map them to Stripe with prices whose lookup key is the plan (README, "Payments").
insert into public.credit_plans
  (plan, kind, name, description, allowance, period, price_cents, currency, features,
   store_product_ids, rank, sort_order)
values
  ('pro_weekly', 'subscription', 'Pro weekly', 'For a sprint: a week of heavy applying',
   150, 'weekly', 1499, 'usd',
   '{"analysisVideos": true, "practiceInterviewsPerWeek": null}'::jsonb,
   '{pro_weekly}', 10, 10),
  ('pro_monthly', 'subscription', 'Pro monthly', 'The steady search: most seekers pick this',
   600, 'monthly', 3999, 'usd',
   '{"analysisVideos": true, "practiceInterviewsPerWeek": null}'::jsonb,
   '{pro_monthly}', 20, 20),
  ('pro_quarterly', 'subscription', 'Pro quarterly', 'Unlimited saves for three months',
   null, 'quarterly', 8999, 'usd',
   '{"analysisVideos": true, "practiceInterviewsPerWeek": null}'::jsonb,
   '{pro_quarterly}', 30, 30),
  ('credits_50', 'pack', '50 credits', 'A one-off top-up; pack credits never expire',
   50, 'monthly', 499, 'usd', '{}'::jsonb, '{credits_50}', 0, 40),
  ('credits_200', 'pack', '200 credits', 'A bigger top-up; pack credits never expire',
   200, 'monthly', 1499, 'usd', '{}'::jsonb, '{credits_200}', 0, 50)
on conflict (plan) do nothing;

-- The period containing `at` for a quarterly plan too (calendar quarters), so that every plan's
-- period has bounds even though paid periods follow the provider's billing dates.
create or replace function public.credit_period(
  at timestamptz,
  period text,
  out starts_at timestamptz,
  out ends_at timestamptz
)
language sql
immutable
strict
set search_path = ''
as $$
  select pg_catalog.timezone('UTC', utc_start), pg_catalog.timezone('UTC', utc_start + length)
  from (
    select
      pg_catalog.date_trunc(
        case period when 'daily' then 'day' when 'weekly' then 'week' when 'monthly' then 'month'
          when 'quarterly' then 'quarter' end,
        pg_catalog.timezone('UTC', at)) as utc_start,
      case period
        when 'daily' then interval '1 day'
        when 'weekly' then interval '1 week'
        when 'monthly' then interval '1 month'
        when 'quarterly' then interval '3 months'
      end as length
  ) as bounds
$$;

revoke execute on function public.credit_period(timestamptz, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- 2. subscriptions: one row per subscription at either provider. The user's plan is the
--    highest-ranked live one (billing module); credit_balances.plan follows it.
alter table public.subscriptions
  add column provider text not null default 'stripe',
  -- RevenueCat's store: APP_STORE, PLAY_STORE, …; null for Stripe.
  add column store text,
  -- RevenueCat identifies a subscription by its original transaction.
  add column revenuecat_subscription_id text,
  add column store_product_id text,
  -- The provider's time of the latest state applied: an older event never overwrites a newer
  -- one (deliveries come out of order).
  add column state_changed_at timestamptz,
  -- Set when a renewal payment failed, cleared when one succeeds: the app shows a banner.
  add column payment_failed_at timestamptz,
  -- A plan change that takes effect at the next renewal (RevenueCat's PRODUCT_CHANGE).
  add column next_plan text,
  alter column stripe_customer_id drop not null,
  alter column stripe_subscription_id drop not null,
  add constraint subscriptions_provider_known check (provider in ('stripe', 'revenuecat')),
  add constraint subscriptions_provider_ids check (
    (provider = 'stripe' and stripe_customer_id is not null and stripe_subscription_id is not null)
    or (provider = 'revenuecat' and revenuecat_subscription_id is not null)),
  add constraint subscriptions_revenuecat_subscription_id_key unique (revenuecat_subscription_id);

-- ---------------------------------------------------------------------------------------------
-- 3. billing_customers: users' Stripe customers. Checkout creates one at the first purchase and
--    reuses the latest after; POST stripe/redeem may attach another (bought on the marketing
--    site). A customer belongs to one user: redeem refuses one attached elsewhere.
create table public.billing_customers (
  stripe_customer_id text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index billing_customers_user_id_idx on public.billing_customers (user_id, created_at desc);

create trigger set_updated_at before update on public.billing_customers
  for each row execute function public.set_updated_at();

alter table public.billing_customers enable row level security;

create policy "billing_customers: owner reads" on public.billing_customers
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.billing_customers from anon;
revoke insert, update, delete, truncate, references, trigger on public.billing_customers from authenticated;

-- The session and MFA rule of every table holding users' rows (migration 20261125001200).
create policy "session: alive, and aal2 once MFA is on" on public.billing_customers
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));

-- ---------------------------------------------------------------------------------------------
-- 4. billing_webhook_events: the deliveries of both providers, each event id processed once.
alter table public.stripe_webhook_events rename to billing_webhook_events;
alter index public.stripe_webhook_events_unprocessed_idx rename to billing_webhook_events_unprocessed_idx;
alter table public.billing_webhook_events
  add column provider text not null default 'stripe',
  add constraint billing_webhook_events_provider_known check (provider in ('stripe', 'revenuecat'));
alter table public.billing_webhook_events drop constraint stripe_webhook_events_pkey;
alter table public.billing_webhook_events add constraint billing_webhook_events_pkey
  primary key (provider, id);
