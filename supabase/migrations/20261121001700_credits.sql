-- Credits: a balance per user plus an append-only ledger of every change.
--
-- How the server spends (engineering notes: exact under concurrency at ~11,000/s), in one
-- transaction with the service role:
--   update public.credit_balances
--      set balance = balance - $cost, used_in_period = used_in_period + $cost
--    where user_id = $user and balance >= $cost
--   returning balance;                       -- no row: not enough credits
--   insert into public.credit_ledger (user_id, delta, kind, reason, idempotency_key, balance_after)
--   values ($user, -$cost, 'spend', 'swipe', $key, $balance);
-- A retry with the same idempotency key fails on the ledger's unique key and rolls the whole
-- transaction back, so it spends exactly once.
--
-- Users read their own balance and ledger and change neither: no write policy, and the write
-- privileges are revoked from anon and authenticated.

create table public.credit_balances (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- Credits left. The credits response's remainingCredits is this, or null when allowance is
  -- null (an unlimited plan).
  balance integer not null default 0,
  -- usedCredits: spent since period_start.
  used_in_period integer not null default 0,
  -- currentPeriodStart / nextRefreshDate of the credits response.
  period_start timestamptz not null default now(),
  next_refresh_at timestamptz,
  -- 'free' or the subscription plan that sets the allowance.
  plan text not null default 'free',
  -- Credits granted per period; null means no cap.
  allowance integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint credit_balances_balance_not_negative check (balance >= 0),
  constraint credit_balances_used_not_negative check (used_in_period >= 0),
  constraint credit_balances_allowance_not_negative check (allowance is null or allowance >= 0)
);

create trigger set_updated_at before update on public.credit_balances
  for each row execute function public.set_updated_at();

alter table public.credit_balances enable row level security;

create policy "credit_balances: owner reads" on public.credit_balances
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.credit_balances from anon;
revoke insert, update, delete, truncate, references, trigger on public.credit_balances from authenticated;

-- ---------------------------------------------------------------------------------------------
create table public.credit_ledger (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- Signed change: grants and refunds add, spends and expiries subtract.
  delta integer not null,
  kind text not null,
  -- Why: 'signup', 'swipe', 'period_refresh', 'referral', 'subscription', …
  reason text,
  -- Makes every change happen once however often a request or webhook is retried.
  idempotency_key text not null,
  -- The balance right after this change, when the writer knows it (an audit aid).
  balance_after integer,
  metadata jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  constraint credit_ledger_idempotency_key_key unique (idempotency_key),
  constraint credit_ledger_kind_known check (kind in ('grant', 'spend', 'refund', 'expiry')),
  constraint credit_ledger_delta_sign check (
    (kind in ('grant', 'refund') and delta > 0) or (kind in ('spend', 'expiry') and delta < 0)),
  constraint credit_ledger_balance_after_not_negative check (balance_after is null or balance_after >= 0),
  constraint credit_ledger_metadata_is_object check (jsonb_typeof(metadata) = 'object')
);

create index credit_ledger_user_id_created_at_idx on public.credit_ledger (user_id, created_at desc);

alter table public.credit_ledger enable row level security;

create policy "credit_ledger: owner reads" on public.credit_ledger
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.credit_ledger from anon;
revoke insert, update, delete, truncate, references, trigger on public.credit_ledger from authenticated;

-- Append-only for everyone, the table owner and the service role included: UPDATE, DELETE and
-- TRUNCATE are refused. The one exception is the cascade from deleting the auth user (account
-- deletion erases the user's data): a row may be deleted once its user no longer exists.
-- SECURITY DEFINER only so that the existence check can read auth.users whoever deletes.
create function public.refuse_credit_ledger_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' and tg_level = 'ROW'
     and not exists (select 1 from auth.users where id = old.user_id) then
    return old;
  end if;
  raise exception 'credit_ledger is append-only: % is not allowed', tg_op
    using errcode = '42501',
          hint = 'Record a correcting entry (refund or expiry) instead.';
end;
$$;

create trigger refuse_update_or_delete
  before update or delete on public.credit_ledger
  for each row execute function public.refuse_credit_ledger_change();

create trigger refuse_truncate
  before truncate on public.credit_ledger
  for each statement execute function public.refuse_credit_ledger_change();

revoke execute on function public.refuse_credit_ledger_change() from public, anon, authenticated;
