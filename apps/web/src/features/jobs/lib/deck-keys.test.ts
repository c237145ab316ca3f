import { describe, expect, it } from 'vitest'
import { deckCommandForKey } from './deck-keys'

const press = (
  key: string,
  modifiers: Partial<Record<'ctrl' | 'meta' | 'alt' | 'shift', boolean>> = {},
) =>
  deckCommandForKey({
    key,
    ctrlKey: modifiers.ctrl ?? false,
    metaKey: modifiers.meta ?? false,
    altKey: modifiers.alt ?? false,
    shiftKey: modifiers.shift ?? false,
  })

describe('deckCommandForKey', () => {
  it('maps the arrows and Enter', () => {
    expect(press('ArrowLeft')).toBe('pass')
    expect(press('ArrowRight')).toBe('save')
    expect(press('ArrowUp')).toBe('details')
    expect(press('Enter')).toBe('details')
  })

  it('undoes with Z, Ctrl+Z and ⌘+Z, whatever the case', () => {
    expect(press('z')).toBe('undo')
    expect(press('Z')).toBe('undo')
    expect(press('z', { ctrl: true })).toBe('undo')
    expect(press('z', { meta: true })).toBe('undo')
  })

  it("leaves other keys and the browser's own shortcuts alone", () => {
    expect(press('ArrowDown')).toBeNull()
    expect(press(' ')).toBeNull()
    expect(press('ArrowLeft', { alt: true })).toBeNull()
    expect(press('ArrowRight', { meta: true })).toBeNull()
    expect(press('ArrowLeft', { shift: true })).toBeNull()
    expect(press('z', { ctrl: true, shift: true })).toBeNull()
    expect(press('z', { alt: true })).toBeNull()
  })
})
