import { describe, expect, it } from 'vitest'
import { swipeDirectionFor } from './swipe-gesture'

describe('swipeDirectionFor', () => {
  it('swipes once the card is dragged far enough, whatever the speed', () => {
    expect(swipeDirectionFor(140, 0)).toBe('RIGHT')
    expect(swipeDirectionFor(-110, 0)).toBe('LEFT')
    expect(swipeDirectionFor(200, -50)).toBe('RIGHT')
  })

  it('swipes on a quick flick in the direction of the drag', () => {
    expect(swipeDirectionFor(40, 900)).toBe('RIGHT')
    expect(swipeDirectionFor(-45, -700)).toBe('LEFT')
  })

  it('springs back from a short or hesitant drag', () => {
    expect(swipeDirectionFor(80, 100)).toBeNull()
    expect(swipeDirectionFor(-100, 0)).toBeNull()
    // A flick back towards the middle is a change of mind, not a swipe.
    expect(swipeDirectionFor(60, -900)).toBeNull()
    // A twitch: fast, but the card barely moved.
    expect(swipeDirectionFor(10, 1200)).toBeNull()
    expect(swipeDirectionFor(0, 0)).toBeNull()
  })
})
