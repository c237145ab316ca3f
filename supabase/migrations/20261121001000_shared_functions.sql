-- Helpers shared by every later migration of the public schema.
--
-- Conventions used throughout supabase/migrations:
-- * Every table in `public` has row-level security enabled. Policies are written for
--   `authenticated` only and compare `(select auth.uid())` (evaluated once per statement, not
--   once per row) with an indexed owner column. `anon` gets no policy and no privilege: the only
--   things anon may do are the RPCs granted to it explicitly.
-- * Supabase's default privileges grant ALL on new tables to anon and authenticated. RLS makes
--   that safe for rows, but TRUNCATE, REFERENCES and TRIGGER are not governed by RLS, so every
--   table revokes them (and whatever else its users must not do) as defence in depth.
-- * `service_role` (the server's own key) bypasses RLS: server-only writes go through it.
-- * Functions set `search_path = ''` and qualify every name, so a caller's search_path cannot
--   redirect them.

-- Keeps `updated_at` current on every table that has one (attached per table with
-- `create trigger set_updated_at before update on … execute function public.set_updated_at()`).
create function public.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := pg_catalog.now();
  return new;
end;
$$;

-- A short referral code that is easy to read aloud and to type: 8 characters from an alphabet
-- without 0/O and 1/I (32 symbols, 5 bits each, so 40 random bits per code). The randomness
-- comes from gen_random_uuid() (core PostgreSQL, strong random source), skipping the UUID's
-- version and variant bytes, so no extension schema needs to be named. Uniqueness is enforced
-- by the unique constraint on profiles.referral_code; the new-user hook retries on a clash.
create function public.generate_referral_code(code_length integer default 8)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  alphabet constant text := '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  -- Bytes 9..15 of a version-4 UUID are fully random: 14 random bytes from two UUIDs.
  random_bytes bytea := pg_catalog.substr(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()), 10)
    || pg_catalog.substr(pg_catalog.uuid_send(pg_catalog.gen_random_uuid()), 10);
  code text := '';
begin
  if code_length is null or code_length < 4 or code_length > 14 then
    raise exception 'referral code length must be between 4 and 14, got %', code_length
      using errcode = '22023';
  end if;
  for position in 0 .. code_length - 1 loop
    code := code || pg_catalog.substr(alphabet, (pg_catalog.get_byte(random_bytes, position) & 31) + 1, 1);
  end loop;
  return code;
end;
$$;

-- The trigger function is only ever called by triggers; the generator only by the server.
revoke execute on function public.set_updated_at() from public, anon, authenticated;
revoke execute on function public.generate_referral_code(integer) from public, anon, authenticated;
