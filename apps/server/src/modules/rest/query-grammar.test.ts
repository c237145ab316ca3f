import { describe, expect, it } from 'vitest'
import { RestError } from './errors.ts'
import {
  parseFilterValue,
  parseLogic,
  parseOrder,
  parseQuery,
  parseSelect,
  splitQueryString,
} from './query-grammar.ts'

const field = (name: string) => ({ name, jsonPath: [] })

function refusal(run: () => unknown): RestError {
  try {
    run()
  } catch (error) {
    if (error instanceof RestError) {
      return error
    }
    throw error
  }
  throw new Error('expected a refusal')
}

describe('select', () => {
  it('parses columns, aliases, casts and JSON paths', () => {
    expect(parseSelect('id,name:title,count::text,data->a->>b,alias:data->0::int')).toEqual([
      { type: 'column', field: field('id'), alias: null, cast: null },
      { type: 'column', field: field('title'), alias: 'name', cast: null },
      { type: 'column', field: field('count'), alias: null, cast: 'text' },
      {
        type: 'column',
        field: {
          name: 'data',
          jsonPath: [
            { arrow: '->', key: 'a', isIndex: false },
            { arrow: '->>', key: 'b', isIndex: false },
          ],
        },
        alias: null,
        cast: null,
      },
      {
        type: 'column',
        field: { name: 'data', jsonPath: [{ arrow: '->', key: '0', isIndex: true }] },
        alias: 'alias',
        cast: 'int',
      },
    ])
  })

  it('parses embedded resources with aliases, hints, join types and spreads', () => {
    expect(
      parseSelect('*,job:jobs!job_id!inner(title),...jobs(company_name),events(*,x(id))'),
    ).toEqual([
      { type: 'star' },
      {
        type: 'embed',
        name: 'jobs',
        alias: 'job',
        hint: 'job_id',
        join: 'inner',
        spread: false,
        select: [{ type: 'column', field: field('title'), alias: null, cast: null }],
      },
      {
        type: 'embed',
        name: 'jobs',
        alias: null,
        hint: null,
        join: null,
        spread: true,
        select: [{ type: 'column', field: field('company_name'), alias: null, cast: null }],
      },
      {
        type: 'embed',
        name: 'events',
        alias: null,
        hint: null,
        join: null,
        spread: false,
        select: [
          { type: 'star' },
          {
            type: 'embed',
            name: 'x',
            alias: null,
            hint: null,
            join: null,
            spread: false,
            select: [{ type: 'column', field: field('id'), alias: null, cast: null }],
          },
        ],
      },
    ])
  })

  it('reads quoted names with commas, quotes and escapes', () => {
    expect(parseSelect('"a,b","c\\"d"')).toEqual([
      { type: 'column', field: field('a,b'), alias: null, cast: null },
      { type: 'column', field: field('c"d'), alias: null, cast: null },
    ])
  })

  it.each([
    ['id;drop table jobs', 'select parameter'],
    ['id,', 'select parameter'],
    ['jobs(', 'select parameter'],
    ['title::text;drop', 'select parameter'],
    ['name!hint', 'select parameter'],
    ['id)', 'select parameter'],
  ])('refuses %j with PGRST100', (text, subject) => {
    const error = refusal(() => parseSelect(text))
    expect(error.status).toBe(400)
    expect(error.code).toBe('PGRST100')
    expect(error.message).toMatch(
      new RegExp(`^"failed to parse ${subject} \\(.*\\)" \\(line 1, column \\d+\\)$`),
    )
    expect(error.details).toMatch(/unexpected|expecting/)
  })
})

describe('filters', () => {
  it.each([
    ['eq.5', { type: 'simple', operator: 'eq', value: '5' }],
    ['neq.a.b.c', { type: 'simple', operator: 'neq', value: 'a.b.c' }],
    ['ilike.*ann*', { type: 'simple', operator: 'ilike', value: '*ann*' }],
    ['isdistinct.x', { type: 'simple', operator: 'isdistinct', value: 'x' }],
    ['cs.{a,b}', { type: 'simple', operator: 'cs', value: '{a,b}' }],
    ['in.(1,"a,b",  c )', { type: 'in', values: ['1', 'a,b', 'c '] }],
    ['in.()', { type: 'in', values: [] }],
    ['is.NULL', { type: 'is', value: 'null' }],
    ['is.not_null', { type: 'is', value: 'not_null' }],
    ['is.true', { type: 'is', value: 'true' }],
    [
      'fts(english).cat & dog',
      { type: 'fts', operator: 'fts', config: 'english', value: 'cat & dog' },
    ],
    ['wfts.cat', { type: 'fts', operator: 'wfts', config: null, value: 'cat' }],
    [
      'like(any).{a*,*b}',
      { type: 'quantified', operator: 'like', quantifier: 'any', values: '{a*,*b}' },
    ],
    ['eq(all).{1,2}', { type: 'quantified', operator: 'eq', quantifier: 'all', values: '{1,2}' }],
  ])('parses %j', (text, operation) => {
    expect(parseFilterValue(field('c'), text)).toEqual({
      field: field('c'),
      negated: false,
      operation,
    })
  })

  it('parses negation', () => {
    expect(parseFilterValue(field('c'), 'not.in.(1,2)')).toEqual({
      field: field('c'),
      negated: true,
      operation: { type: 'in', values: ['1', '2'] },
    })
  })

  it.each([
    ['noop.0', 'unknown single value operator noop'],
    ['5', 'unexpected end of input expecting operator (eq, gt, ...)'],
    ['is.maybe', 'expecting null or trilean value (unknown, true, false)'],
    ['in.1,2', 'expecting "("'],
    ['is.null;drop', 'expecting end of input'],
    ['fts(a b.c', 'expecting ")"'],
    ['cs(any).{a}', 'unknown quantified operator cs'],
  ])('refuses %j with PGRST100', (text, details) => {
    const error = refusal(() => parseFilterValue(field('c'), text))
    expect(error.code).toBe('PGRST100')
    expect(error.message).toContain(`"failed to parse filter (${text})"`)
    expect(error.details).toContain(details)
  })
})

