import { X } from 'lucide-react'

type ChipsProps<Item> = {
  /** What the list holds, for its accessible name ("Job titles"). */
  label: string
  items: readonly Item[]
  itemLabel: (item: Item) => string
  onRemove: (item: Item) => void
}

/** Chosen values as removable chips. */
export function Chips<Item>({ label, items, itemLabel, onRemove }: ChipsProps<Item>) {
  if (items.length === 0) {
    return null
  }
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {items.map((item) => {
        const text = itemLabel(item)
        return (
          <li
            key={text}
            className="flex items-center gap-1 rounded-full bg-secondary py-0.5 ps-2.5 pe-1 text-sm text-secondary-foreground"
          >
            {text}
            <button
              type="button"
              aria-label={`Remove ${text}`}
              onClick={() => onRemove(item)}
              className="flex size-5 items-center justify-center rounded-full hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X aria-hidden="true" className="size-3.5" />
            </button>
          </li>
        )
      })}
    </ul>
  )
}
