/** Which deck command a key press means: ← pass, → save, ↑ or Enter details, Z or Ctrl/⌘+Z undo. */
export type DeckCommand = 'pass' | 'save' | 'details' | 'undo'

type KeyPress = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>

const PLAIN_KEYS: Record<string, DeckCommand> = {
  ArrowLeft: 'pass',
  ArrowRight: 'save',
  ArrowUp: 'details',
  Enter: 'details',
}

export function deckCommandForKey({
  key,
  ctrlKey,
  metaKey,
  altKey,
  shiftKey,
}: KeyPress): DeckCommand | null {
  if (altKey) {
    return null
  }
  if (key.toLowerCase() === 'z' && !shiftKey) {
    // Ctrl+Shift+Z is "redo" to most people: not ours.
    return 'undo'
  }
  if (ctrlKey || metaKey || shiftKey) {
    return null
  }
  return PLAIN_KEYS[key] ?? null
}
