import { X } from 'lucide-react'

/** The items added so far (job titles, places), each with a button that removes it. */
export function RemovableChips({
  label,
  items,
  onRemove,
}: {
  /** What the list holds, for screen readers ("Job titles added"). */
  label: string
  items: readonly { key: string; text: string }[]
  onRemove: (key: string) => void
}) {
  if (items.length === 0) {
    return null
  }
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item.key}
          className="flex items-center gap-1 rounded-full border bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground"
        >
          {item.text}
          <button
            type="button"
            aria-label={`Remove ${item.text}`}
            className="flex size-7 items-center justify-center rounded-full hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            onClick={() => onRemove(item.key)}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </li>
      ))}
    </ul>
  )
}
