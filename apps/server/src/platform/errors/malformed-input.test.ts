import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  headerProblem,
  holdsUnstorableText,
  jsonTextProblem,
  MalformedInputError,
  MAX_JSON_DEPTH,
  readJsonText,
  urlProblem,
} from './malformed-input.ts'

describe('urlProblem', () => {
  it('passes ordinary targets, encoded text and a literal %25', () => {
    for (const target of [
      '/',
      '/api/jobs?q=caf%C3%A9&limit=20',
      '/rest/v1/jobs?select=id,title&title=ilike.*a%2Bb*',
      '/storage/v1/object/resumes/u/%E2%9C%93.pdf',
      '/api/jobs?q=100%25',
      '/api/jobs?q=%2500',
    ]) {
      expect(urlProblem(target), target).toBeNull()
    }
  })

  it('names NUL, broken escapes and invalid UTF-8, in the path or the query', () => {
    expect(urlProblem('/api/jobs?q=%00')).toMatch(/query string holds a NUL/)
    expect(urlProblem('/storage/v1/bucket/a%00b')).toMatch(/URL path holds a NUL/)
    expect(urlProblem('/api/jobs?q=100%')).toMatch(/query string holds a broken/)
    expect(urlProblem('/api/%zz')).toMatch(/URL path holds a broken/)
    // A lone continuation byte, a truncated sequence, an encoded surrogate, an overlong NUL.
    for (const bad of ['%80', '%C3%28', '%E2%82', '%ED%A0%80', '%C0%80']) {
      expect(urlProblem(`/api/jobs?q=${bad}`), bad).toMatch(/invalid UTF-8/)
    }
  })

  it('agrees with decodeURIComponent on any percent-encoded text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const encoded = encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))
        const problem = urlProblem(`/api/jobs?q=${encoded}`)
        expect(problem !== null).toBe(text.includes('\0'))
      }),
    )
  })
})

describe('headerProblem', () => {
  it('passes ASCII and UTF-8, refuses invalid UTF-8 in a header read as text', () => {
    expect(headerProblem({ authorization: 'Bearer abc', 'user-agent': '\xe9' })).toBeNull()
    // "é" sent as UTF-8 arrives as the two Latin-1 characters of its bytes.
    expect(headerProblem({ 'content-type': 'text/plain; name=caf\xc3\xa9' })).toBeNull()
    expect(headerProblem({ 'content-type': 'text/plain; name=caf\xe9' })).toMatch(
      /content-type header holds invalid UTF-8/,
    )
    expect(headerProblem({ prefer: ['return=minimal', 'a\0'] })).toMatch(/NUL/)
  })
})

describe('jsonTextProblem and readJsonText', () => {
  it('passes JSON whose strings merely mention backslashes and zeros', () => {
    for (const text of ['{"a":"\\\\u0000"}', '{"a":"\\u0001","b":"0000"}', '[[["x"]]]', '']) {
      expect(jsonTextProblem(text), text).toBeNull()
    }
  })

  it('finds \\u0000 in a value or a key, and a raw NUL', () => {
    expect(jsonTextProblem('{"a":"x\\u0000"}')?.code).toBe('malformed_text')
    expect(jsonTextProblem('{"\\u0000":1}')?.code).toBe('malformed_text')
    expect(jsonTextProblem('{"a":"\\\\\\u0000"}')?.code).toBe('malformed_text')
    expect(jsonTextProblem('{"a":"x\0"}')?.code).toBe('malformed_text')
  })

  it('finds an unpaired surrogate escape, and passes a pair', () => {
    expect(jsonTextProblem('{"a":"\\ud83d\\ude00"}')).toBeNull()
    expect(jsonTextProblem('{"a":"\\uD83D\\uDE00x"}')).toBeNull()
    expect(jsonTextProblem('{"email":"\\ud800@x.com"}')?.code).toBe('malformed_text')
    expect(jsonTextProblem('{"a":"\\udc00"}')?.code).toBe('malformed_text')
    expect(jsonTextProblem('{"a":"\\ud800\\u0041"}')?.code).toBe('malformed_text')
    expect(jsonTextProblem('{"\\ud800":1}')?.code).toBe('malformed_text')
  })

  it(`refuses nesting deeper than ${MAX_JSON_DEPTH}, counting brackets outside strings only`, () => {
    const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels)
    expect(jsonTextProblem(deep(MAX_JSON_DEPTH))).toBeNull()
    expect(jsonTextProblem(deep(MAX_JSON_DEPTH + 1))?.code).toBe('bad_json')
    expect(jsonTextProblem(`{"a":"${'['.repeat(1000)}"}`)).toBeNull()
    expect(jsonTextProblem(deep(100_000))?.code).toBe('bad_json')
  })

  it('refuses bytes that are not UTF-8 and returns the text of those that are', () => {
    expect(() => readJsonText(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]))).toThrow(
      MalformedInputError,
    )
    expect(readJsonText(Buffer.from('{"a":"café"}'))).toBe('{"a":"café"}')
  })

  it('agrees with JSON.parse on where NUL and unpaired surrogates are, for any JSON value', () => {
    const text = fc.string({ unit: 'binary', maxLength: 8 })
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 6, stringUnit: fc.oneof(text, fc.constant('\ud800')) }),
        (value) => {
          const text = JSON.stringify(value)
          const problem = jsonTextProblem(text)
          expect(problem?.code === 'malformed_text').toBe(holdsUnstorableText(JSON.parse(text)))
        },
      ),
    )
  })
})

describe('holdsUnstorableText', () => {
  it('looks into arrays, objects and keys without recursion', () => {
    expect(holdsUnstorableText({ a: [1, { b: 'ok' }] })).toBe(false)
    expect(holdsUnstorableText({ a: [1, { b: 'x\0' }] })).toBe(true)
    expect(holdsUnstorableText({ 'k\0': 1 })).toBe(true)
    expect(holdsUnstorableText(['\ud83d\ude00'])).toBe(false)
    expect(holdsUnstorableText(['\ud800'])).toBe(true)
    let deep: unknown = 'x\0'
    for (let level = 0; level < 100_000; level++) {
      deep = [deep]
    }
    expect(holdsUnstorableText(deep)).toBe(true)
    expect(holdsUnstorableText(new Array(600_000).fill('a'))).toBe(false)
  })
})
