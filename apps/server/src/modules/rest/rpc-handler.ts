/**
 * `/rpc/<fn>` (protocol §2.3): calls a function of the exposed schema with named arguments,
 * from a JSON object body (POST) or from query parameters (GET/HEAD, always read only). The
 * overload is the one whose parameters the arguments name (404 PGRST202 if none, 300 PGRST203
 * if several); a function with a single unnamed json/jsonb parameter takes the whole body. A
 * scalar result is answered as its JSON value, `setof` a scalar as an array, and composite
 * results as rows that `select`, filters, order and ranges apply to, like a table's. POST runs
 * read-write only for volatile functions.
 */
import { invalidBodyError, RestError } from './errors.ts'
import { parseJsonBody } from './payload.ts'
import { parseQuery, type QueryAst } from './query-grammar.ts'
import { planRead } from './read-plan.ts'
import {
  execute,
  headerValue,
  pageRange,
  type QueryOutcome,
  type RestContext,
  type RestRequest,
  type RestResponse,
} from './rest-context.ts'
import { contentTypeFor } from './request-headers.ts'
import type { Relation, Routine, SchemaCache } from './schema-cache.ts'
import { closestName, similarity } from './similar-names.ts'
import {
  buildRead,
  buildScalarCall,
  buildScalarSetCall,
  createSqlContext,
  routineCall,
  routineSource,
  type Statement,
} from './sql-builder.ts'
import { readResponse } from './table-handlers.ts'

/** Types a function's single unnamed parameter may have to be callable (PostgREST's rule). */
const UNNAMED_PARAMETER_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea'])

/**
 * Whether `/rpc` can call the function: every parameter named, or a single unnamed one of a
 * type a body can be (PostgREST leaves the others out of its schema cache).
 */
export function isCallable(routine: Routine): boolean {
  const [only, ...others] = routine.parameters
  if (routine.parameters.every((parameter) => parameter.name !== '')) {
    return true
  }
  return !!only && others.length === 0 && UNNAMED_PARAMETER_TYPES.has(only.type)
}

function takesWholeBody(routine: Routine): boolean {
  const [only, ...others] = routine.parameters
  return (
    !!only &&
    others.length === 0 &&
    only.name === '' &&
    (only.type === 'json' || only.type === 'jsonb')
  )
}

/** The overloads `/rpc` may call, in PostgREST's order (fewest parameters, then by types). */
function callableOverloads(schema: SchemaCache, name: string): Routine[] {
  const key = (routine: Routine) => routine.parameters.map((p) => p.type).join(',')
  return (schema.routines.get(name) ?? [])
    .filter(isCallable)
    .sort(
      (a, b) =>
        a.parameters.length - b.parameters.length ||
        (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0),
    )
}

function callableNames(schema: SchemaCache): string[] {
  return [...schema.routines.entries()]
    .filter(([, routines]) => routines.some(isCallable))
    .map(([name]) => name)
}

function signature(routine: Routine): string {
  return `(${routine.parameters
    .map((parameter) => parameter.name)
    .sort()
    .join(', ')})`
}

function noRoutineError(
  schema: SchemaCache,
  name: string,
  argumentNames: string[],
  overloads: Routine[],
  jsonBody: boolean,
): RestError {
  const qualified = `${schema.schema}.${name}`
  const sorted = [...argumentNames].sort()
  const withParameters = sorted.length
    ? ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`
    : ' without parameters'
  const orJson = jsonBody ? ' or with a single unnamed json/jsonb parameter' : ''
  let hint: string | null = null
  if (overloads.length) {
    const given = `(${sorted.join(', ')})`
    const closest = [...overloads].sort(
      (a, b) => similarity(given, signature(b)) - similarity(given, signature(a)),
    )[0]
    hint = closest
      ? `Perhaps you meant to call the function ${qualified}${signature(closest)}`
      : null
  } else {
    const suggestion = closestName(name, callableNames(schema))
    hint = suggestion
      ? `Perhaps you meant to call the function ${schema.schema}.${suggestion}`
      : null
  }
  return new RestError(
    404,
    'PGRST202',
    `Could not find the function ${qualified}${sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    {
      details: `Searched for the function ${qualified}${withParameters}${orJson}, but no matches were found in the schema cache.`,
      hint,
      schemaMiss: true,
    },
  )
}

