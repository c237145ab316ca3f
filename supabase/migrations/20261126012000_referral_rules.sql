-- Referrals (issue 18, docs/decisions/0029-referrals.md): the rules of redeeming a code, the
-- moment an invitee qualifies, the fraud holds and the monthly cap, in the database.
--
-- A referral row moves pending → rewarded, or is held for review (same IP or device as the
-- referrer) and then released (→ pending) or rejected. `qualified_at` is set by triggers the
-- moment the invitee has BOTH a confirmed email and a completed onboarding (whichever comes
-- last); the server then settles qualified pending rows (private.settle_referral) and grants the
-- credits through the ledger, keyed 'referral:<id>:referrer' / 'referral:<id>:referred', in the
-- same transaction.
--
-- Every function here lives in `private` (not exposed by the API), is SECURITY DEFINER with an
-- empty search_path, and is executable by the server's role only. Portable to hosted Supabase:
-- triggers on auth.users are how Supabase projects react to sign-ups and confirmations too.

alter table public.referrals
  add column status text not null default 'pending',
  add column status_changed_at timestamptz not null default now(),
  add column qualified_at timestamptz,
  add column held_reason text,
  add column referrer_reward_credits integer,
  add column redeemer_ip_hash text,
  add column redeemer_device_hash text,
  add constraint referrals_status_known
    check (status in ('pending', 'held', 'rewarded', 'rejected')),
  add constraint referrals_rewarded_when
    check ((status = 'rewarded') = (reward_granted_at is not null)),
  add constraint referrals_held_reason
    check (held_reason is null or held_reason in ('same_ip', 'same_device')),
  add constraint referrals_referrer_reward_not_negative
    check (referrer_reward_credits is null or referrer_reward_credits >= 0);

comment on column public.referrals.reward_credits is
  'Credits granted to the invitee (referred user) when the referral was rewarded.';
comment on column public.referrals.referrer_reward_credits is
  'Credits granted to the referrer: 0 when the referrer was past the monthly cap.';
comment on column public.referrals.qualified_at is
  'When the invitee first had both a confirmed email and a completed onboarding.';
comment on column public.referrals.redeemer_ip_hash is
  'HMAC-SHA-256 of the invitee''s IP address at redeem (never the address itself).';

-- The server's sweep: qualified rows still to settle.
create index referrals_due_idx on public.referrals (qualified_at)
  where status = 'pending' and qualified_at is not null;
-- The monthly cap: a referrer's paid rewards by time.
create index referrals_referrer_rewarded_idx on public.referrals (referrer_user_id, reward_granted_at)
  where status = 'rewarded';

-- Hashes (HMAC-SHA-256 with a per-install key, hex) of the IP addresses and device ids a user
-- was seen with when they fetched or shared their referral code. Compared with the invitee's
-- at redeem: equal → the referral is held. Nobody reads or writes it through the API.
create table public.referral_fingerprints (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null,
  hash text not null,
  first_seen_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  constraint referral_fingerprints_pkey primary key (user_id, kind, hash),
  constraint referral_fingerprints_kind check (kind in ('ip', 'device')),
  constraint referral_fingerprints_hash check (hash ~ '^[0-9a-f]{64}$')
);

alter table public.referral_fingerprints enable row level security;
revoke all on public.referral_fingerprints from anon, authenticated;

-- One lock per invitee: a redeem and a qualifying event of the same user never interleave, so
-- whichever commits second sees the other (read committed: each statement a new snapshot).
create function private.lock_referral_invitee(p_user_id uuid)
returns void
language sql
security definer
set search_path = ''
as $$
  select pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('referral-invitee:' || p_user_id::text, 0))
$$;

-- Whether the user qualifies now: a confirmed email (not a guest) and a completed onboarding.
create function private.referral_invitee_qualifies(p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
      select 1 from auth.users as u
      where u.id = p_user_id and u.email_confirmed_at is not null and not u.is_anonymous
    )
    and exists (
      select 1 from public.wizard as w where w.user_id = p_user_id and w.completed_at is not null
    )
$$;

