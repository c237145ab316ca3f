/**
 * Which of the question's job terms an answer uses, ignoring case and punctuation, whole words
 * only, multi-word terms as a run of words, and a term's common short form too: "Node.js" is met
 * by "node" or "nodejs", "PostgreSQL" by "postgres", "CI/CD" by "ci cd".
 */
import { stem, words } from './word-stems.ts'

/** The spoken forms a term may take, each as a list of stems. */
function spokenForms(term: string): string[][] {
  const forms = new Set<string>([term])
  const lower = term.toLowerCase()
  forms.add(lower.replace(/\.js$/, ''))
  forms.add(lower.replace(/\.js$/, 'js'))
  forms.add(lower.replace(/sql$/, '').replace(/gre$/, 'gres'))
  forms.add(lower.replace(/[./-]/g, ''))
  return [...forms]
    .map((form) => words(form.replace(/[./-]/g, ' ')).map(stem))
    .filter((form) => form.length > 0 && form.join('').length > 1)
}

function containsRun(haystack: string[], needle: string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}

export function jobTermsIn(
  transcript: string,
  terms: readonly string[],
): { used: string[]; missed: string[] } {
  const spoken = words(transcript.replace(/[./-]/g, ' ')).map(stem)
  const joined = words(transcript.replace(/[./-]/g, '')).map(stem)
  const used: string[] = []
  const missed: string[] = []
  for (const term of terms) {
    const found = spokenForms(term).some(
      (form) => containsRun(spoken, form) || containsRun(joined, form),
    )
    ;(found ? used : missed).push(term)
  }
  return { used, missed }
}
