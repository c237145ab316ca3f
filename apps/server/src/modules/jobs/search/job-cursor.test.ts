import { describe, expect, it } from 'vitest'
import { AppError } from '../../../platform/errors/app-error.ts'
import { compareRank, decodeCursor, encodeCursor, type JobCursor } from './job-cursor.ts'

const ID_A = '0b6f4c2e-8f1a-4a3b-9c2d-1e2f3a4b5c6d'
const ID_B = '9b6f4c2e-8f1a-4a3b-9c2d-1e2f3a4b5c6d'

describe('the jobs cursor', () => {
  it.each<[string, JobCursor]>([
    [
      'the start of a window',
      { stage: 0, before: { listedAt: '2026-11-20T10:00:00.000001Z', id: ID_A }, reading: null },
    ],
    ['the first window of a widening stage', { stage: 3, before: null, reading: null }],
    [
      'a window being read',
      {
        stage: 0,
        before: null,
        reading: {
          until: { listedAt: '2026-11-19T08:30:00.250000Z', id: ID_B },
          after: { score: 87, key: { listedAt: '2026-11-20T09:00:00.000000Z', id: ID_A } },
        },
      },
    ],
    [
      'the last window',
      {
        stage: 0,
        before: null,
        reading: {
          until: null,
          after: { score: 0, key: { listedAt: '2026-11-20T09:00:00.000000Z', id: ID_A } },
        },
      },
    ],
  ])('round-trips %s', (_, cursor) => {
    const text = encodeCursor(cursor)
    expect(text).toMatch(/^[\w-]+$/)
    expect(decodeCursor(text)).toEqual(cursor)
  })

  it.each([
    ['not base64 JSON', '%%%'],
    ['JSON of another shape', Buffer.from('{"page":2}').toString('base64url')],
    [
      'a score out of range',
      Buffer.from(`{"b":null,"r":[null,101,["2026-11-20T09:00:00Z","${ID_A}"]]}`).toString(
        'base64url',
      ),
    ],
    [
      'a key that is no timestamp',
      Buffer.from(`{"b":["yesterday","${ID_A}"],"r":null}`).toString('base64url'),
    ],
  ])('refuses %s with 400 validation_failed', (_, text) => {
    expect(() => decodeCursor(text)).toThrow(AppError)
    try {
      decodeCursor(text)
    } catch (error) {
      expect((error as AppError).code).toBe('validation_failed')
      expect((error as AppError).details).toEqual([
        { path: 'cursor', message: 'not a cursor from a previous page' },
      ])
    }
  })

  it('ranks by score, then newest, then id', () => {
    const at = (score: number, listedAt: string, id = ID_A) => ({ score, key: { listedAt, id } })
    const ranked = [
      at(70, '2026-11-20T09:00:00.000000Z'),
      at(90, '2026-11-01T09:00:00.000000Z'),
      at(70, '2026-11-21T09:00:00.000000Z'),
      at(70, '2026-11-21T09:00:00.000000Z', ID_B),
    ].sort(compareRank)
    expect(
      ranked.map((position) => [
        position.score,
        position.key.listedAt.slice(0, 10),
        position.key.id,
      ]),
    ).toEqual([
      [90, '2026-11-01', ID_A],
      [70, '2026-11-21', ID_B],
      [70, '2026-11-21', ID_A],
      [70, '2026-11-20', ID_A],
    ])
  })
})
