-- Bucket management through /storage/v1 (issue 20): POST/PUT/DELETE /bucket and
-- POST /bucket/{id}/empty run as the request's role, as Supabase Storage does, so row-level
-- security on storage.buckets decides. anon and authenticated get the table privileges a
-- hosted project gives them; with no policy allowing it (the default here, as on a new
-- Supabase project) every insert, update and delete of theirs is refused, and the service
-- role, which bypasses row-level security, manages buckets. A project grants users bucket
-- management by adding a policy, never by changing these grants.

grant insert, update, delete on storage.buckets to anon, authenticated;
