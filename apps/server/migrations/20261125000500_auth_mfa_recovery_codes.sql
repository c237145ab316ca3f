-- Two-step verification that a lost phone does not lock out, and that cannot be guessed
-- (issue 12, S2 and S5):
--
-- 1. Recovery codes: a user with a verified TOTP factor gets a set of single-use codes, shown
--    once. Only their SHA-256 hashes are kept (each code carries 60 random bits, so a slow
--    hash adds nothing a reader of this database lacks: the TOTP secrets sit beside them).
--    A new set replaces the old one; the set goes when the last verified factor goes.
-- 2. Failed second-factor attempts, counted per TOTP factor (`totp:<factor id>`) and per user
--    for recovery codes (`recovery:<user id>`), whatever the client's address, so that every
--    server process on the database shares them. Past the limit the key is locked for a while.
--
-- Only the server, connected as the owner, reads or writes them: no grants to the API roles.

create table auth.mfa_recovery_codes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- sha256(user id || ':' || normalised code), hex.
  code_hash text not null,
  created_at timestamptz not null,
  -- Set when the code was used: each code works once.
  used_at timestamptz,
  constraint mfa_recovery_codes_user_hash_key unique (user_id, code_hash)
);

create table auth.mfa_failed_attempts (
  key text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- Wrong codes since the last right one (forgotten a day after the last failure).
  failures integer not null check (failures >= 0),
  locked_until timestamptz,
  updated_at timestamptz not null
);
create index mfa_failed_attempts_user_id_idx on auth.mfa_failed_attempts (user_id);

revoke all on auth.mfa_recovery_codes, auth.mfa_failed_attempts from anon, authenticated;
