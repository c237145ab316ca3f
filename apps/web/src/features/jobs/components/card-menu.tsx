import { Ellipsis, Flag, Info } from 'lucide-react'
import { type FocusEvent, type KeyboardEvent, type ReactNode, useId, useState } from 'react'
import { Button } from '@/components/ui/button'

type CardMenuProps = {
  jobTitle: string
  onOpenDetails: () => void
  onReport: () => void
}

/**
 * The card's "more" menu (details, report). A disclosure rather than a full ARIA menu: Tab
 * moves through its items, Escape or leaving it closes it.
 */
export function CardMenu({ jobTitle, onOpenDetails, onReport }: CardMenuProps) {
  const [open, setOpen] = useState(false)
  const menuId = useId()

  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) {
      setOpen(false)
    }
  }
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation()
      setOpen(false)
    }
  }
  const choose = (action: () => void) => () => {
    setOpen(false)
    action()
  }

  return (
    // The wrapper only listens for focus leaving and Escape; the button inside is the control.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="relative" onBlur={handleBlur} onKeyDown={handleKeyDown}>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`More about ${jobTitle}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Ellipsis aria-hidden="true" />
      </Button>
      {open && (
        <ul
          id={menuId}
          className="absolute end-0 top-full z-20 mt-1 w-48 rounded-lg border bg-card p-1 shadow-lg"
        >
          <li>
            <MenuItem onClick={choose(onOpenDetails)} icon={<Info aria-hidden="true" />}>
              View details
            </MenuItem>
          </li>
          <li>
            <MenuItem onClick={choose(onReport)} icon={<Flag aria-hidden="true" />}>
              Report this job
            </MenuItem>
          </li>
        </ul>
      )}
    </div>
  )
}

function MenuItem({
  onClick,
  icon,
  children,
}: {
  onClick: () => void
  icon: ReactNode
  children: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-start text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring [&_svg]:size-4"
    >
      {icon}
      {children}
    </button>
  )
}
