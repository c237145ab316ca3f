-- Credits: the allowance per period becomes data instead of a constant in the new-user hook.
--
-- credit_plans is the catalogue of plans: how many credits each grants per period (null: no
-- cap) and how long its period is. The server writes the free plan's row from its
-- configuration at every start (FREE_CREDITS_PER_PERIOD, CREDIT_PERIOD); the subscriptions
-- feature adds the paid plans. The new-user hook reads the free plan from here, and the
-- server's period refresh reads every balance's plan from here, so a changed setting applies to
-- new users at once and to everyone else from their next period.
--
-- Periods start at midnight UTC: every day, every Monday (ISO weeks) or on the first of every
-- month. Users' time zones are not known yet; when they are, credit_period() is the one place
-- to change.

create table public.credit_plans (
  -- The name credit_balances.plan refers to ('free', or a subscription plan).
  plan text primary key,
  -- Credits granted at the start of every period; null means no cap.
  allowance integer,
  period text not null default 'daily',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint credit_plans_allowance_not_negative check (allowance is null or allowance >= 0),
  constraint credit_plans_period_known check (period in ('daily', 'weekly', 'monthly'))
);

create trigger set_updated_at before update on public.credit_plans
  for each row execute function public.set_updated_at();

-- The server's own settings: RLS on without a policy, and no privilege for the API roles.
alter table public.credit_plans enable row level security;
revoke all on public.credit_plans from anon, authenticated;

-- The default until the server writes its configuration.
insert into public.credit_plans (plan, allowance, period) values ('free', 10, 'daily');

-- The periodic refresh finds the balances due for a new period through this index.
create index credit_balances_next_refresh_at_idx on public.credit_balances (next_refresh_at);

-- ---------------------------------------------------------------------------------------------
-- The period of length `period` that contains `at`: [starts_at, ends_at), in UTC. Computed on
-- UTC timestamps so that "one month later" never depends on the session's time zone.
create function public.credit_period(
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
        case period when 'daily' then 'day' when 'weekly' then 'week' when 'monthly' then 'month' end,
        pg_catalog.timezone('UTC', at)) as utc_start,
      case period
        when 'daily' then interval '1 day'
        when 'weekly' then interval '1 week'
        when 'monthly' then interval '1 month'
      end as length
  ) as bounds
$$;

revoke execute on function public.credit_period(timestamptz, text) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The new-user hook of 20261121002200, unchanged except for the credits: the free plan's
-- allowance and period come from credit_plans, and the first period is the one containing the
-- sign-up (so it ends at the next midnight UTC for a daily plan).
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  free_plan record;
  names record;
  attempt integer := 0;
begin
  select plan.allowance, bounds.starts_at, bounds.ends_at into free_plan
  from public.credit_plans as plan
  cross join public.credit_period(pg_catalog.now(), plan.period) as bounds
  where plan.plan = 'free';
  if not found then
    raise exception 'public.credit_plans has no row for the free plan'
      using hint = 'The server writes it at start-up from FREE_CREDITS_PER_PERIOD and CREDIT_PERIOD.';
  end if;

  select * into names from public.user_name_parts(new.raw_user_meta_data);

  -- profiles: retry on the (very unlikely, 40-bit) referral code clash.
  loop
    begin
      insert into public.profiles (user_id, email, first_name, last_name, referral_code)
      values (new.id, new.email, names.first_name, names.last_name, public.generate_referral_code());
      exit;
    exception when unique_violation then
      attempt := attempt + 1;
      if attempt >= 5 then
        raise;
      end if;
    end;
  end loop;

  insert into public.wizard (user_id) values (new.id);

  insert into public.credit_balances (user_id, balance, used_in_period, plan, allowance,
    period_start, next_refresh_at)
  values (new.id, coalesce(free_plan.allowance, 0), 0, 'free', free_plan.allowance,
    free_plan.starts_at, free_plan.ends_at);

  -- The ledger always sums to the balance (a grant must be positive, so none for 0 credits).
  if free_plan.allowance > 0 then
    insert into public.credit_ledger (user_id, delta, kind, reason, idempotency_key, balance_after)
    values (new.id, free_plan.allowance, 'grant', 'signup', 'signup:' || new.id::text,
      free_plan.allowance);
  end if;

  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;
