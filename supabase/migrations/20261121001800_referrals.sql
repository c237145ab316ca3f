-- referrals: one row per redeemed referral code. Each user's own code is
-- profiles.referral_code (GET referrals); redeeming (POST referrals/redeem) and rewarding both
-- sides with credits (ledger entries keyed 'referral:<id>:referrer' / ':referred') are done
-- by the server with the service role. A user can be referred only once, never by themselves.
-- Both parties may read the row; neither may write it.
create table public.referrals (
  id uuid primary key default gen_random_uuid(),
  referrer_user_id uuid not null references auth.users (id) on delete cascade,
  referred_user_id uuid not null references auth.users (id) on delete cascade,
  -- The code that was redeemed (the referrer's profiles.referral_code at the time).
  code text not null,
  redeemed_at timestamptz not null default now(),
  -- Set once both rewards are granted; null while pending (e.g. until the referred user
  -- completes onboarding, if the product decides so).
  reward_granted_at timestamptz,
  reward_credits integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint referrals_referred_user_id_key unique (referred_user_id),
  constraint referrals_not_self check (referrer_user_id <> referred_user_id),
  constraint referrals_reward_credits_not_negative check (reward_credits is null or reward_credits >= 0)
);

create index referrals_referrer_user_id_idx on public.referrals (referrer_user_id);

create trigger set_updated_at before update on public.referrals
  for each row execute function public.set_updated_at();

alter table public.referrals enable row level security;

-- Two policies (OR-ed by PostgreSQL), each using one indexed column.
create policy "referrals: referrer reads" on public.referrals
  for select to authenticated
  using ((select auth.uid()) = referrer_user_id);

create policy "referrals: referred user reads" on public.referrals
  for select to authenticated
  using ((select auth.uid()) = referred_user_id);

revoke all on public.referrals from anon;
revoke insert, update, delete, truncate, references, trigger on public.referrals from authenticated;
