import type { Queryable } from '../../platform/db/pool.ts'
import type { BucketRules } from './bucket-rules.ts'

/**
 * SQL on `storage.buckets` and `storage.objects`. Every function runs on the caller's
 * connection, inside the transaction that set the request's role and claims, so row-level
 * security filters reads and refuses writes; nothing here checks access itself.
 */

/** What Supabase keeps in `metadata` (the object's HTTP properties). */
export type ObjectMetadata = {
  eTag: string
  size: number
  mimetype: string
  cacheControl: string
  lastModified: string
  contentLength: number
  httpStatusCode: number
}

export type ObjectRow = {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  created_at: Date
  updated_at: Date
  last_accessed_at: Date
}

export type BucketRow = {
  id: string
  name: string
  owner: string | null
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: Date
  updated_at: Date
}

const OBJECT_COLUMNS = `id, bucket_id, name, owner, owner_id, version, metadata, user_metadata,
  created_at, updated_at, last_accessed_at`
const BUCKET_COLUMNS = `id, name, owner, public, file_size_limit::float8 as file_size_limit,
  allowed_mime_types, created_at, updated_at`

export function rulesOf(bucket: BucketRow): BucketRules {
  return {
    id: bucket.id,
    fileSizeLimit: bucket.file_size_limit,
    allowedMimeTypes: bucket.allowed_mime_types,
  }
}

