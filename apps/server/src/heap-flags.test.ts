import { describe, expect, it } from 'vitest'
import { heapFlags, processEnv } from './heap-flags.ts'

describe('heapFlags', () => {
  it('bounds the young generation of every process and the old space of HTTP processes', () => {
    const config = { NODE_MAX_SEMI_SPACE_MB: 8, HTTP_MAX_OLD_SPACE_MB: 192 }
    expect(heapFlags(config, 'http')).toEqual([
      '--max-semi-space-size=8',
      '--max-old-space-size=192',
    ])
    expect(heapFlags(config, 'jobs')).toEqual(['--max-semi-space-size=8'])
  })

  it("leaves V8's defaults where a bound is 0", () => {
    expect(heapFlags({ NODE_MAX_SEMI_SPACE_MB: 0, HTTP_MAX_OLD_SPACE_MB: 0 }, 'http')).toEqual([])
  })

  it('limits the malloc arenas of supervised processes unless set to 0', () => {
    expect(processEnv({ MALLOC_ARENA_MAX: 2 })).toEqual({ MALLOC_ARENA_MAX: '2' })
    expect(processEnv({ MALLOC_ARENA_MAX: 0 })).toEqual({})
  })
})
