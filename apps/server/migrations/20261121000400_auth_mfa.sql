-- Multi-factor authentication (GoTrue's TOTP factors): the factors a user enrolled, the
-- challenges issued against them, and which factor lifted a session to aal2. Only the server,
-- connected as the owner, reads or writes them: no grants to the API roles.

create table auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp')),
  status text not null default 'unverified' check (status in ('unverified', 'verified')),
  -- The TOTP shared secret, base32: the authenticator app holds the same one.
  secret text not null,
  -- The newest TOTP time step (unix seconds / 30) accepted for this factor: a code of that step
  -- or an earlier one is refused, so a code works once.
  last_used_time_step bigint,
  last_challenged_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index mfa_factors_user_id_idx on auth.mfa_factors (user_id);
-- Enrolments abandoned before verification are swept by age.
create index mfa_factors_unverified_created_at_idx on auth.mfa_factors (created_at)
  where status = 'unverified';

create table auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Set when a code was accepted against this challenge: a challenge is used once.
  verified_at timestamptz,
  -- The address that asked for the challenge: only it may answer.
  ip_address text not null
);
create index mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);

-- The factor whose verification made the session aal2: unenrolling it brings the session back
-- to aal1.
alter table auth.sessions
  add column factor_id uuid references auth.mfa_factors (id) on delete set null;
create index sessions_factor_id_idx on auth.sessions (factor_id);

revoke all on auth.mfa_factors, auth.mfa_challenges from anon, authenticated;
