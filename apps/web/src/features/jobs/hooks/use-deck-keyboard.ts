import { useEffect, useEffectEvent } from 'react'
import { deckCommandForKey, type DeckCommand } from '../lib/deck-keys'

/**
 * The deck's keyboard: ← pass, → save, ↑ or Enter details, Z or Ctrl/⌘+Z undo, anywhere on the
 * page except while typing in a field or inside a dialog (the filter sheet, the report form).
 * Enter on a button or link keeps its own meaning.
 */
export function useDeckKeyboard(onCommand: (command: DeckCommand) => void, enabled: boolean) {
  const handleCommand = useEffectEvent(onCommand)

  useEffect(() => {
    if (!enabled) {
      return
    }
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || !(event.target instanceof Element)) {
        return
      }
      const target = event.target
      if (target.closest('input, textarea, select, [contenteditable], dialog')) {
        return
      }
      const command = deckCommandForKey(event)
      if (!command || (event.key === 'Enter' && target.closest('button, a, summary'))) {
        return
      }
      event.preventDefault()
      handleCommand(command)
    }
    window.addEventListener('keydown', handleKeyDown)
    return () => window.removeEventListener('keydown', handleKeyDown)
  }, [enabled])
}
