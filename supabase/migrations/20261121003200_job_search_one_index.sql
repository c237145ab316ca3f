-- Job search, second round (ADR 0013; measured with `npm run bench -- jobs` at 1,000,000 jobs).
--
-- What the first round's indexes got wrong, from EXPLAIN (ANALYZE, BUFFERS) of the slowest
-- searches of the bench mix:
-- - Filters and free text lived in two GIN indexes. PostgreSQL estimates a GIN scan as if every
--   token's posting list had the average length, so it combined them (or a filter and the
--   companies' btree) with a BitmapAnd that read a posting list of a common token whole:
--   50–140 ms. One GIN index over both columns intersects inside the index, starting from the
--   rarest list and skipping through the others (a rare occupation with 'type:FULL_TIME':
--   8 ms, with 'education:MASTER': 2 ms).
-- - Companies are tokens of the facets now, in that same index ('company:globex inc').
-- - A broad search walks the newest jobs; free text was then checked on the table row, whose
--   text vector (the description's first 5,000 characters) is usually compressed or stored
--   apart: about 10 µs a row. The search document is now what a free-text search on a job
--   board is for (title, occupation, company, skills; the skills are read out of the whole
--   description when a job is imported), about 220 bytes, and the walk index carries it, so a
--   walk checks free text without reading the table (under 1 µs an entry).

drop index public.jobs_search_walk_idx;
drop index public.jobs_search_facets_idx;
drop index public.jobs_search_vector_idx;
drop index public.jobs_company_name_lower_idx;

-- The filter values as tokens, now with the company ('company:' and the lower-case name).
create function public.job_search_facets(
  job_type text,
  experience_level text,
  education_level text,
  company_size text,
  work_location text,
  industry text,
  onet_code text,
  company_name text,
  country_codes text[],
  location_names text[],
  benefits text[]
) returns text[]
language sql immutable parallel safe
set search_path = ''
as $$
  select array_remove(array[
      'type:' || job_type,
      'experience:' || experience_level,
      'education:' || education_level,
      'size:' || company_size,
      'work:' || work_location,
      'industry:' || lower(industry),
      'onet:' || onet_code,
      'company:' || lower(company_name)
    ], null)
    || array(select 'country:' || code from unnest(country_codes) as code)
    || array(select 'place:' || code || ':' || name
             from unnest(country_codes) as code, unnest(location_names) as name)
    || array(select 'benefit:' || benefit from unnest(benefits) as benefit)
$$;

-- The free-text document: title and occupation weigh most, then company and skills. English
-- stemming ("engineers" finds "engineer").
create function public.job_search_document(
  title text,
  normalized_title text,
  company_name text,
  skills text[]
) returns tsvector
language sql immutable parallel safe
set search_path = ''
as $$
  select setweight(to_tsvector('pg_catalog.english', coalesce(title, '') || ' ' || coalesce(normalized_title, '')), 'A')
    || setweight(to_tsvector('pg_catalog.english', coalesce(company_name, '') || ' ' || array_to_string(skills, ' ')), 'B')
$$;

-- One rewrite of the table for both columns. Dropped and added again rather than
-- `set expression`, which PostgreSQL only has from version 17 (these migrations also apply to
-- older hosted projects).
alter table public.jobs
  drop column search_facets,
  drop column search_vector,
  add column search_facets text[] generated always as (public.job_search_facets(
    job_type, experience_level, education_level, company_size, work_location, industry,
    onet_code, company_name, country_codes, location_names, benefits)) stored,
  add column search_vector tsvector generated always as (public.job_search_document(
    title, normalized_title, company_name, skills)) stored;

drop function public.job_search_facets(text, text, text, text, text, text, text, text[], text[], text[]);
drop function public.job_search_document(text, text, text, text[], text);

revoke execute on function public.job_search_facets(text, text, text, text, text, text, text, text, text[], text[], text[])
  from public, anon, authenticated;
revoke execute on function public.job_search_document(text, text, text, text[])
  from public, anon, authenticated;

-- Element statistics for every token: the planner keeps up to ten times the target, and there
-- are thousands of companies beside the occupations, places and enumerations. Word frequencies
-- for free text: rare words through the GIN index, common ones by walking.
alter table public.jobs alter column search_facets set statistics 2000;
alter table public.jobs alter column search_vector set statistics 1000;

-- The walk: newest first, with everything a walk checks (expiry, facets, free text, salary).
create index jobs_search_walk_idx on public.jobs (listed_at desc, id desc)
  include (expires_at, search_facets, search_vector, salary_min_yearly, salary_max_yearly)
  where expired_at is null;

-- Every filter and the free text, intersected in one index scan.
create index jobs_search_idx on public.jobs using gin (search_facets, search_vector)
  where expired_at is null;
