-- The new-user hook: for every new auth user, guest (anonymous sign-in) or not, create the
-- profiles and wizard rows (spec section 4) and a credit balance with the free allowance,
-- recorded as a 'grant' in the ledger so the ledger always sums to the balance. A second
-- trigger keeps the profile's email (and empty name fields) in step when a guest signs up
-- (spec section 4: the upgrade adds email, password and name data to the same user).
--
-- Triggers on auth.users are how hosted Supabase does this too, so the same migration works
-- there and on our own Auth server. SECURITY DEFINER because the role that inserts users
-- (Supabase's auth admin, or our server) has no rights on these tables; `search_path = ''`
-- and fully qualified names so nothing can be substituted.

-- First and last name from sign-up metadata: first_name/last_name if given, else full_name
-- (or name) split on the first space (spec section 5, social sign-in).
create function public.user_name_parts(metadata jsonb, out first_name text, out last_name text)
language sql
immutable
set search_path = ''
as $$
  with source as (
    select
      nullif(pg_catalog.btrim(metadata ->> 'first_name'), '') as given_first,
      nullif(pg_catalog.btrim(metadata ->> 'last_name'), '') as given_last,
      nullif(pg_catalog.btrim(coalesce(metadata ->> 'full_name', metadata ->> 'name')), '') as full_name
  )
  select
    coalesce(given_first, pg_catalog.split_part(full_name, ' ', 1)),
    coalesce(given_last,
      case when pg_catalog.strpos(full_name, ' ') > 0
        then nullif(pg_catalog.btrim(pg_catalog.substr(full_name, pg_catalog.strpos(full_name, ' ') + 1)), '')
      end)
  from source
$$;

create function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- The free allowance every new user starts with. A later issue makes it configurable
  -- (a settings table or the plan catalogue); until then change it here in a new migration.
  free_allowance constant integer := 10;
  names record;
  attempt integer := 0;
begin
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
  values (new.id, free_allowance, 0, 'free', free_allowance, pg_catalog.now(),
    -- Free credits refresh daily at midnight UTC (the refresh itself is a server job).
    pg_catalog.date_trunc('day', pg_catalog.now(), 'UTC') + interval '1 day');

  insert into public.credit_ledger (user_id, delta, kind, reason, idempotency_key, balance_after)
  values (new.id, free_allowance, 'grant', 'signup', 'signup:' || new.id::text, free_allowance);

  return new;
end;
$$;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();

-- A guest who signs up keeps their user id; copy the new email, and fill names still empty.
create function public.handle_user_updated()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  names record;
begin
  select * into names from public.user_name_parts(new.raw_user_meta_data);
  update public.profiles
  set email = new.email,
      first_name = coalesce(first_name, names.first_name),
      last_name = coalesce(last_name, names.last_name)
  where user_id = new.id
    and (email is distinct from new.email
      or (first_name is null and names.first_name is not null)
      or (last_name is null and names.last_name is not null));
  return new;
end;
$$;

create trigger on_auth_user_updated
  after update of email, raw_user_meta_data on auth.users
  for each row
  when (old.email is distinct from new.email or old.raw_user_meta_data is distinct from new.raw_user_meta_data)
  execute function public.handle_user_updated();

revoke execute on function public.user_name_parts(jsonb) from public, anon, authenticated;
revoke execute on function public.handle_new_user() from public, anon, authenticated;
revoke execute on function public.handle_user_updated() from public, anon, authenticated;
