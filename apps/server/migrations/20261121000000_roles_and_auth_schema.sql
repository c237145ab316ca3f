-- The roles and the `auth` schema a hosted Supabase project provides, created here only when
-- this server provides the Auth service itself. Roles are cluster-wide, so creating them
-- tolerates another database of the same cluster having done it first.

do $$
declare
  role_name text;
begin
  foreach role_name in array array['anon', 'authenticated', 'service_role'] loop
    if not exists (select 1 from pg_roles where rolname = role_name) then
      begin
        execute format('create role %I nologin noinherit', role_name);
      exception when duplicate_object or unique_violation then
        null; -- created concurrently by a migration of another database
      end;
    end if;
  end loop;
end
$$;

-- service_role is the server's own key: it sees every row, as on Supabase.
alter role service_role bypassrls;

create extension if not exists pgcrypto;

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table auth.users (
  id uuid primary key default gen_random_uuid(),
  aud text not null default 'authenticated',
  role text not null default 'authenticated',
  email text,
  encrypted_password text,
  email_confirmed_at timestamptz,
  phone text,
  phone_confirmed_at timestamptz,
  raw_app_meta_data jsonb not null default '{}'::jsonb,
  raw_user_meta_data jsonb not null default '{}'::jsonb,
  is_anonymous boolean not null default false,
  is_sso_user boolean not null default false,
  banned_until timestamptz,
  last_sign_in_at timestamptz,
  deleted_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- Emails are unique case-insensitively among live accounts; guests have none.
create unique index users_email_key on auth.users (lower(email)) where email is not null and deleted_at is null;
create unique index users_phone_key on auth.users (phone) where phone is not null and deleted_at is null;
revoke all on auth.users from anon, authenticated;
grant all on auth.users to service_role;

-- The claims PostgREST-style requests set in `request.jwt.claims` (and, in older servers,
-- one setting per claim). Policies call these through `(select auth.uid())`, so PostgreSQL
-- evaluates them once per statement rather than once per row.
create function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on all functions in schema auth to anon, authenticated, service_role;

-- The grants Supabase gives the API roles on the public schema; row-level security then
-- decides which rows each request may touch.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant execute on functions to anon, authenticated, service_role;
