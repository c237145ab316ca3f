-- The `storage` schema a hosted Supabase project provides, created here only when this
-- server provides the Storage service itself. Access to objects is decided by row-level
-- security on storage.objects, as on Supabase.

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table storage.buckets (
  id text primary key,
  name text not null unique,
  owner uuid,
  public boolean not null default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text not null references storage.buckets (id),
  name text not null,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  version text,
  last_accessed_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- path_tokens splits the name on '/', as Supabase's generated column does.
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  unique (bucket_id, name)
);
create index objects_bucket_prefix_idx on storage.objects (bucket_id, name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

grant select on storage.buckets to anon, authenticated;
grant all on storage.buckets to service_role;
grant all on storage.objects to authenticated, service_role;
grant select on storage.objects to anon;

-- The folders of an object name: 'user-id/sub/file.pdf' → {user-id, sub}.
create function storage.foldername(name text) returns text[]
language sql immutable
as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

create function storage.filename(name text) returns text
language sql immutable
as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

create function storage.extension(name text) returns text
language sql immutable
as $$
  select case when storage.filename(name) like '%.%'
    then lower(reverse(split_part(reverse(storage.filename(name)), '.', 1)))
    else '' end
$$;

grant execute on all functions in schema storage to anon, authenticated, service_role;
