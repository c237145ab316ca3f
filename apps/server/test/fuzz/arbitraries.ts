/**
 * fast-check arbitraries of malformed (and sometimes well-formed) requests to one route: its
 * parameters filled with hostile text, hostile query strings, headers and bodies. What a
 * careless client, a scanner and an attacker send; each must get a 2xx, a 3xx or a 4xx with a
 * code, never a 5xx.
 */
import fc from 'fast-check'
import { parametersOf, type RoutePattern } from './route-table.ts'

/** One request as the driver sends it. */
export type FuzzRequest = {
  /** `METHOD /pattern` of the route it was made for (the report groups by it). */
  route: string
  method: string
  /** Path and query as sent on the request line: may hold malformed escapes on purpose. */
  target: string
  /** Header values are Latin-1 strings: each character is one byte on the wire. */
  headers: Record<string, string>
  body: Buffer | null
  /** Sent over a bare socket: bytes http.request refuses to write (control characters). */
  raw: boolean
}

/** What the fuzz knows of the app under test, to make some requests well-formed enough. */
export type FuzzContext = {
  userId: string
  email: string
  /** Open jobs of the catalogue, so that swipes, reports and alerts can go all the way. */
  jobIds: string[]
  /** Bearer tokens: a user's, and the API keys. */
  userToken: () => string
  anonKey: string
  serviceRoleKey: string
  /** An expired or foreign token signed with the right secret (valid signature, wrong use). */
  expiredToken: string
}

const HOSTILE_TEXT = [
  '',
  '%20',
  '+',
  '%00',
  'a%00b',
  '%zz',
  '%',
  '%C3%28',
  '%ED%A0%80',
  '%C0%80',
  '%FF%FE',
  '%E2%82',
  '..',
  '%2e%2e',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%2F',
  '__proto__',
  'constructor',
  'prototype',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '-0',
  '99999999999999999999999999',
  '9223372036854775808',
  '2147483648',
  '%27%3B%20select%20pg_sleep(1)--',
  '%27',
  '%22',
  '%5C',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '%F0%9F%98%80',
  'caf%C3%A9',
  '%E2%80%AE',
  '%EF%BB%BF',
  '(',
  ')',
  '((((((((',
  'eq.',
  'in.(',
  'a'.repeat(300),
  'x'.repeat(3000),
]

const encode = (text: string) => {
  try {
    return encodeURIComponent(text)
  } catch {
    // A lone surrogate cannot be encoded as UTF-8: send it as the broken escape it would be.
    return '%ED%A0%80'
  }
}

/** URL-encoded text: hostile constants, any Unicode, any code unit (control characters, NUL). */
export const urlText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map(encode) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map(encode) },
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.double().map((value) => encode(String(value))) },
  { weight: 1, arbitrary: fc.uuid().map(String) },
)

const TABLES = [
  'jobs',
  'job_alerts',
  'profiles',
  'wizard',
  'swipes',
  'job_applications',
  'job_application_events',
  'job_applications_with_job',
  'professional_profiles',
  'latest_professional_profiles',
  'credit_balances',
  'credit_ledger',
  'interviews',
  'emails',
  'nope',
]
const FUNCTIONS = ['does_email_exist', 'credit_period', 'nope']
const BUCKETS = ['resumes', 'cover-letters', 'interviews', 'resume-analysis', 'avatars', 'nope']

/** A value a parameter might well take, to get past the first checks. */
function plausibleParameter(name: string, context: FuzzContext): fc.Arbitrary<string> {
  switch (name) {
    case 'name':
      return fc.constantFrom(...TABLES, ...FUNCTIONS)
    case 'bucket':
      return fc.constantFrom(...BUCKETS)
    case 'id':
      return fc.oneof(fc.constantFrom(...BUCKETS, ...context.jobIds), fc.uuid().map(String))
    case 'userId':
      return fc.oneof(fc.constant(context.userId), fc.uuid().map(String))
    case '*':
      return fc.oneof(
        fc.constant(`${context.userId}/resume.pdf`),
        fc.tuple(fc.constant(context.userId), urlText).map(([user, file]) => `${user}/${file}`),
        fc.constantFrom('a/b/c', '../../x', 'x%2F..%2Fy', `${context.userId}/`),
      )
    default:
      return fc.uuid().map(String)
  }
}

