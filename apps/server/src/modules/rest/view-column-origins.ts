/**
 * Which base-table column each column of a view shows, read from the view's stored rewrite
 * rule (`pg_rewrite.ev_action`, PostgreSQL's node-tree text). The parser records, on every
 * output column of a query, the table column it was copied from (`resorigtbl`/`resorigcol`);
 * the schema cache uses these to give views the foreign keys of their base tables, so
 * `job_applications_with_job?select=*,jobs(*)` embeds like the table does.
 *
 * Only the top-level target list of the rule's query is read (subqueries in its range table
 * have their own, deeper in the tree). The text format escapes `(){}`, whitespace and `\` in
 * names with a backslash, so brackets that are not escaped are structure.
 */

export type ColumnOrigin = { tableOid: number; attnum: number }

type Token = { text: string; punctuation: boolean }

function* tokenize(text: string): Generator<Token> {
  let index = 0
  while (index < text.length) {
    const char = text.charAt(index)
    if (/\s/.test(char)) {
      index += 1
      continue
    }
    if ('(){}'.includes(char)) {
      yield { text: char, punctuation: true }
      index += 1
      continue
    }
    let token = ''
    while (index < text.length && !/\s/.test(text.charAt(index))) {
      let next = text.charAt(index)
      if ('(){}'.includes(next)) {
        break
      }
      if (next === '\\') {
        index += 1
        next = text.charAt(index)
      }
      token += next
      index += 1
    }
    yield { text: token, punctuation: false }
  }
}

/** The query node's fields sit inside `({QUERY …})`, its target entries two levels deeper. */
const QUERY_DEPTH = 2
const TARGET_ENTRY_DEPTH = 4

export function viewColumnOrigins(ruleAction: string): Map<string, ColumnOrigin> {
  const origins = new Map<string, ColumnOrigin>()
  let depth = 0
  let inTargetList = false
  let entry: Record<string, string> | null = null
  let pendingField: string | null = null

  for (const token of tokenize(ruleAction)) {
    if (token.punctuation && (token.text === '(' || token.text === '{')) {
      depth += 1
      pendingField = null
      if (inTargetList && depth === TARGET_ENTRY_DEPTH && token.text === '{') {
        entry = {}
      }
      continue
    }
    if (token.punctuation) {
      if (entry && depth === TARGET_ENTRY_DEPTH) {
        recordOrigin(origins, entry)
        entry = null
      }
      depth -= 1
      if (inTargetList && depth === QUERY_DEPTH) {
        return origins
      }
      continue
    }
    if (depth === QUERY_DEPTH) {
      // `:targetList <>` (no columns) leaves the flag set until the next field.
      inTargetList = token.text === ':targetList'
      continue
    }
    if (entry && depth === TARGET_ENTRY_DEPTH) {
      if (pendingField) {
        entry[pendingField] = token.text
        pendingField = null
      } else if (token.text.startsWith(':')) {
        pendingField = token.text.slice(1)
      }
    }
  }
  return origins
}

function recordOrigin(origins: Map<string, ColumnOrigin>, entry: Record<string, string>) {
  const tableOid = Number(entry.resorigtbl)
  const attnum = Number(entry.resorigcol)
  const name = entry.resname
  if (entry.resjunk === 'true' || !name || name === '<>' || !tableOid || !attnum) {
    return
  }
  origins.set(name, { tableOid, attnum })
}
