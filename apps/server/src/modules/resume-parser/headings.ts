/**
 * Section headings: a short line in a heading's vocabulary (English, German, French, Spanish),
 * or one set apart by its font (larger than the body text, or bold capitals standing alone).
 */
import type { ResumeSectionKind } from './types.ts'

const VOCABULARY: Record<Exclude<ResumeSectionKind, 'other'>, string[]> = {
  experience: [
    'experience',
    'work experience',
    'professional experience',
    'relevant experience',
    'work history',
    'employment',
    'employment history',
    'career history',
    'career',
    'professional background',
    'work',
    'berufserfahrung',
    'berufliche erfahrung',
    'berufliche laufbahn',
    'beruflicher werdegang',
    'praxiserfahrung',
    'berufspraxis',
    'werdegang',
    'expérience',
    'expériences',
    'expérience professionnelle',
    'expériences professionnelles',
    'parcours professionnel',
    'experiencia',
    'experiencia laboral',
    'experiencia profesional',
    'trayectoria profesional',
  ],
  education: [
    'education',
    'academic background',
    'education and training',
    'education & training',
    'academic history',
    'qualifications',
    'ausbildung',
    'bildung',
    'bildungsweg',
    'studium',
    'akademischer werdegang',
    'schulbildung',
    'formation',
    'formations',
    'éducation',
    'parcours académique',
    'diplômes',
    'educación',
    'formación',
    'formación académica',
    'estudios',
  ],
  skills: [
    'skills',
    'technical skills',
    'core skills',
    'key skills',
    'top skills',
    'skills & tools',
    'skills and tools',
    'competencies',
    'core competencies',
    'technologies',
    'tech stack',
    'tools',
    'expertise',
    'areas of expertise',
    'kenntnisse',
    'fähigkeiten',
    'fachkenntnisse',
    'it-kenntnisse',
    'kompetenzen',
    'fähigkeiten & kenntnisse',
    'skills & kenntnisse',
    'top-kenntnisse',
    'top kenntnisse',
    'principales compétences',
    'compétences principales',
    'aptitudes principales',
    'habilidades principales',
    'compétences',
    'compétences techniques',
    'savoir-faire',
    'habilidades',
    'aptitudes',
    'conocimientos',
    'competencias',
    'habilidades técnicas',
  ],
  summary: [
    'summary',
    'profile',
    'professional summary',
    'professional profile',
    'career summary',
    'about',
    'about me',
    'objective',
    'career objective',
    'personal statement',
    'profil',
    'kurzprofil',
    'zusammenfassung',
    'über mich',
    'profil professionnel',
    'résumé',
    'à propos',
    'resumen',
    'perfil',
    'perfil profesional',
    'sobre mí',
    'extracto',
  ],
  languages: ['languages', 'language skills', 'sprachen', 'sprachkenntnisse', 'langues', 'idiomas'],
  certificates: [
    'certifications',
    'certificates',
    'certification',
    'licenses & certifications',
    'licenses and certifications',
    'zertifikate',
    'zertifizierungen',
    'weiterbildung',
    'certificaciones',
    'certificados',
  ],
  projects: [
    'projects',
    'personal projects',
    'side projects',
    'selected projects',
    'key projects',
    'projekte',
    'projets',
    'proyectos',
  ],
  contact: [
    'contact',
    'contact information',
    'contact details',
    'contact info',
    'personal information',
    'personal details',
    'kontakt',
    'persönliche daten',
    'coordonnées',
    'contacto',
    'contactar',
    'datos personales',
    'informations personnelles',
  ],
}

const OTHER = [
  'awards',
  'honors',
  'honours',
  'honors & awards',
  'awards & honors',
  'publications',
  'interests',
  'hobbies',
  'volunteer',
  'volunteering',
  'volunteer experience',
  'references',
  'activities',
  'extracurricular activities',
  'achievements',
  'leadership',
  'courses',
  'coursework',
  'interessen',
  'hobbys',
  'auszeichnungen',
  'ehrenamt',
  'referenzen',
  "centres d'intérêt",
  'loisirs',
  'intereses',
  'premios',
  'voluntariado',
]

const LOOKUP = new Map<string, ResumeSectionKind>()
for (const [kind, words] of Object.entries(VOCABULARY))
  for (const word of words) LOOKUP.set(word, kind as ResumeSectionKind)
for (const word of OTHER) LOOKUP.set(word, 'other')
const SQUASHED = new Map<string, ResumeSectionKind>()
for (const [word, kind] of LOOKUP) SQUASHED.set(word.replace(/[^\p{L}]/gu, ''), kind)

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[:：]\s*$/u, '')
    .replace(/[^\p{L}&'’ -]/gu, ' ')
    .replace(/’/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
}

/** The section a heading's words name, or null when they are not a heading's vocabulary. */
export function headingKind(text: string): ResumeSectionKind | null {
  if (text.replace(/\s+/g, '').length > 40) return null
  const value = normalize(text)
  if (!value) return null
  const direct = LOOKUP.get(value)
  if (direct) return direct
  // Letter-spaced ("E X P E R I E N C E") or run together.
  const squashed = value.replace(/[^\p{L}]/gu, '')
  const spaced = SQUASHED.get(squashed)
  if (spaced && /^(\p{L} )+\p{L}$/u.test(value)) return spaced
  // "Work Experience & Internships", "Education and Certifications": the first words decide.
  const words = value.split(' ')
  if (words.length <= 5) {
    for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
      const head = LOOKUP.get(words.slice(0, n).join(' '))
      if (head && /^(&|and|und|et|y|\/)$/.test(words[n] ?? '')) return head
    }
  }
  return null
}

export interface HeadingCandidate {
  text: string
  size: number
  bold: boolean
  /** Chunks on the line (a heading stands alone). */
  parts: number
}

/** Whether a line is a section heading, and which section it opens. */
export function detectHeading(
  line: HeadingCandidate,
  bodySize: number,
  /** Whether a section has begun (the header's headline is no heading). */
  inSection = true,
): ResumeSectionKind | null {
  if (line.parts > 1) return null
  const text = line.text.trim()
  const kind = headingKind(text)
  if (kind) {
    // "Skills: TypeScript, Go" is a skills line, not a heading; the vocabulary is enough when alone.
    return kind
  }
  const words = text.split(/\s+/)
  if (words.length > 4 || /\d|@|[,.;]$/.test(text) || !/\p{Lu}/u.test(text)) return null
  const letters = text.replace(/[^\p{L}]/gu, '')
  if (letters.length < 4) return null
  const capitals = letters === letters.toUpperCase()
  // A heading outside the vocabulary: capitals set larger or bold, or much larger bold text.
  if (capitals && (line.size >= bodySize * 1.1 || line.bold)) return 'other'
  if (line.bold && line.size >= bodySize * 1.3) return 'other'
  // Larger Title Case words standing alone ("Invited Talks").
  const titleCase = words.every(
    (word) => /^[\p{Lu}&]/u.test(word) || /^(of|and|&|und|et|y|de)$/.test(word),
  )
  if (inSection && titleCase && words.length <= 3 && line.size >= bodySize * 1.15) return 'other'
  return null
}