function fillPath(route: RoutePattern, context: FuzzContext): fc.Arbitrary<string> {
  const names = parametersOf(route.path)
  if (names.length === 0) {
    return fc.oneof(
      { weight: 8, arbitrary: fc.constant(route.path) },
      // The same path, a little wrong: a trailing slash, a doubled one, an extra segment.
      { weight: 1, arbitrary: fc.constantFrom(`${route.path}/`, `${route.path}//x`) },
      { weight: 1, arbitrary: urlText.map((segment) => `${route.path}/${segment}`) },
    )
  }
  const values = names.map((name) =>
    fc.oneof(
      { weight: 3, arbitrary: plausibleParameter(name, context) },
      { weight: 2, arbitrary: urlText },
    ),
  )
  return fc.tuple(...values).map((filled) => {
    let index = 0
    return route.path.replace(/:\w+|\*/g, () => filled[index++] ?? '')
  })
}

/** The query keys and body fields each family of routes reads. */
type Vocabulary = { query: string[]; body: string[] }

const VOCABULARIES: [RegExp, Vocabulary][] = [
  [
    /^\/auth\/v1\/token/,
    {
      query: ['grant_type'],
      body: [
        'email',
        'password',
        'refresh_token',
        'auth_code',
        'code_verifier',
        'id_token',
        'provider',
        'nonce',
        'access_token',
        'phone',
        'gotrue_meta_security',
      ],
    },
  ],
  [
    /^\/auth\/v1\/(signup|otp|magiclink|recover|resend)/,
    {
      query: ['redirect_to'],
      body: [
        'email',
        'password',
        'data',
        'type',
        'create_user',
        'code_challenge',
        'code_challenge_method',
        'phone',
        'channel',
        'options',
        'gotrue_meta_security',
      ],
    },
  ],
  [
    /^\/auth\/v1\/verify/,
    {
      query: ['token', 'token_hash', 'type', 'redirect_to'],
      body: ['token', 'token_hash', 'type', 'email', 'phone', 'redirect_to'],
    },
  ],
  [
    /^\/auth\/v1\/user/,
    {
      query: ['redirect_to', 'provider', 'scopes', 'skip_http_redirect'],
      body: [
        'email',
        'password',
        'data',
        'nonce',
        'current_password',
        'phone',
        'code_challenge',
        'code_challenge_method',
      ],
    },
  ],
  [
    /^\/auth\/v1\/factors/,
    {
      query: [],
      body: ['factor_type', 'friendly_name', 'issuer', 'channel', 'challenge_id', 'code', 'phone'],
    },
  ],
  [
    /^\/auth\/v1\/admin/,
    {
      query: ['page', 'per_page', 'filter'],
      body: [
        'email',
        'password',
        'email_confirm',
        'phone',
        'user_metadata',
        'app_metadata',
        'ban_duration',
        'role',
        'type',
        'new_email',
        'data',
        'redirect_to',
        'should_soft_delete',
      ],
    },
  ],
  [
    /^\/auth\/v1\/(authorize|callback|sso)/,
    {
      query: [
        'provider',
        'redirect_to',
        'scopes',
        'code_challenge',
        'code_challenge_method',
        'state',
        'code',
        'error',
        'error_description',
        'skip_http_redirect',
      ],
      body: [
        'state',
        'code',
        'id_token',
        'user',
        'provider_id',
        'domain',
        'redirect_to',
        'skip_http_redirect',
      ],
    },
  ],
  [/^\/auth\/v1\/logout/, { query: ['scope'], body: [] }],
  [
    /^\/api\/jobs/,
    {
      query: [
        'q',
        'limit',
        'cursor',
        'defaults',
        'alertId',
        'locations',
        'countries',
        'types',
        'experienceLevels',
        'educationLevels',
        'companySizes',
        'workLocations',
        'benefits',
        'jobTitles',
        'companies',
        'industries',
        'minimumSalary',
      ],
      body: ['reason', 'details'],
    },
  ],
  [/^\/api\/swipes/, { query: [], body: ['jobId', 'direction', 'creditCost'] }],
  [/^\/api\/job-alerts/, { query: [], body: ['name', 'filters'] }],
  [/^\/api\/professional-profiles/, { query: [], body: ['fileName'] }],
  [
    /^\/api\/auth\/link-social/,
    { query: [], body: ['provider', 'id_token', 'access_token', 'nonce'] },
  ],
  [/^\/api\//, { query: ['limit', 'cursor'], body: [] }],
  [
    /^\/storage\/v1\/object\/(sign|upload\/sign)/,
    { query: ['token', 'download'], body: ['expiresIn', 'paths', 'transform', 'download'] },
  ],
  [
    /^\/storage\/v1\/object\/list/,
    { query: [], body: ['prefix', 'limit', 'offset', 'sortBy', 'search'] },
  ],
  [
    /^\/storage\/v1\/object\/(move|copy)/,
    { query: [], body: ['bucketId', 'sourceKey', 'destinationKey', 'destinationBucket'] },
  ],
  [
    /^\/storage\/v1\//,
    { query: ['download', 'token'], body: ['prefixes', 'cacheControl', 'contentType', 'metadata'] },
  ],
  [
    /^\/rest\/v1\//,
    {
      query: [
        'select',
        'order',
        'limit',
        'offset',
        'or',
        'and',
        'id',
        'user_id',
        'title',
        'name',
        'created_at',
        'columns',
        'on_conflict',
        'email',
        'jobs.limit',
      ],
      body: [
        'id',
        'user_id',
        'title',
        'name',
        'filters',
        'status',
        'notes',
        'job_id',
        'direction',
        'email',
        'created_at',
        'credit_cost',
        'answers',
      ],
    },
  ],
  [/^\/dev\/mailbox/, { query: ['to'], body: [] }],
]

function vocabularyFor(path: string): Vocabulary {
  return VOCABULARIES.find(([pattern]) => pattern.test(path))?.[1] ?? { query: [], body: [] }
}

/** Values a real client would send somewhere: most requests are right but for one thing. */
function plausibleLeaf(context: FuzzContext): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(
      context.email,
      'someone@example.com',
      'correct-horse-battery-staple',
      'short',
      'right',
      'left',
      'up',
      'signup',
      'recovery',
      'magiclink',
      'email_change',
      'email',
      'password',
      'refresh_token',
      'pkce',
      'id_token',
      'google',
      'apple',
      'totp',
      '123456',
      'resumes',
      'cover-letters',
      `${context.userId}/resume.pdf`,
      'http://127.0.0.1/auth/callback',
      'https://evil.example/steal',
      '2026-01-01T00:00:00Z',
      'onboarding',
      'FULL_TIME',
      'US',
      'spam',
      0,
      1,
      20,
      60,
      3600,
      604_800,
      true,
      false,
      null,
    ),
    fc.constantFrom(context.userId, ...context.jobIds),
    fc.integer({ min: -10, max: 1000 }),
    fc.string({ maxLength: 12 }),
    fc.constant([`${context.userId}/resume.pdf`, 'nope.pdf']),
    fc.constant({ q: 'engineer', types: ['FULL_TIME'] }),
    fc.constant({ column: 'name', order: 'asc' }),
  )
}

