-- Users' data only for a live session, and only at aal2 once the user has a verified second
-- factor (issue 12, findings S2 and S4), enforced by row-level security itself.
--
-- An access token is a JWT: valid until it expires, whatever happened to its session. The
-- server checks each request's session before it reaches the database, but the database is
-- the last word: a RESTRICTIVE policy on every table holding users' rows, and on
-- storage.objects, lets an `authenticated` request through only when
--   * its session still exists (not signed out, not ended by refresh-token reuse or a password
--     change, the account not deleted) and its user is not banned, and
--   * its `aal` claim is aal2, or the user has no verified factor (Supabase's documented MFA
--     pattern: https://supabase.com/docs/guides/auth/auth-mfa#enforce-rules-for-mfa-logins).
-- Restrictive policies are ANDed with the tables' own (permissive) ones: they take rights
-- away, never give any. A JWT without `session_id` is not a session's (only a holder of the
-- install's signing secret can make one, as with the service-role key): only the aal rule
-- applies to it.
--
-- Portable to a hosted Supabase project: auth.sessions, auth.users and auth.mfa_factors exist
-- there with these columns (mfa_factors.status is an enum there, text here). The helper lives
-- in a schema the API does not expose, and is SECURITY DEFINER because the API roles may not
-- read the auth tables. Policies call it as `(select private.…())`, so PostgreSQL evaluates it
-- once per statement (an InitPlan), not once per row: two index lookups per statement.

create schema if not exists private;
grant usage on schema private to authenticated;

create function private.session_may_read_user_data()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  claims jsonb := auth.jwt();
  caller uuid := auth.uid();
  session_text text := claims ->> 'session_id';
begin
  if caller is null then
    -- No user: the tables' own policies (which all name the user) decide.
    return true;
  end if;
  if session_text is not null then
    if session_text !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
      return false;
    end if;
    if not exists (
      select 1
      from auth.sessions as s
      join auth.users as u on u.id = s.user_id
      where s.id = session_text::uuid
        and s.user_id = caller
        and u.deleted_at is null
        and (u.banned_until is null or u.banned_until <= pg_catalog.now())
    ) then
      return false;
    end if;
  end if;
  return coalesce(claims ->> 'aal', '') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors as f
      where f.user_id = caller and f.status = 'verified'
    );
end;
$$;

comment on function private.session_may_read_user_data() is
  'True when the request''s session still exists, its user is not banned, and it is aal2 if the user has a verified MFA factor. Used by the restrictive policies of every table holding users'' rows.';

revoke execute on function private.session_may_read_user_data() from public, anon;
grant execute on function private.session_may_read_user_data() to authenticated, service_role;

-- Every public table holding users' rows: those with a foreign key to auth.users, and those
-- with one to such a table. A table added later needs the same policy in its own migration
-- (supabase/tests/row-level-security.integration.test.ts fails until it has it).
do $$
declare
  user_table regclass;
begin
  for user_table in
    with recursive user_tables (oid) as (
      select k.conrelid from pg_catalog.pg_constraint as k
      where k.contype = 'f' and k.confrelid = 'auth.users'::regclass
      union
      select k.conrelid from pg_catalog.pg_constraint as k
      join user_tables as t on k.confrelid = t.oid
      where k.contype = 'f'
    )
    select c.oid::regclass
    from user_tables as t
    join pg_catalog.pg_class as c on c.oid = t.oid
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
    order by c.relname
  loop
    execute format(
      'create policy "session: alive, and aal2 once MFA is on" on %s
         as restrictive for all to authenticated
         using ((select private.session_may_read_user_data()))
         with check ((select private.session_may_read_user_data()))',
      user_table
    );
  end loop;
end
$$;

create policy "session: alive, and aal2 once MFA is on" on storage.objects
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));