/** The statement that reads one bucket's row: run alone, in one round trip, by uploads. */
export function findBucketStatement(id: string) {
  return { text: `select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, values: [id] }
}

export async function findBucket(db: Queryable, id: string): Promise<BucketRow | null> {
  const { text, values } = findBucketStatement(id)
  const result = await db.query<BucketRow>(text, values)
  return result.rows[0] ?? null
}

export const BUCKET_SORT_COLUMNS = ['id', 'name', 'created_at', 'updated_at'] as const

export type BucketListOptions = {
  search: string | null
  sortColumn: (typeof BUCKET_SORT_COLUMNS)[number]
  sortOrder: 'asc' | 'desc'
  limit: number | null
  offset: number
}

export async function listBuckets(db: Queryable, options: BucketListOptions) {
  // The column and order come from closed lists; values are bound.
  const result = await db.query<BucketRow>(
    `select ${BUCKET_COLUMNS} from storage.buckets
     where $1::text is null or name ilike '%' || $1 || '%'
     order by ${options.sortColumn} ${options.sortOrder}
     limit $2 offset $3`,
    [options.search, options.limit, options.offset],
  )
  return result.rows
}

export type BucketValues = {
  id: string
  /** The token's `sub` when it is a user id (Supabase keeps it as the bucket's owner). */
  owner: string | null
  public: boolean
  fileSizeLimit: number | null
  allowedMimeTypes: string[] | null
}

/** Inserts a bucket as the caller (row-level security decides); its id is also its name. */
export async function insertBucket(db: Queryable, values: BucketValues): Promise<void> {
  await db.query(
    `insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types)
     values ($1, $1, $2, $3, $4, $5)`,
    [
      values.id,
      values.owner && UUID.test(values.owner) ? values.owner : null,
      values.public,
      values.fileSizeLimit,
      values.allowedMimeTypes,
    ],
  )
}

/** A bucket's settings to change; an absent field stays as it is. */
export type BucketChanges = {
  public?: boolean
  fileSizeLimit?: number | null
  allowedMimeTypes?: string[] | null
}

/** Changes a bucket the caller may update; false when they see no such bucket. */
export async function updateBucket(
  db: Queryable,
  id: string,
  changes: BucketChanges,
): Promise<boolean> {
  const result = await db.query(
    `update storage.buckets set
       public = case when $2 then $3 else public end,
       file_size_limit = case when $4 then $5 else file_size_limit end,
       allowed_mime_types = case when $6 then $7 else allowed_mime_types end,
       updated_at = now()
     where id = $1`,
    [
      id,
      changes.public !== undefined,
      changes.public ?? null,
      changes.fileSizeLimit !== undefined,
      changes.fileSizeLimit ?? null,
      changes.allowedMimeTypes !== undefined,
      changes.allowedMimeTypes ?? null,
    ],
  )
  return result.rowCount === 1
}

/**
 * Deletes a bucket the caller may delete; false when they see no such bucket. A bucket that
 * still holds objects is refused by the foreign key of `storage.objects` (23503), whoever
 * the caller sees of them.
 */
export async function deleteBucketRow(db: Queryable, id: string): Promise<boolean> {
  const result = await db.query(`delete from storage.buckets where id = $1`, [id])
  return result.rowCount === 1
}

/**
 * Deletes, of the next `limit` objects of the bucket after the name `after` that the caller
 * sees, those they may delete. Returns the names deleted and the last name looked at (null
 * once there is none left to look at), so a caller walks the bucket batch by batch even past
 * objects it may see but not delete.
 */
export async function deleteObjectBatch(
  db: Queryable,
  bucket: string,
  after: string,
  limit: number,
): Promise<{ deleted: string[]; last: string | null }> {
  const result = await db.query<{ deleted: string[]; last: string | null }>(
    `with batch as (
       select id, name from storage.objects
       where bucket_id = $1 and name collate "C" > $2
       order by name collate "C" limit $3
     ), deleted as (
       delete from storage.objects o using batch where o.id = batch.id returning o.name
     )
     select coalesce((select array_agg(name) from deleted), '{}') as deleted,
            (select name from batch order by name collate "C" desc limit 1) as last`,
    [bucket, after, limit],
  )
  return result.rows[0] ?? { deleted: [], last: null }
}

/** The statement that reads one object's row: run alone, in one round trip, by downloads. */
export function findObjectStatement(bucket: string, name: string) {
  return {
    text: `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`,
    values: [bucket, name],
  }
}

export async function findObject(
  db: Queryable,
  bucket: string,
  name: string,
): Promise<ObjectRow | null> {
  const { text, values } = findObjectStatement(bucket, name)
  const result = await db.query<ObjectRow>(text, values)
  return result.rows[0] ?? null
}

export async function findObjects(
  db: Queryable,
  bucket: string,
  names: string[],
): Promise<ObjectRow[]> {
  const result = await db.query<ObjectRow>(
    `select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = any($2)`,
    [bucket, names],
  )
  return result.rows
}

export type ObjectValues = {
  bucket: string
  name: string
  /** The token's `sub`; `owner` (uuid) takes it only when it is a user id. */
  owner: string | null
  version: string
  metadata: ObjectMetadata
  userMetadata: Record<string, unknown> | null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function objectWrite(values: ObjectValues, options: { upsert: boolean }) {
  const onConflict = options.upsert
    ? `on conflict (bucket_id, name) do update set
         owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version,
         metadata = excluded.metadata, user_metadata = excluded.user_metadata,
         updated_at = now(), last_accessed_at = now()`
    : ''
  return {
    text: `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
     values ($1, $2, $3, $4, $5, $6, $7)
     ${onConflict}
     returning ${OBJECT_COLUMNS}`,
    values: [
      values.bucket,
      values.name,
      values.owner && UUID.test(values.owner) ? values.owner : null,
      values.owner,
      values.version,
      values.metadata,
      values.userMetadata,
    ],
  }
}

/** Inserts the object's row; with `upsert`, replaces the row already at that name. */
export async function writeObjectRow(
  db: Queryable,
  values: ObjectValues,
  options: { upsert: boolean },
): Promise<ObjectRow> {
  const { text, values: params } = objectWrite(values, options)
  const result = await db.query<ObjectRow>(text, params)
  const row = result.rows[0]
  if (!row) {
    throw new Error('insert into storage.objects returned no row')
  }
  return row
}

/** SQLSTATE of the write probe's deliberate failure: the write itself was allowed. */
export const WRITE_PROBE_ALLOWED = '22012'

/**
 * The object row's write, tried and undone in one statement: it fails with SQLSTATE
 * `WRITE_PROBE_ALLOWED` (a division by the number of rows written minus itself, evaluated
 * only once the write has run) when the write itself would succeed, and with the write's own
 * error (row-level security, an existing object) when it would not. Run alone in an implicit
 * transaction, the failure rolls everything back: nothing is ever written.
 */
export function objectWriteProbeStatement(values: ObjectValues, options: { upsert: boolean }) {
  const write = objectWrite(values, options)
  return {
    text: `with written as (${write.text})
     select 1 / (count(*) - count(*))::int as never from written`,
    values: write.values,
  }
}

export async function deleteObjects(
  db: Queryable,
  bucket: string,
  names: string[],
): Promise<ObjectRow[]> {
  const result = await db.query<ObjectRow>(
    `delete from storage.objects where bucket_id = $1 and name = any($2)
     returning ${OBJECT_COLUMNS}`,
    [bucket, names],
  )
  return result.rows
}

/** Gives an object a new bucket and name; null when the caller sees no such object. */
export async function renameObject(
  db: Queryable,
  from: { bucket: string; name: string },
  to: { bucket: string; name: string; owner: string | null },
): Promise<ObjectRow | null> {
  const result = await db.query<ObjectRow>(
    `update storage.objects
     set bucket_id = $3, name = $4, owner = $5, owner_id = $6, updated_at = now()
     where bucket_id = $1 and name = $2
     returning ${OBJECT_COLUMNS}`,
    [
      from.bucket,
      from.name,
      to.bucket,
      to.name,
      to.owner && UUID.test(to.owner) ? to.owner : null,
      to.owner,
    ],
  )
  return result.rows[0] ?? null
}

export const OBJECT_SORT_COLUMNS = ['name', 'updated_at', 'created_at', 'last_accessed_at'] as const

export type FolderListOptions = {
  /** The folder, '' for the bucket's top level; it ends with '/' otherwise. */
  folder: string
  search: string
  limit: number
  offset: number
  sortBy: { column: (typeof OBJECT_SORT_COLUMNS)[number]; order: 'asc' | 'desc' }
}

export type ListEntry = {
  name: string
  id: string | null
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  metadata: ObjectMetadata | null
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`)
}

