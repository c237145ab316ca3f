import { Heart, Undo2, X } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'

type DeckControlsProps = {
  canSwipe: boolean
  canUndo: boolean
  onPass: () => void
  onSave: () => void
  onUndo: () => void
}

/** Pass, undo and save under the deck, with the keys that do the same. */
export function DeckControls({ canSwipe, canUndo, onPass, onSave, onUndo }: DeckControlsProps) {
  return (
    <div className="flex flex-col items-center gap-2">
      <div role="group" aria-label="Deck actions" className="flex items-end justify-center gap-5">
        <RoundAction
          label="Pass"
          onClick={onPass}
          disabled={!canSwipe}
          variant="outline"
          className="text-destructive"
        >
          <X aria-hidden="true" />
        </RoundAction>
        <RoundAction label="Undo" onClick={onUndo} disabled={!canUndo} variant="outline" small>
          <Undo2 aria-hidden="true" />
        </RoundAction>
        <RoundAction label="Save" onClick={onSave} disabled={!canSwipe} variant="default">
          <Heart aria-hidden="true" />
        </RoundAction>
      </div>
      <p className="hidden text-xs text-muted-foreground sm:block">
        <kbd>←</kbd> pass · <kbd>→</kbd> save · <kbd>↑</kbd> or <kbd>Enter</kbd> details ·{' '}
        <kbd>Z</kbd> undo
      </p>
    </div>
  )
}

type RoundActionProps = {
  label: string
  onClick: () => void
  disabled: boolean
  variant: 'default' | 'outline'
  small?: boolean
  className?: string
  children: ReactNode
}

function RoundAction({
  label,
  onClick,
  disabled,
  variant,
  small,
  className,
  children,
}: RoundActionProps) {
  return (
    <div className="flex flex-col items-center gap-1">
      <Button
        variant={variant}
        onClick={onClick}
        disabled={disabled}
        className={cn(
          'rounded-full',
          small ? 'size-11 [&_svg]:size-5' : 'size-16 [&_svg]:size-7',
          className,
        )}
        aria-label={label}
      >
        {children}
      </Button>
      <span aria-hidden="true" className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
    </div>
  )
}