describe('logic trees', () => {
  it('parses nested and/or with negation, lists, quoted and array values', () => {
    expect(parseLogic('or', '(a.eq.1,not.and(b.gt.2,c.in.(x,y)),d.eq."p,q",e.cs.{1,2})')).toEqual({
      type: 'logic',
      operator: 'or',
      negated: false,
      children: [
        {
          type: 'filter',
          filter: {
            field: field('a'),
            negated: false,
            operation: { type: 'simple', operator: 'eq', value: '1' },
          },
        },
        {
          type: 'logic',
          operator: 'and',
          negated: true,
          children: [
            {
              type: 'filter',
              filter: {
                field: field('b'),
                negated: false,
                operation: { type: 'simple', operator: 'gt', value: '2' },
              },
            },
            {
              type: 'filter',
              filter: {
                field: field('c'),
                negated: false,
                operation: { type: 'in', values: ['x', 'y'] },
              },
            },
          ],
        },
        {
          type: 'filter',
          filter: {
            field: field('d'),
            negated: false,
            operation: { type: 'simple', operator: 'eq', value: 'p,q' },
          },
        },
        {
          type: 'filter',
          filter: {
            field: field('e'),
            negated: false,
            operation: { type: 'simple', operator: 'cs', value: '{1,2}' },
          },
        },
      ],
    })
    expect(parseLogic('not.and', '(a.is.null)')).toMatchObject({ operator: 'and', negated: true })
  })

  it.each(['()', '(a.eq.1', '(a.eq.1,xor(b.eq.2))', 'a.eq.1'])('refuses %j', (text) => {
    expect(refusal(() => parseLogic('or', text)).code).toBe('PGRST100')
  })
})

describe('order', () => {
  it('parses directions, nulls, JSON paths and related columns', () => {
    expect(parseOrder('created_at.desc.nullslast,title,data->a.asc,jobs(title).desc')).toEqual([
      { relation: null, field: field('created_at'), direction: 'desc', nulls: 'last' },
      { relation: null, field: field('title'), direction: null, nulls: null },
      {
        relation: null,
        field: { name: 'data', jsonPath: [{ arrow: '->', key: 'a', isIndex: false }] },
        direction: 'asc',
        nulls: null,
      },
      { relation: 'jobs', field: field('title'), direction: 'desc', nulls: null },
    ])
  })

  it.each(['id.ac', 'id.descc', 'id;drop'])('refuses %j', (text) => {
    expect(refusal(() => parseOrder(text)).code).toBe('PGRST100')
  })
})

describe('the whole query string', () => {
  it('splits pairs in order, decoding + as a space and keeping repeats', () => {
    expect(splitQueryString('a=1&b=x+y&a=%2C&flag&c=')).toEqual([
      ['a', '1'],
      ['b', 'x y'],
      ['a', ','],
      ['c', ''],
    ])
  })

  it('sorts parameters into select, filters, logic, order, ranges, columns and on_conflict', () => {
    const ast = parseQuery(
      splitQueryString(
        'select=id,jobs(title)&user_id=eq.u1&jobs.title=like.*a*&or=(a.eq.1,b.eq.2)&jobs.not.or=(c.eq.3)' +
          '&order=created_at.desc&jobs.order=title&limit=10&offset=20&jobs.limit=1&columns="a","b"&on_conflict=id',
      ),
    )
    expect(ast.select).toHaveLength(2)
    expect(ast.filters.map(({ path, filter }) => [path, filter.field.name])).toEqual([
      [[], 'user_id'],
      [['jobs'], 'title'],
    ])
    expect(
      ast.logic.map(({ path, tree }) => [path, tree.type === 'logic' && tree.negated]),
    ).toEqual([
      [[], false],
      [['jobs'], true],
    ])
    expect(ast.order.map(({ path }) => path)).toEqual([[], ['jobs']])
    expect(ast.ranges).toEqual([
      { path: [], limit: 10, offset: 20 },
      { path: ['jobs'], limit: 1, offset: 0 },
    ])
    expect(ast.columns).toEqual(['a', 'b'])
    expect(ast.onConflict).toEqual(['id'])
  })

  it('classes function arguments apart from filters', () => {
    const ast = parseQuery(splitQueryString('email=a@b.c&id=eq.1'), {
      isArgument: (key) => key === 'email',
    })
    expect(ast.arguments).toEqual([['email', 'a@b.c']])
    expect(ast.filters).toHaveLength(1)
  })

  it('refuses a parameter that is not a filter instead of ignoring it', () => {
    expect(refusal(() => parseQuery([['user_id', 'u1']])).code).toBe('PGRST100')
  })

  it('refuses a bad limit, and a negative one with PGRST103', () => {
    expect(refusal(() => parseQuery([['limit', 'ten']])).code).toBe('PGRST100')
    const negative = refusal(() => parseQuery([['limit', '-1']]))
    expect([negative.status, negative.code, negative.details]).toEqual([
      416,
      'PGRST103',
      'Limit should be greater than or equal to zero.',
    ])
  })
})