const QUERY_KEYS = [
  'q',
  'limit',
  'offset',
  'cursor',
  'select',
  'order',
  'or',
  'and',
  'not.or',
  'id',
  'title',
  'user_id',
  'filters',
  'columns',
  'on_conflict',
  'token',
  'token_hash',
  'type',
  'redirect_to',
  'provider',
  'grant_type',
  'to',
  'download',
  'width',
  'expiresIn',
  'workMode',
  'seniority',
  'salaryMin',
  'location',
  'remote',
  'code',
  'state',
  'error',
  'skip_http_redirect',
  'scopes',
  'code_challenge',
  'page',
  'per_page',
  '__proto__',
  'constructor[prototype][x]',
  'a[]',
  '',
]

/** PostgREST values past its limits: wide selects, deep nesting, long JSON paths. */
const POSTGREST_EXTREMES = [
  Array.from({ length: 1700 }, (_, index) => `c${index}:id`).join(','),
  'id,'.repeat(800) + 'id',
  `${'jobs('.repeat(40)}id${')'.repeat(40)}`,
  `(${'or('.repeat(60)}id.eq.1${')'.repeat(60)})`,
  `filters${'->a'.repeat(200)}`,
  `id.eq.${'9'.repeat(400)}`,
  `in.(${'1,'.repeat(2000)}1)`,
]

