-- does_email_exist(email) → the sign-in providers of the account with that email ('email',
-- 'google', 'apple', …), or an empty array when there is none. Called before sign-in by
-- anonymous visitors (supabase.rpc('does_email_exist', {email})), so it reads auth.users as
-- its owner (SECURITY DEFINER) and is executable by anon and authenticated.
--
-- It reveals whether an address has an account, by design of the product; rate-limit the RPC
-- in the API. Providers come from raw_app_meta_data->'providers', which both hosted Supabase
-- and our Auth server maintain (falling back to 'provider', then 'email').
create function public.does_email_exist(email text)
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(pg_catalog.array_agg(distinct provider order by provider), '{}'::text[])
  from auth.users as account
  cross join lateral (
    select pg_catalog.jsonb_array_elements_text(account.raw_app_meta_data -> 'providers') as provider
    where pg_catalog.jsonb_typeof(account.raw_app_meta_data -> 'providers') = 'array'
    union
    select coalesce(account.raw_app_meta_data ->> 'provider', 'email')
    where pg_catalog.jsonb_typeof(account.raw_app_meta_data -> 'providers') is distinct from 'array'
  ) as providers
  where pg_catalog.lower(account.email) = pg_catalog.lower(pg_catalog.btrim(does_email_exist.email))
    and account.deleted_at is null
$$;

revoke execute on function public.does_email_exist(text) from public;
grant execute on function public.does_email_exist(text) to anon, authenticated, service_role;
