-- professional_profiles: a user's resume-derived profile. A user may hold several (each
-- upload creates one, POST professional-profiles {fileName}); "the latest one per user is
-- used", hence the (user_id, updated_at desc) index and the latest_professional_profiles view.
create table public.professional_profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The stored file's name (random, spec section 3) and its path in the `resumes` bucket.
  file_name text,
  resume_path text,
  linkedin_url text,
  -- What the resume parser extracted (contact, experience, education, skills, …).
  parsed_data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- For resume_analyses' composite foreign key (a row can only point at its owner's profile).
  constraint professional_profiles_id_user_id_key unique (id, user_id),
  -- Paths live in the owner's folder, the folder the storage policies let them use. The server
  -- signs these paths with its service key, so a path into another user's folder would leak
  -- that user's file.
  constraint professional_profiles_resume_path_in_owner_folder
    check (resume_path is null or starts_with(resume_path, user_id::text || '/')),
  constraint professional_profiles_parsed_data_is_object check (jsonb_typeof(parsed_data) = 'object')
);

create index professional_profiles_user_id_updated_at_idx
  on public.professional_profiles (user_id, updated_at desc);

create trigger set_updated_at before update on public.professional_profiles
  for each row execute function public.set_updated_at();

alter table public.professional_profiles enable row level security;

create policy "professional_profiles: owner reads" on public.professional_profiles
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "professional_profiles: owner inserts" on public.professional_profiles
  for insert to authenticated
  with check ((select auth.uid()) = user_id);

create policy "professional_profiles: owner updates" on public.professional_profiles
  for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "professional_profiles: owner deletes" on public.professional_profiles
  for delete to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.professional_profiles from anon;
revoke truncate, references, trigger on public.professional_profiles from authenticated;

-- The profile in use: the most recently updated one per user. security_invoker makes the
-- caller's RLS on professional_profiles apply, so a user sees only their own.
create view public.latest_professional_profiles
with (security_invoker = true)
as
select distinct on (user_id) *
from public.professional_profiles
order by user_id, updated_at desc, id desc;

revoke all on public.latest_professional_profiles from anon;
revoke insert, update, delete, truncate, references, trigger on public.latest_professional_profiles from authenticated;