const POSTGREST_VALUES = [
  'eq.1',
  'neq.a',
  'in.(1,2,3)',
  'in.("a,b",c)',
  'is.null',
  'is.maybe',
  'like.*a*',
  'ilike.%25',
  'fts.word',
  'cs.{1,2}',
  'cs.%7B',
  'gt.2020-01-01',
  'eq.not-a-uuid',
  'lt.9999999999999999999999',
  '*,jobs(*)',
  'id,title::text,data->a->>b',
  'id.desc.nullslast',
  '(id.eq.1,title.eq.2)',
  '(and(id.eq.1,or(id.eq.2)))',
  'x:id',
  '...jobs(id)',
  'jobs!inner(id)',
  'jobs!fk!left(id)',
]

/** Breaks that text must survive, each spliced into an otherwise plausible value. */
const URL_TAINTS = ['%00', '%C3%28', '%ED%A0%80', '%FF', '%', '%zz', '%E2%80%AE']
const TEXT_TAINTS = ['\u0000', '\ud800', '\udfff', '\u202e', '\ufeff', "'", '"', '\\']

function splice(text: string, taint: string, at: number): string {
  const position = Math.floor(at * (text.length + 1))
  return text.slice(0, position) + taint + text.slice(position)
}

/** A plausible value of the query string with one break spliced in. */
function taintedQueryValue(context: FuzzContext): fc.Arbitrary<string> {
  return fc
    .tuple(
      plausibleLeaf(context),
      fc.constantFrom(...URL_TAINTS),
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([leaf, taint, at]) => splice(encode(String(leaf)), taint, at))
}

/** A plausible JSON string with one break spliced in. */
function taintedText(context: FuzzContext): fc.Arbitrary<string> {
  return fc
    .tuple(
      plausibleLeaf(context),
      fc.constantFrom(...TEXT_TAINTS),
      fc.double({ min: 0, max: 1, noNaN: true }),
    )
    .map(([leaf, taint, at]) => splice(String(leaf), taint, at))
}

function queryStringFor(path: string, context: FuzzContext): fc.Arbitrary<string> {
  const vocabulary = vocabularyFor(path)
  const keys = vocabulary.query.length > 0 ? vocabulary.query : QUERY_KEYS
  const value = fc.oneof(
    { weight: 4, arbitrary: plausibleLeaf(context).map((leaf) => encode(String(leaf))) },
    { weight: 2, arbitrary: taintedQueryValue(context) },
    { weight: 3, arbitrary: urlText },
    ...(path.startsWith('/rest/')
      ? [
          { weight: 4, arbitrary: fc.constantFrom(...POSTGREST_VALUES).map(encode) },
          { weight: 1, arbitrary: fc.constantFrom(...POSTGREST_EXTREMES) },
          { weight: 1, arbitrary: fc.constantFrom(...POSTGREST_VALUES) },
        ]
      : []),
  )
  const anyPair = fc.tuple(
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...keys) },
      { weight: 2, arbitrary: fc.constantFrom(...QUERY_KEYS) },
      { weight: 1, arbitrary: urlText },
    ),
    value,
  )
  // PostgREST's own parameters with their grammar's extremes: wide, deep, long.
  const restPair = fc.oneof(
    fc.tuple(
      fc.constant('select'),
      fc.constantFrom('*', 'id,title', '*,jobs(*)', 'x:id', ...POSTGREST_EXTREMES.slice(0, 3)),
    ),
    fc.tuple(
      fc.constantFrom('or', 'and', 'not.or'),
      fc.constantFrom(POSTGREST_EXTREMES[3] ?? '', '(id.eq.1,id.eq.2)'),
    ),
    fc.tuple(
      fc.constantFrom('select', 'order', 'id'),
      fc.constantFrom(
        POSTGREST_EXTREMES[4] ?? '',
        POSTGREST_EXTREMES[5] ?? '',
        POSTGREST_EXTREMES[6] ?? '',
      ),
    ),
  )
  const pair = path.startsWith('/rest/')
    ? fc.oneof({ weight: 3, arbitrary: anyPair }, { weight: 1, arbitrary: restPair })
    : anyPair
  const join = (pairs: (readonly [string, string])[]) =>
    `?${pairs.map(([key, item]) => `${key}=${item}`).join('&')}`
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant('') },
    { weight: 6, arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map(join) },
    // PostgREST refuses a parameter it does not know before anything else: some queries hold
    // only its own, to reach the planner and the database.
    ...(path.startsWith('/rest/')
      ? [{ weight: 4, arbitrary: fc.array(restPair, { minLength: 1, maxLength: 2 }).map(join) }]
      : []),
    { weight: 1, arbitrary: fc.constantFrom('?', '?&&', '?=', '?a', '?a=1&a=2&a=3', '?%00=1') },
  )
}