/**
 * Whether the argument names call this overload: every parameter without a default named,
 * and nothing named that is not a parameter (PostgREST's matching).
 */
function matchesArguments(routine: Routine, argumentNames: string[]): boolean {
  if (routine.parameters.length === 0) {
    return argumentNames.length === 0
  }
  const names = new Set(routine.parameters.map((parameter) => parameter.name))
  return (
    argumentNames.every((argument) => names.has(argument)) &&
    routine.parameters.every((p) => p.hasDefault || argumentNames.includes(p.name))
  )
}

function ambiguousError(schema: SchemaCache, candidates: Routine[]): RestError {
  const describe = (routine: Routine) =>
    `${schema.schema}.${routine.name}(${routine.parameters.map((p) => `${p.name} => ${p.type}`).join(', ')})`
  return new RestError(
    300,
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates.map(describe).join(', ')}`,
    {
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    },
  )
}

/** The overload the argument names call, or the one taking the whole JSON body. */
function chooseRoutine(
  schema: SchemaCache,
  name: string,
  argumentNames: string[],
  jsonBody: boolean,
): { routine: Routine; wholeBody: boolean } {
  const overloads = callableOverloads(schema, name)
  const matching = overloads.filter((routine) => matchesArguments(routine, argumentNames))
  const [only, ...others] = matching
  if (others.length) {
    throw ambiguousError(schema, matching)
  }
  if (only) {
    return { routine: only, wholeBody: takesWholeBody(only) && argumentNames[0] !== '' }
  }
  const wholeBodyRoutines = jsonBody ? overloads.filter(takesWholeBody) : []
  const [wholeBodyRoutine, ...otherWholeBody] = wholeBodyRoutines
  if (otherWholeBody.length) {
    throw ambiguousError(schema, wholeBodyRoutines)
  }
  if (wholeBodyRoutine) {
    return { routine: wholeBodyRoutine, wholeBody: true }
  }
  throw noRoutineError(schema, name, argumentNames, overloads, jsonBody)
}

/**
 * A function's composite result seen as a relation, so reads can be planned against it: the
 * exposed relation it returns rows of (its relationships then embed), else its columns.
 */
function resultRelation(schema: SchemaCache, routine: Routine): Relation {
  const returned = routine.returnRelation ? schema.relations.get(routine.returnRelation) : null
  if (returned) {
    return returned
  }
  const columns = routine.returnColumns ?? []
  return {
    name: routine.name,
    kind: 'view',
    columns,
    columnsByName: new Map(columns.map((column) => [column.name, column])),
    primaryKey: [],
    writable: { insert: false, update: false, delete: false },
  }
}

type Call = {
  ast: QueryAst
  /** The body (POST) or the arguments as a JSON object (GET). */
  argumentsJson: string
  argumentNames: string[]
  jsonBody: boolean
}

function readCall(request: RestRequest, schema: SchemaCache, name: string): Call {
  if (request.method === 'POST') {
    const body = parseJsonBody(request.body, headerValue(request, 'content-type'), {})
    const isObject = typeof body === 'object' && body !== null && !Array.isArray(body)
    const hasWholeBodyOverload = callableOverloads(schema, name).some(takesWholeBody)
    if (!isObject && !hasWholeBodyOverload) {
      throw invalidBodyError()
    }
    return {
      ast: parseQuery(request.query),
      argumentsJson: request.body?.trim() ? request.body : '{}',
      argumentNames: isObject ? Object.keys(body) : [],
      jsonBody: true,
    }
  }
  const parameterNames = new Set(
    callableOverloads(schema, name).flatMap((routine) => routine.parameters.map((p) => p.name)),
  )
  const ast = parseQuery(request.query, { isArgument: (key) => parameterNames.has(key) })
  return {
    ast,
    argumentsJson: JSON.stringify(Object.fromEntries(ast.arguments)),
    argumentNames: [...new Set(ast.arguments.map(([key]) => key))],
    jsonBody: false,
  }
}

export async function callFunction(
  ctx: RestContext,
  request: RestRequest,
  name: string,
): Promise<RestResponse> {
  const result = await ctx.schemaCache.withSchema(async (schema) => {
    const call = readCall(request, schema, name)
    const { routine, wholeBody } = chooseRoutine(schema, name, call.argumentNames, call.jsonBody)
    const readOnly = request.method !== 'POST' || routine.volatility !== 'volatile'
    const sql = createSqlContext(ctx.schema)
    const invocation = routineCall(
      sql,
      routine,
      wholeBody
        ? { wholeBody: call.argumentsJson }
        : { names: call.argumentNames, json: call.argumentsJson },
    )
    const rootRange = call.ast.ranges.find((range) => range.path.length === 0)
    const { offset, limit } = pageRange(ctx, request, {
      offset: rootRange?.offset ?? 0,
      limit: rootRange?.limit ?? null,
    })
    let statement: Statement
    const count = request.preferences.count !== null
    if (routine.returnColumns) {
      const root = planRead(schema, resultRelation(schema, routine), call.ast, {
        aggregatesEnabled: ctx.settings.aggregatesEnabled,
      })
      root.offset = offset
      root.limit = limit
      statement = buildRead(sql, root, routineSource(sql, invocation), {
        count,
        head: request.method === 'HEAD',
        stripNulls: request.shape.stripNulls,
        csv: request.shape.csv,
      })
    } else if (routine.returnsSet) {
      statement = buildScalarSetCall(sql, invocation, { offset, limit }, count)
    } else {
      statement = buildScalarCall(sql, invocation, count)
    }
    const { preferences } = request
    const outcome = await execute(ctx, request, statement, {
      readOnly,
      // max-affected with handling=strict bounds the rows a function returns (PGRST124).
      check: !(preferences.handling === 'strict' && preferences.maxAffected !== null)
        ? undefined
        : (result) => {
            if (
              preferences.handling === 'strict' &&
              preferences.maxAffected !== null &&
              result.pageTotal > preferences.maxAffected
            ) {
              throw new RestError(
                400,
                'PGRST124',
                'Query result exceeds max-affected preference constraint',
                { details: `The query affects ${result.pageTotal} rows` },
              )
            }
          },
    })
    return { outcome, routine, offset }
  })
  return callResponse(request, result)
}

function callResponse(
  request: RestRequest,
  { outcome, routine, offset }: { outcome: QueryOutcome; routine: Routine; offset: number },
): RestResponse {
  if (routine.returnsSet) {
    return readResponse(request, outcome, offset)
  }
  if (routine.returnType === 'void') {
    // As PostgREST: a function returning nothing answers 204 without a body.
    return { status: 204, headers: {}, body: null }
  }
  const headers: Record<string, string> = {
    'content-type': contentTypeFor({ single: false, stripNulls: false }),
  }
  if (outcome.total !== null) {
    headers['content-range'] = `0-0/${outcome.total}`
  }
  if (request.method === 'HEAD') {
    return { status: 200, headers, body: null }
  }
  if (routine.returnColumns) {
    // One composite value: the object itself, not a one-element array.
    const body = outcome.body ?? '[]'
    const object = body.slice(body.indexOf('[') + 1, body.lastIndexOf(']')).trim()
    return { status: 200, headers, body: object || 'null' }
  }
  return { status: 200, headers, body: outcome.body ?? 'null' }
}
