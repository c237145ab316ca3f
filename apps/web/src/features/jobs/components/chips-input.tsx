import { Plus } from 'lucide-react'
import { type KeyboardEvent, useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Chips } from './chips'

type ChipsInputProps = {
  label: string
  placeholder: string
  value: readonly string[] | undefined
  onChange: (value: string[] | undefined) => void
  /** The filter schema's limits. */
  maxItems?: number
  maxLength?: number
}

/** Free-text values (job titles, companies, industries) typed one at a time and kept as chips. */
export function ChipsInput({
  label,
  placeholder,
  value = [],
  onChange,
  maxItems = 20,
  maxLength = 120,
}: ChipsInputProps) {
  const [draft, setDraft] = useState('')
  const inputId = useId()
  const isFull = value.length >= maxItems

  const add = () => {
    const text = draft.trim()
    const isNew = !value.some((item) => item.toLowerCase() === text.toLowerCase())
    if (text && isNew && !isFull) {
      onChange([...value, text])
    }
    setDraft('')
  }
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      add()
    }
  }
  const remove = (item: string) => {
    const next = value.filter((candidate) => candidate !== item)
    onChange(next.length > 0 ? next : undefined)
  }

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          value={draft}
          placeholder={placeholder}
          maxLength={maxLength}
          disabled={isFull}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={handleKeyDown}
        />
        <Button
          type="button"
          variant="outline"
          size="icon"
          aria-label={`Add to ${label.toLowerCase()}`}
          onClick={add}
          disabled={isFull}
        >
          <Plus aria-hidden="true" />
        </Button>
      </div>
      <Chips label={label} items={value} itemLabel={(item) => item} onRemove={remove} />
    </div>
  )
}
