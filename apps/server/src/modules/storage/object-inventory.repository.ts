import type { Queryable } from '../../platform/db/pool.ts'
import type { ObjectLocation } from './byte-store.ts'

/**
 * Every stored object's place, for whole-install tools (`npm run backup` / `restore`): runs on
 * the caller's connection (a backup's snapshot, a restore's transaction) as its owner, not as
 * a user: no row-level security applies to these.
 */

/** A page of objects after `after` (by bucket, then name), in that order. */
export async function listObjectLocations(
  db: Queryable,
  after: ObjectLocation | null,
  limit: number,
): Promise<ObjectLocation[]> {
  const { rows } = await db.query<{ bucket: string; name: string }>(
    `select bucket_id as bucket, name from storage.objects
     where $1::text is null or (bucket_id, name) > ($1::text, $2::text)
     order by bucket_id, name limit $3`,
    [after?.bucket ?? null, after?.name ?? null, limit],
  )
  return rows
}

/** Forgets the rows of objects whose bytes are gone (deleted while a backup ran). */
export async function forgetObjectRows(db: Queryable, locations: ObjectLocation[]): Promise<void> {
  if (locations.length === 0) {
    return
  }
  await db.query(
    `delete from storage.objects o using unnest($1::text[], $2::text[]) as gone(bucket, name)
     where o.bucket_id = gone.bucket and o.name = gone.name`,
    [locations.map((location) => location.bucket), locations.map((location) => location.name)],
  )
}