/** Latin-1 text for a header value: bytes ≥ 0x80 (UTF-8 or not), no control characters. */
const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc
    .string({ unit: 'grapheme', maxLength: 20 })
    .map((text) => Buffer.from(text).toString('latin1')),
  fc
    .uint8Array({ minLength: 1, maxLength: 20 })
    .map((bytes) =>
      Buffer.from(bytes.map((byte) => (byte < 0x20 || byte === 0x7f ? 0x41 : byte))).toString(
        'latin1',
      ),
    ),
)

function authorization(context: FuzzContext): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    {
      weight: 14,
      arbitrary: fc
        .constant(null)
        .map(() => ({ authorization: `Bearer ${context.userToken()}`, apikey: context.anonKey })),
    },
    {
      weight: 2,
      arbitrary: fc.constant({
        apikey: context.anonKey,
        authorization: `Bearer ${context.anonKey}`,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constant({
        authorization: `Bearer ${context.serviceRoleKey}`,
        apikey: context.serviceRoleKey,
      }),
    },
    { weight: 1, arbitrary: fc.constant({ authorization: `Bearer ${context.expiredToken}` }) },
    { weight: 2, arbitrary: fc.constant({}) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom(
          'Bearer',
          'Bearer ',
          'Basic abc',
          'Bearer a.b.c',
          'Bearer eyJhbGciOiJub25lIn0.e30.',
          'bearer x',
        )
        .map((value) => ({ authorization: value })),
    },
    { weight: 1, arbitrary: headerText.map((value) => ({ authorization: `Bearer ${value}` })) },
  )
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=xyz',
  'text/plain',
  'text/csv',
  'application/octet-stream',
  'application/pdf',
  'image/svg+xml',
  'application/vnd.pgrst.object+json',
  'application/xml',
  '*/*',
  'json',
  '',
]

/** Up to three of the headers the surfaces read, with odd values. */
const HEADER_VALUES: Record<string, fc.Arbitrary<string>> = {
  range: fc.constantFrom(
    'bytes=0-10',
    'bytes=999999999-',
    'bytes=5-1',
    'bytes=-0',
    'bytes=a-b',
    'items=0-1',
    'bytes=0-1,2-3',
  ),
  prefer: fc.constantFrom(
    'return=representation',
    'count=exact',
    'resolution=merge-duplicates',
    'tx=rollback',
    'missing=default',
    'nonsense',
    'count=exact, return=minimal',
  ),
  accept: fc.constantFrom(
    'application/json',
    'application/vnd.pgrst.object+json',
    'text/csv',
    'text/html',
    '*/*',
    'application/octet-stream',
    'nonsense',
  ),
  'accept-profile': fc.constantFrom('public', 'auth', 'storage', 'nope'),
  'content-profile': fc.constantFrom('public', 'auth', 'nope'),
  'x-upsert': fc.constantFrom('true', 'false', 'maybe'),
  'idempotency-key': fc.oneof(fc.uuid().map(String), headerText),
  'x-refresh-token': headerText,
  'x-supabase-api-version': fc.constantFrom('2024-01-01', '2023-01-01', 'nope'),
  'cache-control': fc.constantFrom('max-age=3600', 'no-cache', 'x'.repeat(500)),
  'x-request-id': fc.constantFrom('trace-12345678', 'bad id', ''),
  origin: fc.constantFrom('http://evil.example', 'null'),
  'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not an ip', '::1, 10.0.0.1'),
  'x-forwarded-proto': fc.constantFrom('https', 'gopher'),
  'if-none-match': fc.constantFrom('"abc"', '*', 'W/"x"'),
  'x-custom': headerText,
}

const optionalHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.oneof(
      ...Object.entries(HEADER_VALUES).map(([name, value]) =>
        value.map((text) => [name, text] as const),
      ),
    ),
    { maxLength: 3 },
  )
  .map((entries) => Object.fromEntries(entries))

const FIELD_NAMES = [
  'email',
  'password',
  'data',
  'token',
  'token_hash',
  'type',
  'refresh_token',
  'fileName',
  'jobId',
  'direction',
  'creditCost',
  'expiresIn',
  'paths',
  'prefix',
  'limit',
  'offset',
  'sortBy',
  'search',
  'bucketId',
  'sourceKey',
  'destinationKey',
  'name',
  'filters',
  'code',
  'challenge_id',
  'factor_type',
  'friendly_name',
  'redirect_to',
  'options',
  'phone',
  'id_token',
  'provider',
  'nonce',
  'access_token',
  'auth_code',
  'code_verifier',
  'email_confirm',
  'user_metadata',
  'app_metadata',
  'ban_duration',
  'reason',
  'details',
  'current_password',
  'gotrue_meta_security',
  'create_user',
  'answers',
  'step',
  'id',
  'user_id',
  '__proto__',
  'constructor',
]

const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -1e308,
    2 ** 53 + 1,
    '',
    'a\u0000b',
    '\ud800',
    'x'.repeat(10_000),
    'left',
    'right',
    'up',
    'resumes',
    'user@example.com',
    'correct-horse-battery',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.integer(),
  fc.double(),
  fc.uuid().map(String),
)

function jsonValueFor(context: FuzzContext, fields: string[]): fc.Arbitrary<unknown> {
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: plausibleLeaf(context) },
      { weight: 2, arbitrary: taintedText(context) },
      { weight: 2, arbitrary: hostileLeaf },
      { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
      {
        weight: 1,
        arbitrary: fc.dictionary(fc.constantFrom(...fields), tie('value'), { maxKeys: 4 }),
      },
    ),
  })).value
}

/** JSON text, well-formed or not, with the bytes it is sent as. */
function jsonBodyFor(path: string, context: FuzzContext): fc.Arbitrary<Buffer> {
  const vocabulary = vocabularyFor(path)
  const fields = vocabulary.body.length > 0 ? vocabulary.body : FIELD_NAMES
  const object = fc.dictionary(
    fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom(...fields) },
      { weight: 1, arbitrary: fc.constantFrom(...FIELD_NAMES) },
    ),
    jsonValueFor(context, fields),
    { minKeys: 0, maxKeys: 6 },
  )
  return fc.oneof(
    { weight: 12, arbitrary: object.map((value) => Buffer.from(JSON.stringify(value))) },
    {
      weight: 2,
      arbitrary: fc
        .array(object, { maxLength: 3 })
        .map((rows) => Buffer.from(JSON.stringify(rows))),
    },
    {
      weight: 2,
      arbitrary: fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value) ?? 'null')),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 65, max: 5000 })
        .map((depth) => Buffer.from('['.repeat(depth) + ']'.repeat(depth))),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 10, max: 3000 })
        .map((depth) => Buffer.from('{"data":'.repeat(depth) + '1' + '}'.repeat(depth))),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '',
          '{',
          '{"a":',
          'null',
          '[]',
          '"text"',
          '1e99999',
          '{"__proto__":{"polluted":true}}',
          '{"constructor":{"prototype":{"polluted":true}}}',
          '{"email":"a@b.c","password":"x"}',
          '\ufeff{}',
          '{"a":"\\u0000"}',
          '{"\\u0000":1}',
          '{"a":"\\ud800"}',
        )
        .map((text) => Buffer.from(text)),
    },
    {
      weight: 1,
      arbitrary: fc
        .uint8Array({ minLength: 1, maxLength: 8 })
        .map((bytes) =>
          Buffer.concat([Buffer.from('{"email":"'), Buffer.from(bytes), Buffer.from('"}')]),
        ),
    },
  )
}

