import pg from 'pg'
import { type Database, type Queryable, withTransaction } from '../../platform/db/pool.ts'
import { loadUserJson, type UserJson } from '../auth/index.ts'
import { findUserById } from '../auth/index.ts'
import { type ExportedSession, listSessionsForExport } from '../auth/index.ts'
import { listUserObjects } from '../storage/index.ts'

/**
 * What the account export (GET /api/account/export) holds about one user: their auth account
 * as GoTrue shows it to them, their sessions, every row of theirs in the public schema, and the
 * list of their stored files, read in one consistent snapshot.
 *
 * The rows are read as the owner, not under the user's RLS, because "everything we hold"
 * includes rows the user may not read through the API (the email outbox has no policy at all).
 * What counts as the user's is decided by the catalogue, so a new table is exported without a
 * change here: every public base table with a `user_id` column or a foreign key to `auth.users`,
 * filtered on those columns. These are exactly the tables `on delete cascade` empties when the
 * account is deleted, so what the export shows is what deleting the account removes. Tables
 * naming no user (the job catalogue, Stripe's webhook log) are left out.
 *
 * Never exported: password hashes, MFA secrets, refresh tokens and one-time tokens (the auth
 * tables that hold them are not read; the user JSON has none), and the columns listed in
 * `SECRET_COLUMNS`.
 */
export type ExportedFile = {
  bucket: string
  name: string
  /** Where the bytes are in the ZIP: `files/<bucket>/<name>`. */
  path: string
  size: number | null
  contentType: string | null
  createdAt: Date
  updatedAt: Date
}

export type AccountExport = {
  exportedAt: Date
  user: UserJson
  sessions: ExportedSession[]
  /** Table name → the user's rows, every column as stored (minus `SECRET_COLUMNS`). */
  tables: Record<string, Record<string, unknown>[]>
  files: ExportedFile[]
}

/**
 * Columns of user tables that are left out: an export file is often stored or shared
 * carelessly. The outbox keeps each email's rendered bodies and template data, which carry
 * one-time sign-in and upload links that would open the account (address, subject, template and
 * status are exported); the inbound address's token lets anyone write into the tracker.
 */
export const SECRET_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  emails: ['template_data', 'text_body', 'html_body'],
  // The private forwarding address's token: whoever has it can send mail into the tracker.
  inbound_email_addresses: ['token'],
}

/** A public table holding users' rows, and the columns that name the user. */
export type UserTable = { table: string; userColumns: string[] }

/** Every public base table with a `user_id` column or a foreign key to `auth.users`. */
export async function listUserTables(db: Queryable): Promise<UserTable[]> {
  const result = await db.query<{ table_name: string; user_columns: string[] }>(
    `with user_columns as (
       select c.table_name::text, c.column_name::text
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
         and c.column_name = 'user_id'
       union
       select cls.relname::text, att.attname::text
       from pg_constraint con
       join pg_class cls on cls.oid = con.conrelid
       join pg_namespace ns on ns.oid = cls.relnamespace
       join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
       where con.contype = 'f' and con.confrelid = 'auth.users'::regclass
         and ns.nspname = 'public' and cls.relkind = 'r'
     )
     select table_name, array_agg(column_name order by column_name) as user_columns
     from user_columns group by table_name order by table_name`,
  )
  return result.rows.map((row) => ({ table: row.table_name, userColumns: row.user_columns }))
}

/** The user's rows of one table, without its secret columns. */
export async function readUserRows(
  db: Queryable,
  { table, userColumns }: UserTable,
  userId: string,
): Promise<Record<string, unknown>[]> {
  const where = userColumns.map((column) => `${pg.escapeIdentifier(column)} = $1`).join(' or ')
  const result = await db.query<Record<string, unknown>>(
    `select * from public.${pg.escapeIdentifier(table)} where ${where}`,
    [userId],
  )
  const secret = SECRET_COLUMNS[table] ?? []
  return result.rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([column]) => !secret.includes(column))),
  )
}

/**
 * The user's storage objects (`listUserObjects`: the objects deleting the account removes).
 */
async function listUserFiles(db: Queryable, userId: string): Promise<ExportedFile[]> {
  const rows = await listUserObjects(db, userId)
  return rows.map((row) => ({
    bucket: row.bucket_id,
    name: row.name,
    path: `files/${row.bucket_id}/${row.name}`,
    size: row.size === null ? null : Number(row.size),
    contentType: row.content_type,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }))
}

/** Everything held about the user, or null when there is no such user (any more). */
export async function readAccountExport(
  db: Database,
  userId: string,
  now: Date,
): Promise<AccountExport | null> {
  return withTransaction(db, async (tx) => {
    // One snapshot for every read: a row changing meanwhile cannot appear twice or half.
    await tx.query('set transaction isolation level repeatable read, read only')
    const user = await findUserById(tx, userId)
    if (!user) {
      return null
    }
    const tables: AccountExport['tables'] = {}
    for (const userTable of await listUserTables(tx)) {
      tables[userTable.table] = await readUserRows(tx, userTable, userId)
    }
    return {
      exportedAt: now,
      user: await loadUserJson(tx, user),
      sessions: await listSessionsForExport(tx, userId),
      tables,
      files: await listUserFiles(tx, userId),
    }
  })
}
