-- credit_prices: what every paid action costs, in credits (issue 12, finding S3).
--
-- The server sets every price. A paid request (a right swipe today; cover letters, analyses,
-- videos and interviews as their issues land, each adding its row here) carries the price the
-- client showed (`creditCost`, spec section 7); the server charges the price in this table and
-- answers 409 `price_changed` when the two differ, so a client can neither choose its own price
-- nor be charged one it did not show.
--
-- Signed-in users (guests included) read it, so the app can show prices; nobody writes it
-- through the API. Prices change through the service role or a migration:
--   update public.credit_prices set credits = 2 where action = 'right_swipe';
create table public.credit_prices (
  -- The paid action, as the server names it ('right_swipe', …).
  action text primary key,
  -- Its price in credits; 0 makes it free.
  credits integer not null,
  -- What the user gets for it, for people reading the table.
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint credit_prices_action_format check (action ~ '^[a-z][a-z0-9_]{0,62}$'),
  -- The upper bound is MAX_CREDIT_PRICE of packages/contracts (the largest creditCost a
  -- request may show).
  constraint credit_prices_credits_in_range check (credits between 0 and 10000)
);

create trigger set_updated_at before update on public.credit_prices
  for each row execute function public.set_updated_at();

alter table public.credit_prices enable row level security;

create policy "credit_prices: signed-in users read" on public.credit_prices
  for select to authenticated
  using (true);

revoke all on public.credit_prices from anon;
revoke insert, update, delete, truncate, references, trigger on public.credit_prices from authenticated;

-- Spec section 9: a right swipe costs 1 credit by default.
insert into public.credit_prices (action, credits, description)
values ('right_swipe', 1, 'A right swipe: the job is saved to your applications');
