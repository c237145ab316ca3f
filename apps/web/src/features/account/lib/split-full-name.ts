/**
 * Spec §5: "Social sign-in splits the full name on a space into first and last name." Read as
 * the database's new-user hook reads it (`public.user_name_parts`), so the app and the hook
 * never disagree: trim, then split on the first space. The first name is the first word, the
 * last name everything after it (trimmed), since middle names and multi-word surnames
 * ("Jean Luc Picard", "Ludwig van Beethoven") belong together more often than not; a single
 * word is a first name with an empty last name.
 */
export type NameParts = { firstName: string; lastName: string }

export function splitFullName(fullName: string | null | undefined): NameParts {
  const trimmed = (fullName ?? '').trim()
  const space = trimmed.indexOf(' ')
  if (space === -1) {
    return { firstName: trimmed, lastName: '' }
  }
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() }
}
