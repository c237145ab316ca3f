-- The currency of the wizard's minimum salary (issue 13): "60k" means little without it. An ISO
-- 4217 code chosen on the minimum-salary step; null for answers given before it was asked.
alter table public.wizard
  add column minimum_salary_currency text,
  add constraint wizard_minimum_salary_currency_iso
    check (minimum_salary_currency is null or minimum_salary_currency ~ '^[A-Z]{3}$');

grant update (minimum_salary_currency) on public.wizard to authenticated;