-- A code as typed: upper case, without spaces or dashes.
create function private.normalize_referral_code(p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.upper(pg_catalog.regexp_replace(coalesce(p_code, ''), '[[:space:]-]+', '', 'g'))
$$;

-- Redeems a code for a user. Outcomes: 'redeemed' | 'held' (with the referral id), or
-- 'invalid' | 'own_code' | 'guest' | 'already_redeemed' | 'too_late' | 'user_not_found'.
create function private.redeem_referral_code(
  p_user_id uuid,
  p_code text,
  p_ip_hash text,
  p_device_hash text,
  p_now timestamptz,
  p_window interval default interval '30 days'
)
returns table (outcome text, referral_id uuid, qualified boolean)
language plpgsql
security definer
set search_path = ''
as $$
declare
  normalized text := private.normalize_referral_code(p_code);
  redeemer record;
  referrer uuid;
  held text;
  new_id uuid;
  is_qualified boolean;
begin
  perform private.lock_referral_invitee(p_user_id);
  select u.id, u.is_anonymous, u.created_at into redeemer
  from auth.users as u where u.id = p_user_id and u.deleted_at is null;
  if not found then
    return query select 'user_not_found'::text, null::uuid, false;
    return;
  end if;
  if redeemer.is_anonymous then
    return query select 'guest'::text, null::uuid, false;
    return;
  end if;
  select p.user_id into referrer from public.profiles as p where p.referral_code = normalized;
  if referrer is null then
    return query select 'invalid'::text, null::uuid, false;
    return;
  end if;
  if referrer = p_user_id then
    return query select 'own_code'::text, null::uuid, false;
    return;
  end if;
  if exists (select 1 from public.referrals as r where r.referred_user_id = p_user_id) then
    return query select 'already_redeemed'::text, null::uuid, false;
    return;
  end if;
  if p_now > redeemer.created_at + p_window then
    return query select 'too_late'::text, null::uuid, false;
    return;
  end if;

  if p_ip_hash is not null and exists (
    select 1 from public.referral_fingerprints as f
    where f.user_id = referrer and f.kind = 'ip' and f.hash = p_ip_hash
  ) then
    held := 'same_ip';
  elsif p_device_hash is not null and exists (
    select 1 from public.referral_fingerprints as f
    where f.user_id = referrer and f.kind = 'device' and f.hash = p_device_hash
  ) then
    held := 'same_device';
  end if;

  is_qualified := private.referral_invitee_qualifies(p_user_id);
  insert into public.referrals (referrer_user_id, referred_user_id, code, redeemed_at, status,
    status_changed_at, held_reason, qualified_at, redeemer_ip_hash, redeemer_device_hash)
  values (referrer, p_user_id, normalized, p_now, case when held is null then 'pending' else 'held' end,
    p_now, held, case when is_qualified then p_now end, p_ip_hash, p_device_hash)
  on conflict (referred_user_id) do nothing
  returning id into new_id;
  if new_id is null then
    return query select 'already_redeemed'::text, null::uuid, false;
    return;
  end if;
  return query select case when held is null then 'redeemed' else 'held' end, new_id, is_qualified;
end;
$$;

-- Marks the user's referral qualified, if they qualify now and it is not yet marked.
create function private.mark_referral_qualified(p_user_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_referral_invitee(p_user_id);
  update public.referrals as r
  set qualified_at = pg_catalog.now()
  where r.referred_user_id = p_user_id
    and r.qualified_at is null
    and r.status in ('pending', 'held')
    and private.referral_invitee_qualifies(p_user_id);
end;
$$;

create function private.on_referral_qualifying_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_table_schema = 'auth' then
    perform private.mark_referral_qualified(new.id);
  else
    perform private.mark_referral_qualified(new.user_id);
  end if;
  return null;
end;
$$;

-- The two halves of qualifying: the first completed onboarding, the confirmed email.
create trigger referral_qualifying_onboarding
  after update of completed_at on public.wizard
  for each row
  when (old.completed_at is null and new.completed_at is not null)
  execute function private.on_referral_qualifying_event();

create trigger referral_qualifying_email
  after update of email_confirmed_at on auth.users
  for each row
  when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function private.on_referral_qualifying_event();

-- Settles one qualified pending referral in the caller's transaction: marks it rewarded and
-- answers the credits the caller must grant now (no row: nothing to do, e.g. already settled
-- by another process: the row lock makes the second caller wait and then see it rewarded). The
-- referrer gets nothing past `p_monthly_cap` rewarded referrals in the calendar month (UTC);
-- the invitee always does.
create function private.settle_referral(
  p_referral_id uuid,
  p_credits integer,
  p_monthly_cap integer,
  p_now timestamptz
)
returns table (referrer_user_id uuid, referred_user_id uuid, referrer_credits integer, referred_credits integer)
language plpgsql
security definer
set search_path = ''
as $$
declare
  found_row public.referrals;
  month_start timestamptz := pg_catalog.date_trunc('month', p_now, 'UTC');
  rewarded_this_month integer;
  to_referrer integer;
begin
  select * into found_row from public.referrals as r where r.id = p_referral_id for update;
  if not found or found_row.status <> 'pending' or found_row.qualified_at is null then
    return;
  end if;
  -- One settlement per referrer at a time, so the cap is exact.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('referral-referrer:' || found_row.referrer_user_id::text, 0));
  select pg_catalog.count(*) into rewarded_this_month
  from public.referrals as r
  where r.referrer_user_id = found_row.referrer_user_id
    and r.status = 'rewarded'
    and r.referrer_reward_credits > 0
    and r.reward_granted_at >= month_start
    and r.reward_granted_at < month_start + interval '1 month';
  to_referrer := case when rewarded_this_month < p_monthly_cap then p_credits else 0 end;
  update public.referrals as r
  set status = 'rewarded', status_changed_at = p_now, reward_granted_at = p_now,
      reward_credits = p_credits, referrer_reward_credits = to_referrer
  where r.id = p_referral_id;
  return query select found_row.referrer_user_id, found_row.referred_user_id, to_referrer, p_credits;
end;
$$;

-- Operators: release a held referral (→ pending; paid by the server's next sweep if the
-- invitee qualified) or reject a held or pending one. Answer true when the row changed.
--   select private.release_referral('<referral id>');
--   select private.reject_referral('<referral id>');
create function private.release_referral(p_referral_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.referrals as r
  set status = 'pending', status_changed_at = pg_catalog.now()
  where r.id = p_referral_id and r.status = 'held';
  return found;
end;
$$;

create function private.reject_referral(p_referral_id uuid)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.referrals as r
  set status = 'rejected', status_changed_at = pg_catalog.now()
  where r.id = p_referral_id and r.status in ('pending', 'held');
  return found;
end;
$$;

-- The owner of a code and their first name (the public invitation page shows only that).
create function private.referral_code_owner(p_code text)
returns table (user_id uuid, first_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.user_id, p.first_name
  from public.profiles as p
  join auth.users as u on u.id = p.user_id
  where p.referral_code = private.normalize_referral_code(p_code)
    and u.deleted_at is null and not u.is_anonymous
$$;

-- A user's own code and first name.
create function private.referral_profile(p_user_id uuid)
returns table (referral_code text, first_name text)
language sql
stable
security definer
set search_path = ''
as $$
  select p.referral_code, p.first_name from public.profiles as p where p.user_id = p_user_id
$$;

-- A referrer's invitees, newest first, with what the referrer may see of them: their first
-- name and email (the server masks the email).
create function private.referral_invitees(p_referrer_id uuid)
returns table (
  id uuid, status text, redeemed_at timestamptz, qualified_at timestamptz,
  reward_granted_at timestamptz, referrer_reward_credits integer, first_name text, email text
)
language sql
stable
security definer
set search_path = ''
as $$
  select r.id, r.status, r.redeemed_at, r.qualified_at, r.reward_granted_at,
    r.referrer_reward_credits, p.first_name, u.email
  from public.referrals as r
  left join public.profiles as p on p.user_id = r.referred_user_id
  left join auth.users as u on u.id = r.referred_user_id
  where r.referrer_user_id = p_referrer_id
  order by r.redeemed_at desc, r.id
$$;

revoke all on function private.lock_referral_invitee(uuid) from public, anon, authenticated;
revoke all on function private.referral_invitee_qualifies(uuid) from public, anon, authenticated;
revoke all on function private.normalize_referral_code(text) from public, anon, authenticated;
revoke all on function private.redeem_referral_code(uuid, text, text, text, timestamptz, interval)
  from public, anon, authenticated;
revoke all on function private.mark_referral_qualified(uuid) from public, anon, authenticated;
revoke all on function private.on_referral_qualifying_event() from public, anon, authenticated;
revoke all on function private.settle_referral(uuid, integer, integer, timestamptz)
  from public, anon, authenticated;
revoke all on function private.release_referral(uuid) from public, anon, authenticated;
revoke all on function private.reject_referral(uuid) from public, anon, authenticated;
revoke all on function private.referral_code_owner(text) from public, anon, authenticated;
revoke all on function private.referral_profile(uuid) from public, anon, authenticated;
revoke all on function private.referral_invitees(uuid) from public, anon, authenticated;
