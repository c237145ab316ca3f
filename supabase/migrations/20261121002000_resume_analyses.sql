-- resume_analyses and analysis_videos: resume analysis (POST resume-analysis/analyze) and the
-- generated "roasted by trump" videos (POST resume-analysis/video/generate, GET
-- resume-analysis/video/status/{id}). The server creates and fills both with the service role;
-- the owner reads them, may delete them, and may change only `is_public` (sharing).
--
-- Public share pages (/roasted-by-trump/analysis/{id}, /roasted-by-trump/video/{id}) read
-- through two SECURITY DEFINER functions, not through a policy for anon: they return one row
-- by id, only when its owner made it public, and only the columns a share page needs (no
-- user_id, no document path, no LinkedIn URL). anon still has no access to the tables.

create table public.resume_analyses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The professional profile the analysis was made from, if any (always the user's own).
  professional_profile_id uuid,
  source text not null,
  -- The resume file (in the `resumes` bucket, inside the owner's folder) and/or the LinkedIn
  -- profile link that was analysed.
  document_path text,
  linkedin_url text,
  -- PENDING (queued), PROCESSING, COMPLETED, FAILED.
  status text not null default 'PENDING',
  score integer,
  -- The analysis itself: sub-scores, strengths, issues, suggestions, the roast text, …
  result jsonb,
  error text,
  -- The owner's choice to make the share page visible.
  is_public boolean not null default false,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint resume_analyses_id_user_id_key unique (id, user_id),
  constraint resume_analyses_source_known check (source in ('resume', 'linkedin')),
  -- Spec section 5: "Either a resume file or LinkedIn URL must be provided".
  constraint resume_analyses_document_or_linkedin
    check (document_path is not null or linkedin_url is not null),
  -- …and the one the source names is there.
  constraint resume_analyses_source_input_present check (
    (source = 'resume' and document_path is not null)
    or (source = 'linkedin' and linkedin_url is not null)),
  constraint resume_analyses_document_path_in_owner_folder
    check (document_path is null or starts_with(document_path, user_id::text || '/')),
  constraint resume_analyses_linkedin_url_is_http check (linkedin_url is null or linkedin_url ~* '^https?://'),
  constraint resume_analyses_status_known check (status in ('PENDING', 'PROCESSING', 'COMPLETED', 'FAILED')),
  constraint resume_analyses_score_range check (score is null or score between 0 and 100),
  constraint resume_analyses_professional_profile_fkey
    foreign key (professional_profile_id, user_id)
    references public.professional_profiles (id, user_id) on delete set null (professional_profile_id)
);

create index resume_analyses_user_id_created_at_idx on public.resume_analyses (user_id, created_at desc);
create index resume_analyses_professional_profile_id_idx on public.resume_analyses (professional_profile_id);

create trigger set_updated_at before update on public.resume_analyses
  for each row execute function public.set_updated_at();

alter table public.resume_analyses enable row level security;

create policy "resume_analyses: owner reads" on public.resume_analyses
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "resume_analyses: owner updates sharing" on public.resume_analyses
  for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "resume_analyses: owner deletes" on public.resume_analyses
  for delete to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.resume_analyses from anon;
revoke insert, update, truncate, references, trigger on public.resume_analyses from authenticated;
grant update (is_public) on public.resume_analyses to authenticated;

-- ---------------------------------------------------------------------------------------------
create table public.analysis_videos (
  id uuid primary key default gen_random_uuid(),
  resume_analysis_id uuid not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- PENDING (queued), RENDERING, COMPLETED, FAILED.
  status text not null default 'PENDING',
  progress integer not null default 0,
  -- The rendered video in the `resume-analysis` bucket, inside the owner's folder.
  video_path text,
  error text,
  is_public boolean not null default false,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint analysis_videos_status_known check (status in ('PENDING', 'RENDERING', 'COMPLETED', 'FAILED')),
  constraint analysis_videos_progress_range check (progress between 0 and 100),
  constraint analysis_videos_video_path_in_owner_folder
    check (video_path is null or starts_with(video_path, user_id::text || '/')),
  constraint analysis_videos_resume_analysis_fkey
    foreign key (resume_analysis_id, user_id)
    references public.resume_analyses (id, user_id) on delete cascade
);

create index analysis_videos_resume_analysis_id_idx on public.analysis_videos (resume_analysis_id);
create index analysis_videos_user_id_created_at_idx on public.analysis_videos (user_id, created_at desc);

create trigger set_updated_at before update on public.analysis_videos
  for each row execute function public.set_updated_at();

alter table public.analysis_videos enable row level security;

create policy "analysis_videos: owner reads" on public.analysis_videos
  for select to authenticated
  using ((select auth.uid()) = user_id);

create policy "analysis_videos: owner updates sharing" on public.analysis_videos
  for update to authenticated
  using ((select auth.uid()) = user_id)
  with check ((select auth.uid()) = user_id);

create policy "analysis_videos: owner deletes" on public.analysis_videos
  for delete to authenticated
  using ((select auth.uid()) = user_id);

revoke all on public.analysis_videos from anon;
revoke insert, update, truncate, references, trigger on public.analysis_videos from authenticated;
grant update (is_public) on public.analysis_videos to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The public read path of the share pages. Unknown, private or unfinished → no row.
create function public.get_shared_resume_analysis(analysis_id uuid)
returns table (id uuid, source text, score integer, result jsonb, completed_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select analysis.id, analysis.source, analysis.score, analysis.result, analysis.completed_at
  from public.resume_analyses as analysis
  where analysis.id = get_shared_resume_analysis.analysis_id
    and analysis.is_public
    and analysis.status = 'COMPLETED'
$$;

-- video_path is returned so the server can sign it; the bucket itself stays private.
create function public.get_shared_analysis_video(video_id uuid)
returns table (id uuid, resume_analysis_id uuid, video_path text, completed_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select video.id, video.resume_analysis_id, video.video_path, video.completed_at
  from public.analysis_videos as video
  where video.id = get_shared_analysis_video.video_id
    and video.is_public
    and video.status = 'COMPLETED'
$$;

revoke execute on function public.get_shared_resume_analysis(uuid) from public;
revoke execute on function public.get_shared_analysis_video(uuid) from public;
grant execute on function public.get_shared_resume_analysis(uuid) to anon, authenticated, service_role;
grant execute on function public.get_shared_analysis_video(uuid) to anon, authenticated, service_role;
