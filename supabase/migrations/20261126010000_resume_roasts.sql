-- Resume roasts (issue 17, ADR 0027 "Roasts"): a parody roast of a finished resume review, with
-- the review's fixes, private until its owner publishes it. The server writes every row through
-- the product API (service role); the owner reads their own. The public page reads a published
-- roast through the server only: anon has no access to the table.

-- Target of the roasts' composite foreign key: a roast's video is one of its owner's.
alter table public.analysis_videos
  add constraint analysis_videos_id_user_id_key unique (id, user_id);

create table public.resume_roasts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  resume_analysis_id uuid not null,
  -- RoastContent of packages/contracts/src/roasts.ts: headline, lines, verdict, fixes, grade,
  -- score (contact details already removed).
  content jsonb not null,
  -- Whether the lines were rewritten by the configured LLM ('llm') or are the built-in ones.
  source text not null default 'offline',
  -- Set when published, cleared when unpublished: the public page shows a roast only then.
  published_at timestamptz,
  -- The owner's finished analysis video shared with the roast, if any.
  video_id uuid,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint resume_roasts_source_known check (source in ('offline', 'llm')),
  constraint resume_roasts_content_is_object check (jsonb_typeof(content) = 'object'),
  -- The analysis is one of the owner's.
  constraint resume_roasts_resume_analysis_fkey
    foreign key (resume_analysis_id, user_id)
    references public.resume_analyses (id, user_id) on delete cascade,
  -- The video is one of the owner's; deleting it detaches it from the roast.
  constraint resume_roasts_video_fkey
    foreign key (video_id, user_id)
    references public.analysis_videos (id, user_id) on delete set null (video_id)
);

create index resume_roasts_user_id_created_at_idx on public.resume_roasts (user_id, created_at desc);
create index resume_roasts_resume_analysis_id_idx on public.resume_roasts (resume_analysis_id);
create index resume_roasts_video_id_idx on public.resume_roasts (video_id) where video_id is not null;

create trigger set_updated_at before update on public.resume_roasts
  for each row execute function public.set_updated_at();

alter table public.resume_roasts enable row level security;

create policy "resume_roasts: owner reads" on public.resume_roasts
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.resume_roasts from anon;
revoke insert, update, delete, truncate, references, trigger
  on public.resume_roasts from authenticated;

-- The session and MFA rule of every table holding users' rows (migration 20261125001200).
create policy "session: alive, and aal2 once MFA is on" on public.resume_roasts
  as restrictive for all to authenticated
  using ((select private.session_may_read_user_data()))
  with check ((select private.session_may_read_user_data()));
