import { describe, expect, it } from 'vitest'
import { parseJobBoards } from './job-boards.ts'

describe('parseJobBoards', () => {
  it('reads source:board pairs, a page URL keeping its own colons', () => {
    expect(
      parseJobBoards(
        ' greenhouse:northwind , Lever:bluepeak,jsonld:https://acme.example:8443/jobs',
      ),
    ).toEqual({
      boards: [
        { source: 'greenhouse', board: 'northwind' },
        { source: 'lever', board: 'bluepeak' },
        { source: 'jsonld', board: 'https://acme.example:8443/jobs' },
      ],
    })
    expect(parseJobBoards('')).toEqual({ boards: [] })
  })

  it.each(['greenhouse', 'monster:acme', 'lever:'])('refuses %s', (value) => {
    expect(parseJobBoards(value)).toEqual({
      error: expect.stringContaining('is not source:board') as string,
    })
  })
})
