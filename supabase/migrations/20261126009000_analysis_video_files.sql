-- Analysis videos (issue 17, ADR 0027): the poster image and the captions (WebVTT) beside the
-- video, the video's length, and at most one video of an analysis being made at a time (a
-- repeated request answers it).
alter table public.analysis_videos
  add column poster_path text,
  add column captions_path text,
  add constraint analysis_videos_captions_path_in_owner_folder
    check (captions_path is null or starts_with(captions_path, user_id::text || '/')),
  add column duration_seconds real,
  add constraint analysis_videos_poster_path_in_owner_folder
    check (poster_path is null or starts_with(poster_path, user_id::text || '/')),
  add constraint analysis_videos_duration_positive
    check (duration_seconds is null or duration_seconds > 0);

create unique index analysis_videos_one_active_per_analysis
  on public.analysis_videos (resume_analysis_id)
  where status in ('PENDING', 'RENDERING');
