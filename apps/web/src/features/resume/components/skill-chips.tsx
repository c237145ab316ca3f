import { Plus, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { addSkill } from '../lib/resume-form'

/**
 * Skills as chips: each with a button that removes it, and a field that adds one (Enter or the
 * Add button; a duplicate is ignored).
 */
export function SkillChips({
  skills,
  onChange,
  label,
}: {
  skills: string[]
  onChange: (skills: string[]) => void
  /** Names the add field ("Add a skill to Languages"). */
  label: string
}) {
  const [draft, setDraft] = useState('')
  const inputId = useId()
  const add = () => {
    onChange(addSkill(skills, draft))
    setDraft('')
  }
  return (
    <div className="flex flex-col gap-3">
      {skills.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={`${label}: skills`}>
          {skills.map((skill, index) => (
            <li
              key={`${skill}-${index}`}
              className="inline-flex items-center gap-1 rounded-full border bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground"
            >
              {skill}
              <button
                type="button"
                aria-label={`Remove ${skill}`}
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-background/60 focus-visible:outline-2 focus-visible:outline-ring"
                onClick={() => onChange(skills.filter((_, at) => at !== index))}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No skills here yet.</p>
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId}>{label}</Label>
        <div className="flex gap-2">
          <Input
            id={inputId}
            value={draft}
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault() // adds the skill instead of submitting the form
                add()
              }
            }}
          />
          <Button type="button" variant="outline" onClick={add} disabled={draft.trim() === ''}>
            <Plus aria-hidden="true" />
            Add
          </Button>
        </div>
      </div>
    </div>
  )
}
