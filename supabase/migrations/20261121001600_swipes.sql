-- swipes: one decision per user per job. The server records them (POST swipes {swipeDirection,
-- creditCost, isLastCard}) with the service role, in the same transaction as the credit spend
-- (a right swipe costs credits), so users read their own swipes and write none.
create table public.swipes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  job_id uuid not null references public.jobs (id) on delete cascade,
  -- Spec: RIGHT is one value; LEFT (pass) is the other.
  direction text not null,
  -- Credits this swipe cost (spec section 9: default 1; left swipes are free, cost 0).
  credit_cost integer not null default 1,
  -- The client's request key: a retried request records (and charges) the swipe once.
  idempotency_key text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint swipes_direction_known check (direction in ('LEFT', 'RIGHT')),
  constraint swipes_credit_cost_not_negative check (credit_cost >= 0),
  constraint swipes_user_id_job_id_key unique (user_id, job_id),
  constraint swipes_user_id_idempotency_key_key unique (user_id, idempotency_key)
);

-- (user_id, job_id) also serves "jobs this user has not swiped yet" and the policy.
create index swipes_user_id_created_at_idx on public.swipes (user_id, created_at desc);
create index swipes_job_id_idx on public.swipes (job_id);

create trigger set_updated_at before update on public.swipes
  for each row execute function public.set_updated_at();

alter table public.swipes enable row level security;

create policy "swipes: owner reads" on public.swipes
  for select to authenticated
  using ((select auth.uid()) = user_id);

-- No write policy and no write privilege: swipes spend credits, so only the server records them.
revoke all on public.swipes from anon;
revoke insert, update, delete, truncate, references, trigger on public.swipes from authenticated;
