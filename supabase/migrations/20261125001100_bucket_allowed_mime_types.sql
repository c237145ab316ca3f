-- Each bucket declares the types it accepts (issue 12, S1). The Storage service checks an
-- upload's bytes against its declared type (file-type signatures; plain text must be UTF-8
-- without NUL), so these lists are enforced on content, not on the client's header. Nothing
-- here is HTML, SVG, XHTML, XML or script; and whatever a bucket holds, downloads are served
-- with nosniff and a sandboxing CSP, as an attachment unless the type is inert.
--
-- - resumes: PDF only (unchanged; spec section 3).
-- - cover-letters: the generated letter as PDF (issue 14) and its text; Word files are left
--   out: a .docx is a ZIP whose type can only be read far into the file, and the product
--   produces and shows PDF.
-- - interviews: the session recording, stored as MP3 (`{userId}/{interviewId}.mp3`, spec
--   section 3), and the formats browsers record before it is converted (issue 16): WebM/Opus
--   (Chromium, Firefox), MP4/AAC (Safari), Ogg, WAV from an AudioWorklet.
-- - resume-analysis: written by the server only: the analysis video as MP4 (H.264 + AAC) and
--   its poster image (issue 17). The review itself lives in the database.

update storage.buckets
set allowed_mime_types = array['application/pdf', 'text/plain'], updated_at = now()
where id = 'cover-letters';

update storage.buckets
set allowed_mime_types = array[
    'audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/webm', 'audio/ogg',
    'audio/opus', 'audio/wav', 'audio/x-wav', 'audio/wave'
  ], updated_at = now()
where id = 'interviews';

update storage.buckets
set allowed_mime_types = array['video/mp4', 'image/png', 'image/jpeg', 'image/webp'],
  updated_at = now()
where id = 'resume-analysis';
