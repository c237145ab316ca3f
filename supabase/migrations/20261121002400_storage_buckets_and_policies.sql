-- The four private buckets of spec section 3 and who may touch their objects. Every object
-- lives in its owner's folder: '{userId}/…' (interview audio is '{userId}/{interviewId}.mp3',
-- resumes '{userId}/{random}.pdf'). A signed-in user may read, upload, replace and remove
-- objects in their own folder; objects in `resume-analysis` (generated videos and reports)
-- are written by the server only. Everything else (other folders, anon) is refused. The
-- server's service role bypasses RLS, and signed URLs (24 h) need no policy.
--
-- storage.buckets and storage.objects exist on hosted Supabase and, on our own server, come
-- from apps/server/migrations; RLS on storage.objects is already enabled in both.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('cover-letters', 'cover-letters', false, 10485760, null),
  ('interviews', 'interviews', false, 52428800, null),
  ('resumes', 'resumes', false, 10485760, array['application/pdf']),
  ('resume-analysis', 'resume-analysis', false, 52428800, null)
on conflict (id) do nothing;

create policy "app: owner reads own folder" on storage.objects
  for select to authenticated
  using (
    bucket_id in ('cover-letters', 'interviews', 'resumes', 'resume-analysis')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "app: owner uploads to own folder" on storage.objects
  for insert to authenticated
  with check (
    bucket_id in ('cover-letters', 'interviews', 'resumes')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "app: owner replaces in own folder" on storage.objects
  for update to authenticated
  using (
    bucket_id in ('cover-letters', 'interviews', 'resumes')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  )
  with check (
    bucket_id in ('cover-letters', 'interviews', 'resumes')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );

create policy "app: owner removes from own folder" on storage.objects
  for delete to authenticated
  using (
    bucket_id in ('cover-letters', 'interviews', 'resumes')
    and (storage.foldername(name))[1] = (select auth.uid())::text
  );
