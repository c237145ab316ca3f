-- Signed upload URLs work once (issue 12, S4): the id (`jti`) of each token that wrote its
-- object is kept here until the token expires, written in the transaction that writes the
-- object, so every server process refuses it afterwards. The server writes it as its service
-- role; users and anon have no access. Expired rows are cleared as new tokens are spent.

create table storage.spent_upload_tokens (
  token_id uuid primary key,
  expires_at timestamptz not null
);
create index spent_upload_tokens_expires_at_idx on storage.spent_upload_tokens (expires_at);

alter table storage.spent_upload_tokens enable row level security;
revoke all on storage.spent_upload_tokens from anon, authenticated;
grant select, insert, update, delete on storage.spent_upload_tokens to service_role;
