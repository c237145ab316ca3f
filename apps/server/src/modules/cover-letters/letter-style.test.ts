import { describe, expect, it } from 'vitest'
import { letterStyleFrom, USUAL_STYLE } from './letter-style.ts'

const rated = (reasons: string[], comment: string | null = null, rating = 2) => ({
  rating,
  reasons,
  comment,
})

describe('the style of the next letter, from feedback on the latest ones (newest first)', () => {
  it('is the usual one without feedback, or with praise only', () => {
    expect(letterStyleFrom([])).toEqual(USUAL_STYLE)
    expect(letterStyleFrom([rated(['great'], null, 5)])).toEqual(USUAL_STYLE)
  })

  it('is shorter after "too long" and longer after "too short"', () => {
    expect(letterStyleFrom([rated(['too_long'])]).length).toBe('shorter')
    expect(letterStyleFrom([rated(['too_short'])]).length).toBe('longer')
  })

  it('keeps a length the seeker asked for once they praise the result', () => {
    const style = letterStyleFrom([rated(['great'], null, 5), rated(['too_long'])])
    expect(style.length).toBe('shorter')
  })

  it('follows a change of mind: the newest feedback outweighs an older one', () => {
    expect(letterStyleFrom([rated(['too_short']), rated(['too_long'])]).length).toBe('usual')
    expect(
      letterStyleFrom([rated(['too_short']), rated(['too_short']), rated(['too_long'])]).length,
    ).toBe('longer')
  })

  it('forgets feedback older than the last five letters', () => {
    const old = [rated([]), rated([]), rated([]), rated([]), rated([]), rated(['too_long'])]
    expect(letterStyleFrom(old).length).toBe('usual')
  })

  it('gets specific after "too generic" or "missing skills"', () => {
    expect(letterStyleFrom([rated(['too_generic'])]).specific).toBe(true)
    expect(letterStyleFrom([rated(['missing_skills'])]).specific).toBe(true)
    expect(letterStyleFrom([rated(['tone'])]).specific).toBe(false)
  })

  it('passes on the latest three comments in the seeker’s words, trimmed to 300 characters', () => {
    const style = letterStyleFrom([
      rated([], '  Mention   my  volunteering '),
      rated([], null),
      rated([], 'x'.repeat(400)),
      rated([], 'less formal please'),
      rated([], 'a fourth comment'),
    ])
    expect(style.comments).toEqual([
      'Mention my volunteering',
      `${'x'.repeat(299)}…`,
      'less formal please',
    ])
  })
})
