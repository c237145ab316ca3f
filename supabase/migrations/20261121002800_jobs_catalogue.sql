-- The job catalogue, rich enough for every filter of spec section 7. Values use the product's
-- vocabulary (packages/contracts/src/job-filters.ts): importers map each feed onto it.
--
-- Locations: `locations` keeps each place as the feed gave it, normalised to
--   [{"name": "Berlin", "region": "Berlin", "countryCode": "DE"}, ...];
-- `country_codes` and `location_names` (lower-cased city/region names) repeat them as arrays so
-- the filter's two kinds of place are index lookups: a country (`isCountry`) matches
-- `country_codes`, a city matches `location_names` within its country.
-- `location` stays the one-line label shown on a card ("Berlin, Germany", "Remote").
-- Salaries: as published (min, max, currency, period) and as a yearly figure in the same
-- currency (`salary_min_yearly`, `salary_max_yearly`) for the minimum-salary filter.

alter table public.jobs
  add column normalized_title text,
  -- O*NET-SOC code of the occupation the title was normalised to ('15-1252.00').
  add column onet_code text,
  add column company_size text,
  add column industry text,
  add column locations jsonb not null default '[]'::jsonb,
  add column country_codes text[] not null default '{}',
  add column location_names text[] not null default '{}',
  add column work_location text,
  add column job_type text,
  add column experience_level text,
  add column education_level text,
  add column salary_min numeric(12, 2),
  add column salary_max numeric(12, 2),
  add column salary_currency text,
  add column salary_period text,
  add column salary_min_yearly integer,
  add column salary_max_yearly integer,
  add column benefits text[] not null default '{}',
  -- Skills named in the posting (O*NET technology skills found in the text).
  add column skills text[] not null default '{}',
  -- The posting as sanitised HTML; `description` holds it as plain text.
  add column description_html text,
  add column source_updated_at timestamptz,
  add column expires_at timestamptz,
  -- Set when the job left its feed or passed `expires_at`: expired jobs are never shown.
  add column expired_at timestamptz,
  -- When an import last saw the job in its feed.
  add column last_seen_at timestamptz,
  -- The same job seen from two sources: one identity (normalised company + title + place).
  add column dedupe_key text,
  add constraint jobs_company_size_known check (company_size is null or company_size in
    ('1-10', '11-50', '51-200', '201-500', '501-1000', '1001-5000', '5001+')),
  add constraint jobs_work_location_known check (work_location is null or work_location in
    ('REMOTE', 'HYBRID', 'ONSITE')),
  add constraint jobs_job_type_known check (job_type is null or job_type in
    ('FULL_TIME', 'PART_TIME', 'CONTRACT', 'TEMPORARY', 'INTERNSHIP')),
  add constraint jobs_experience_level_known check (experience_level is null or experience_level in
    ('INTERNSHIP', 'ENTRY_LEVEL', 'MID_LEVEL', 'SENIOR_LEVEL', 'LEAD', 'EXECUTIVE')),
  add constraint jobs_education_level_known check (education_level is null or education_level in
    ('NONE', 'HIGH_SCHOOL', 'ASSOCIATE', 'BACHELOR', 'MASTER', 'DOCTORATE')),
  add constraint jobs_salary_period_known check (salary_period is null or salary_period in
    ('YEAR', 'MONTH', 'WEEK', 'DAY', 'HOUR')),
  add constraint jobs_salary_currency_iso check (salary_currency is null or salary_currency ~ '^[A-Z]{3}$'),
  add constraint jobs_salary_range_ordered check (salary_min is null or salary_max is null or salary_min <= salary_max),
  add constraint jobs_locations_is_array check (jsonb_typeof(locations) = 'array');

-- The old free-text location becomes the first normalised place of existing rows.
update public.jobs
set locations = jsonb_build_array(jsonb_build_object('name', location)),
    location_names = array[lower(location)]
where location is not null;

create index jobs_dedupe_key_idx on public.jobs (dedupe_key) where dedupe_key is not null;
create index jobs_source_last_seen_idx on public.jobs (source, last_seen_at);
