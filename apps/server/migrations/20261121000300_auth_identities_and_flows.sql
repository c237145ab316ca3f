-- What the rest of GoTrue's flows need: the addresses and times of pending confirmations on the
-- user, linked sign-in identities, one-time tokens (emailed links and codes) and PKCE flow
-- states. Only the server, connected as the owner, reads or writes them.

alter table auth.users
  add column confirmation_sent_at timestamptz,
  add column recovery_sent_at timestamptz,
  -- A requested email change waits here until it is confirmed.
  add column email_change text,
  add column email_change_sent_at timestamptz,
  add column reauthentication_sent_at timestamptz,
  add column invited_at timestamptz;

-- One row per way of signing in: 'email' (provider_id = the user id), 'google', 'apple' (the
-- provider's subject). identity_data holds the claims the provider last gave us.
create table auth.identities (
  id uuid primary key default gen_random_uuid(),
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null default '{}'::jsonb,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  constraint identities_provider_id_provider_key unique (provider_id, provider)
);
create index identities_user_id_idx on auth.identities (user_id);
create index identities_email_idx on auth.identities (email);

-- Emailed links and codes. Only a hash is stored: sha224 hex of (address || code) for the
-- 6-digit code, and the link token itself is that same hash (GoTrue's scheme), so a database
-- leak yields no usable link. One live token per user and kind; issuing another replaces it.
create table auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null check (token_type in (
    'confirmation_token', 'reauthentication_token', 'recovery_token',
    'email_change_token_new', 'email_change_token_current', 'phone_change_token'
  )),
  token_hash text not null,
  -- The address the token was sent to.
  relates_to text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint one_time_tokens_user_id_token_type_key unique (user_id, token_type)
);
create index one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- PKCE flows (email links and OAuth): the client's code challenge, then the single-use auth
-- code handed back on redirect and exchanged at /token?grant_type=pkce.
create table auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null unique,
  code_challenge_method text not null check (code_challenge_method in ('s256', 'plain')),
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  -- amr method the session gets on exchange: 'otp', 'magiclink', 'recovery', 'oauth', ...
  authentication_method text not null,
  redirect_to text,
  -- For OAuth flows: link the provider's identity to this user instead of signing in.
  linking_user_id uuid references auth.users (id) on delete cascade,
  auth_code_issued_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index flow_state_created_at_idx on auth.flow_state (created_at);

revoke all on auth.identities, auth.one_time_tokens, auth.flow_state from anon, authenticated;

-- Accounts created before this migration signed up with an email: give them their identity.
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
select id::text, id,
  jsonb_build_object('sub', id::text, 'email', email, 'email_verified', email_confirmed_at is not null,
    'phone_verified', false),
  'email', created_at, updated_at
from auth.users
where email is not null and encrypted_password is not null
on conflict do nothing;
