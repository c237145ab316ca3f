/** One checkbox per value of a filter vocabulary; an empty choice is "not filtered". */
type CheckboxGroupProps<Value extends string> = {
  legend: string
  options: readonly Value[]
  labels: Record<Value, string>
  value: readonly Value[] | undefined
  onChange: (value: Value[] | undefined) => void
}

export function CheckboxGroup<Value extends string>({
  legend,
  options,
  labels,
  value = [],
  onChange,
}: CheckboxGroupProps<Value>) {
  const toggle = (option: Value, checked: boolean) => {
    // Kept in the vocabulary's order, so the same choice always makes the same link.
    const next = options.filter((candidate) =>
      candidate === option ? checked : value.includes(candidate),
    )
    onChange(next.length > 0 ? next : undefined)
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid grid-cols-2 gap-x-3 gap-y-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={value.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