/**
 * One level of a folder, as Supabase's `storage.search` lists it: first the sub-folders
 * holding objects the caller sees (entries whose id and metadata are null), then the objects,
 * by the chosen column; `search` matches the start of names, case-insensitively.
 */
export async function listFolder(
  db: Queryable,
  bucket: string,
  options: FolderListOptions,
): Promise<ListEntry[]> {
  const column = options.sortBy.column === 'name' ? 'name collate "C"' : options.sortBy.column
  const order = options.sortBy.order
  const result = await db.query<ListEntry>(
    `with matching as (
       select id, updated_at, created_at, last_accessed_at, metadata,
              substr(name, char_length($2) + 1) as rest
       from storage.objects
       where bucket_id = $1 and name ilike $3 escape '\\'
     ), entries as (
       select split_part(rest, '/', 1) as name, null::uuid as id,
              null::timestamptz as updated_at, null::timestamptz as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata, true as is_folder
       from matching where strpos(rest, '/') > 0
       group by 1
       union all
       select rest, id, updated_at, created_at, last_accessed_at, metadata, false
       from matching where strpos(rest, '/') = 0
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata
     from entries
     order by is_folder desc, case when is_folder then name end collate "C" ${order},
              ${column} ${order}, name collate "C" ${order}
     limit $4 offset $5`,
    [
      bucket,
      options.folder,
      `${escapeLike(options.folder + options.search)}%`,
      options.limit,
      options.offset,
    ],
  )
  return result.rows
}

/**
 * Whether `bucket` holds `name`, locking its row until the transaction ends: two requests about
 * the same file then take turns (a product row recorded for an uploaded file, say).
 */
export async function lockObjectRow(tx: Queryable, bucket: string, name: string): Promise<boolean> {
  const result = await tx.query(
    `select 1 from storage.objects where bucket_id = $1 and name = $2 for no key update`,
    [bucket, name],
  )
  return result.rowCount === 1
}

/** A user's stored object as the account export and deletion see it. */
export type UserObject = {
  bucket_id: string
  name: string
  size: string | null
  content_type: string | null
  created_at: Date
  updated_at: Date
}

/**
 * The user's objects: every object in their folder `<user id>/…` of any bucket, and any other
 * object they own. Ordered by bucket and name.
 */
export async function listUserObjects(db: Queryable, userId: string): Promise<UserObject[]> {
  const result = await db.query<UserObject>(
    `select bucket_id, name, metadata ->> 'size' as size,
       metadata ->> 'mimetype' as content_type, created_at, updated_at
     from storage.objects
     where name like $1 or owner = $2 or owner_id = $3
     order by bucket_id, name`,
    [`${userId}/%`, userId, userId],
  )
  return result.rows
}

/** Deletes the rows of the user's objects (as `listUserObjects` finds them); returns them. */
export async function deleteUserObjectRows(
  tx: Queryable,
  userId: string,
): Promise<{ bucket_id: string; name: string }[]> {
  const deleted = await tx.query<{ bucket_id: string; name: string }>(
    `delete from storage.objects
     where name like $1 or owner = $2 or owner_id = $3
     returning bucket_id, name`,
    [`${userId}/%`, userId, userId],
  )
  return deleted.rows
}

export async function listBucketIds(db: Queryable): Promise<string[]> {
  const result = await db.query<{ id: string }>('select id from storage.buckets')
  return result.rows.map((bucket) => bucket.id)
}

