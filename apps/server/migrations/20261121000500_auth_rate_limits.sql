-- Request counters of the Auth service's rate limits (protocol §1.6), kept in the database so
-- every server process on it shares them. One row per bucket, client (its IP address) and fixed
-- window: each request adds one with a single atomic upsert and is refused past the bucket's
-- limit. Rows of ended windows are deleted a small batch at a time whenever a new window starts.
-- Unlogged: a count is worthless after a crash, and skipping the WAL makes every hit cheaper.
-- Only the server, connected as the owner, reads or writes it.

create unlogged table auth.rate_limit_counters (
  bucket text not null,
  client_key text not null,
  window_start timestamptz not null,
  window_end timestamptz not null,
  hits integer not null check (hits > 0),
  primary key (bucket, client_key, window_start),
  constraint rate_limit_counters_window_order check (window_end > window_start)
);
create index rate_limit_counters_window_end_idx on auth.rate_limit_counters (window_end);

revoke all on auth.rate_limit_counters from anon, authenticated;
