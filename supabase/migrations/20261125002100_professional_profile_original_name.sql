-- The name the user's resume file had on their computer ("Ada Lovelace CV.pdf"), shown in the
-- app instead of the random name it is stored under (spec section 3: resumes are stored with a
-- random file name). Display only: never part of a storage path.
alter table public.professional_profiles
  add column original_file_name text,
  add constraint professional_profiles_original_file_name_length
    check (original_file_name is null or char_length(original_file_name) between 1 and 255);

-- `select *` in a view is frozen at creation: list the new column too (appended, so the view
-- can be replaced in place).
create or replace view public.latest_professional_profiles
with (security_invoker = true)
as
select distinct on (user_id) *
from public.professional_profiles
order by user_id, updated_at desc, id desc;