/**
 * Spends a signed upload URL's token (`storage.spent_upload_tokens`, one row per token id
 * until it expires) in the transaction that writes its object: true when this call spent it,
 * false when it was spent already. A concurrent upload with the same token waits on this row
 * and, once this transaction commits, finds it spent; if this one rolls back, the token still
 * works. Rows of expired tokens are cleared on the way, a hundred at a time.
 */
export async function consumeUploadToken(
  tx: Queryable,
  token: { id: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await tx.query(
    `delete from storage.spent_upload_tokens where token_id in (
       select token_id from storage.spent_upload_tokens where expires_at < $1
       limit 100 for update skip locked)`,
    [now],
  )
  const spent = await tx.query(
    `insert into storage.spent_upload_tokens (token_id, expires_at) values ($1, $2)
     on conflict (token_id) do nothing`,
    [token.id, token.expiresAt],
  )
  return spent.rowCount === 1
}

/** Whether a signed upload URL's token was spent (checked before its body is read). */
export async function isUploadTokenSpent(db: Queryable, tokenId: string): Promise<boolean> {
  const result = await db.query(`select 1 from storage.spent_upload_tokens where token_id = $1`, [
    tokenId,
  ])
  return result.rowCount === 1
}

export const OBJECT_V2_SORT_COLUMNS = ['name', 'updated_at', 'created_at'] as const

/** Where the previous page ended: its last entry (folder or object) and its sort value. */
export type ListCursor = { folder: boolean; value: string | null; name: string }

export type ObjectListOptions = {
  /** Names start with it (not necessarily a folder); '' for the whole bucket. */
  prefix: string
  /** Group names by '/' after the prefix into folders, as S3's delimiter does. */
  withDelimiter: boolean
  limit: number
  cursor: ListCursor | null
  sortBy: { column: (typeof OBJECT_V2_SORT_COLUMNS)[number]; order: 'asc' | 'desc' }
}

export type ListV2Entry = {
  name: string
  id: string | null
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  metadata: ObjectMetadata | null
  is_folder: boolean
  /** The sort column's value as text (exact, microseconds kept), for the next cursor. */
  sort_value: string | null
}

/**
 * A page of `list-v2` (one more entry than `limit`, to tell whether another page follows):
 * with the delimiter, first the folders directly under the prefix (names ending in '/', by
 * name), then the objects there; without it, every object whose name starts with the prefix.
 * Objects sort by the chosen column, then name; the cursor is the last entry of the previous
 * page, so pages neither skip nor repeat entries when objects are added or removed between
 * them.
 */
export async function listObjectsPage(
  db: Queryable,
  bucket: string,
  options: ObjectListOptions,
): Promise<ListV2Entry[]> {
  // The column and direction come from closed lists; every value is bound.
  const column = options.sortBy.column
  const sortColumn = column === 'name' ? 'name collate "C"' : column
  const cursorValue = column === 'name' ? '$6::text' : '$6::timestamptz'
  const order = options.sortBy.order
  const after = order === 'asc' ? '>' : '<'
  const result = await db.query<ListV2Entry>(
    `with matching as (
       select id, name, updated_at, created_at, last_accessed_at, metadata,
              substr(name, char_length($2) + 1) as rest
       from storage.objects
       where bucket_id = $1 and name like $3 escape '\\'
     ), entries as (
       select $2 || split_part(rest, '/', 1) || '/' as name, null::uuid as id,
              null::timestamptz as updated_at, null::timestamptz as created_at,
              null::timestamptz as last_accessed_at, null::jsonb as metadata, true as is_folder
       from matching where $4 and strpos(rest, '/') > 0
       group by 1
       union all
       select name, id, updated_at, created_at, last_accessed_at, metadata, false
       from matching where not $4 or strpos(rest, '/') = 0
     )
     select name, id, updated_at, created_at, last_accessed_at, metadata, is_folder,
            case when is_folder then null else ${column}::text end as sort_value
     from entries
     where $5::boolean is null
        or ($5 and ((is_folder and name collate "C" ${after} $7) or not is_folder))
        or (not $5 and not is_folder and (${sortColumn}, name collate "C") ${after} (${cursorValue}, $7))
     order by is_folder desc, case when is_folder then name end collate "C" ${order},
              ${sortColumn} ${order}, name collate "C" ${order}
     limit $8`,
    [
      bucket,
      options.prefix,
      `${escapeLike(options.prefix)}%`,
      options.withDelimiter,
      options.cursor ? options.cursor.folder : null,
      options.cursor?.value ?? null,
      options.cursor?.name ?? null,
      options.limit + 1,
    ],
  )
  return result.rows
}
