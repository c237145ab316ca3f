-- Sessions and their refresh tokens for our own Auth server (GoTrue's legacy refresh-token
-- format: each refresh revokes the presented token and records a child naming it as parent).
-- Only the server, connected as the owner, reads or writes them: no grants to the API roles.

create table auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  aal text not null default 'aal1' check (aal in ('aal1', 'aal2')),
  -- How the session was authenticated: [{"method": "password", "timestamp": 1700000000}, ...]
  amr jsonb not null default '[]'::jsonb check (jsonb_typeof(amr) = 'array'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  refreshed_at timestamptz,
  user_agent text,
  ip text
);
create index sessions_user_id_idx on auth.sessions (user_id);

create table auth.refresh_tokens (
  id bigserial primary key,
  token text not null unique,
  user_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  parent text,
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index refresh_tokens_parent_idx on auth.refresh_tokens (parent);
create index refresh_tokens_user_id_idx on auth.refresh_tokens (user_id);

revoke all on auth.sessions, auth.refresh_tokens from anon, authenticated;
revoke all on sequence auth.refresh_tokens_id_seq from anon, authenticated;