const formBody: fc.Arbitrary<Buffer> = fc
  .array(fc.tuple(fc.constantFrom(...FIELD_NAMES, 'state', 'id_token', 'user'), urlText), {
    maxLength: 5,
  })
  .map((pairs) => Buffer.from(pairs.map(([key, value]) => `${key}=${value}`).join('&')))

const multipartBody: fc.Arbitrary<Buffer> = fc
  .constantFrom(
    '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\r\n--xyz--\r\n',
    '--xyz\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
    '--other\r\n\r\n--other--',
    'not multipart at all',
    '--xyz\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n--xyz\r\nContent-Disposition: form-data; name="file"; filename="x.svg"\r\nContent-Type: image/svg+xml\r\n\r\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>\r\n--xyz--\r\n',
  )
  .map((text) => Buffer.from(text))

function anyBodyFor(
  path: string,
  context: FuzzContext,
): fc.Arbitrary<{ contentType: string | null; body: Buffer | null }> {
  const jsonBody = jsonBodyFor(path, context)
  return fc.oneof(
    { weight: 15, arbitrary: fc.constant({ contentType: null, body: null }) },
    { weight: 50, arbitrary: jsonBody.map((body) => ({ contentType: 'application/json', body })) },
    {
      weight: 10,
      arbitrary: fc
        .tuple(fc.constantFrom(...CONTENT_TYPES), fc.oneof(jsonBody, formBody, multipartBody))
        .map(([contentType, body]) => ({ contentType, body })),
    },
    {
      weight: 5,
      arbitrary: formBody.map((body) => ({
        contentType: 'application/x-www-form-urlencoded',
        body,
      })),
    },
    {
      weight: 5,
      arbitrary: multipartBody.map((body) => ({
        contentType: 'multipart/form-data; boundary=xyz',
        body,
      })),
    },
    {
      weight: 5,
      arbitrary: fc
        .uint8Array({ maxLength: 2000 })
        .map((bytes) => ({ contentType: 'application/octet-stream', body: Buffer.from(bytes) })),
    },
    {
      // Over the 1 MB body limit.
      weight: 1,
      arbitrary: fc.constantFrom('application/json', 'application/pdf').map((contentType) => ({
        contentType,
        body: Buffer.from(`{"a":"${'x'.repeat(1_100_000)}"}`),
      })),
    },
  )
}

const OTHER_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'PROPFIND',
  'TRACE',
  'SEARCH',
  'LOCK',
]

/** A request for one route: mostly its own method, sometimes another one. */
export function requestFor(route: RoutePattern, context: FuzzContext): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom(...OTHER_METHODS) },
      ),
      path: fillPath(route, context),
      query: queryStringFor(route.path, context),
      auth: authorization(context),
      headers: optionalHeaders,
      body: anyBodyFor(route.path, context),
    })
    .map(({ method, path, query, auth, headers, body }) => {
      const allHeaders: Record<string, string> = { ...headers, ...auth }
      if (body.contentType !== null && body.contentType !== '') {
        allHeaders['content-type'] = body.contentType
      }
      const bodyless = method === 'GET' || method === 'HEAD'
      return {
        route: `${route.method} ${route.path}`,
        method,
        target: `${path}${query}`,
        headers: allHeaders,
        body: bodyless ? null : body.body,
        raw: false,
      }
    })
}

/** Requests no well-behaved client library can even write: for the bare socket. */
export const rawRequests: fc.Arbitrary<FuzzRequest> = fc
  .constantFrom(
    'GET /api/jobs?q=\u0000 HTTP/1.1',
    'GET /\u00e9 HTTP/1.1',
    'GET /api/jobs HTTP/1.1\r\nX: \u0001',
    'FOO / HTTP/1.1',
    'GET / HTTP/9.9',
    'GET  HTTP/1.1',
    `GET /${'a'.repeat(20_000)} HTTP/1.1`,
    'GET /api/jobs HTTP/1.1\r\nContent-Length: -1',
    'POST /api/swipes HTTP/1.1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked',
    'GET /api/jobs HTTP/1.1\r\nHost: a\r\nHost: b',
  )
  .map((line) => ({
    route: 'RAW',
    method: 'RAW',
    target: line,
    headers: {},
    body: null,
    raw: true,
  }))
