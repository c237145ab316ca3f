-- Per-user request counters of the product API's expensive calls (issue 12, finding S5):
-- swipes today, and the analyses, generation and interviews of later issues. One row per user,
-- bucket and fixed window; each request adds one with a single atomic upsert and is refused
-- (429 with Retry-After) past the bucket's limit. Kept in the database so every server process
-- shares them. Rows of ended windows are deleted a small batch at a time whenever a new window
-- starts. Unlogged: a count is worthless after a crash, and skipping the WAL makes every hit
-- cheaper. Only the server reads or writes it: RLS on, no policy, no privilege for the API roles.
create unlogged table public.api_rate_limit_counters (
  user_id uuid not null references auth.users (id) on delete cascade,
  bucket text not null,
  window_start timestamptz not null,
  window_end timestamptz not null,
  hits integer not null,
  primary key (user_id, bucket, window_start),
  constraint api_rate_limit_counters_hits_positive check (hits > 0),
  constraint api_rate_limit_counters_window_order check (window_end > window_start)
);

create index api_rate_limit_counters_window_end_idx on public.api_rate_limit_counters (window_end);

alter table public.api_rate_limit_counters enable row level security;
revoke all on public.api_rate_limit_counters from anon, authenticated;
