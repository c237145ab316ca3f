/** The skills a job names, as chips: the first `limit`, then "+N more". */
export function SkillChips({ skills, limit = 6 }: { skills: string[]; limit?: number }) {
  if (skills.length === 0) {
    return null
  }
  const shown = skills.slice(0, limit)
  const hidden = skills.length - shown.length
  return (
    <ul aria-label="Skills" className="flex flex-wrap gap-1.5">
      {shown.map((skill) => (
        <li
          key={skill}
          className="rounded-md bg-secondary px-2 py-0.5 text-xs text-secondary-foreground"
        >
          {skill}
        </li>
      ))}
      {hidden > 0 && <li className="px-1 py-0.5 text-xs text-muted-foreground">+{hidden} more</li>}
    </ul>
  )
}
