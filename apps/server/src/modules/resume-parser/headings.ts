/**
 * Section headings: a short line in a heading's vocabulary (English, German, French, Spanish),
 * or one set apart by its font (larger than the body text, or bold capitals standing alone).
 */
import { findDateRange } from './dates.ts'
import type { ResumeSectionKind } from './types.ts'
import {
  DEGREE,
  HUMAN_LANGUAGE,
  INSTITUTION_WORDS,
  LEGAL_FORMS,
  TITLE_WORDS,
} from './vocabulary.ts'

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
    'erfahrung',
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
    'historial laboral',
    'historial profesional',
    'historique professionnel',
    'experiencia profesional',
    'trayectoria profesional',
    'appointments',
    'academic appointments',
    'professional appointments',
    'positions',
    'positions held',
    'research experience',
    'teaching experience',
    'employment record',
    'puestos',
    'cargos',
    'postes',
    'postes occupés',
    'positionen',
    'stationen',
    'werkervaring',
    'werk ervaring',
    'relevante werkervaring',
    'professionele ervaring',
    'ervaring',
    'loopbaan',
    'arbeidsverleden',
    'esperienza',
    'esperienze',
    'esperienza lavorativa',
    'esperienze lavorative',
    'esperienza professionale',
    'esperienze professionali',
    'experiência',
    'experiência profissional',
    'experiências profissionais',
    'experiência de trabalho',
    'histórico profissional',
    'doświadczenie',
    'doświadczenie zawodowe',
    'pracovní zkušenosti',
    'praxe',
    'przebieg pracy zawodowej',
    'historia zatrudnienia',
    'praca',
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
    'schul- und berufsbildung',
    'éducation et formation',
    'educación y formación',
    'formation',
    'formations',
    'éducation',
    'parcours académique',
    'diplômes',
    'educación',
    'formación',
    'formación académica',
    'estudios',
    'qualifikationen',
    'titulaciones',
    'diplômes et certifications',
    'opleiding',
    'opleidingen',
    'opleiding en training',
    'scholing',
    'studie',
    'istruzione',
    'formazione',
    'istruzione e formazione',
    'percorso di studi',
    'titoli di studio',
    'formação',
    'formação académica',
    'formação acadêmica',
    'educação',
    'escolaridade',
    'wykształcenie',
    'vzdělání',
    'edukacja',
    'formação escolar',
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
    'strengths',
    'key strengths',
    'stärken',
    'points forts',
    'fortalezas',
    'pontos fortes',
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
    'digitale kompetenzen',
    'compétences numériques',
    'competencias digitales',
    'kernkompetenzen',
    'competencias clave',
    'compétences clés',
    'vaardigheden',
    'competenties',
    'kennis',
    'technische vaardigheden',
    'vaardigheden en kennis',
    'competenze',
    'competenze tecniche',
    'capacità',
    'abilità',
    'competências',
    'conhecimentos',
    'umiejętności',
    'dovednosti',
    'kompetencje',
    'umiejętności techniczne',
    'habilidades técnicas e comportamentais',
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
    'motivation',
    'self-promotion',
    'motivation and self-promotion',
    'self-pr',
    'profile summary',
    'profiel',
    'persoonlijk profiel',
    'samenvatting',
    'over mij',
    'profilo',
    'profilo professionale',
    'sommario',
    'chi sono',
    'riepilogo',
    'resumo',
    'resumo profissional',
    'sobre mim',
    'perfil profissional',
    'podsumowanie',
    'podsumowanie zawodowe',
    'profil zawodowy',
    'o mnie',
    'objetivo',
    'objetivo profissional',
  ],
  languages: [
    'languages',
    'language skills',
    'sprachen',
    'sprachkenntnisse',
    'langues',
    'idiomas',
    'compétences linguistiques',
    'competencias lingüísticas',
    'talen',
    'talenkennis',
    'lingue',
    'conoscenze linguistiche',
    'competenze linguistiche',
    'línguas',
    'języki',
    'języki obce',
    'jazykové znalosti',
    'jazyky',
    'znajomość języków',
  ],
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
    'certificaten',
    'certificeringen',
    'certificazioni',
    'certificati',
    'certificações',
    'certyfikaty',
    'certificados e cursos',
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
    'projecten',
    'progetti',
    'projetos',
    'projekty',
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
    'persoonlijke gegevens',
    'personalia',
    'contactgegevens',
    'dati personali',
    'informazioni personali',
    'contatti',
    'dados pessoais',
    'contato',
    'dane osobowe',
    'osobní údaje',
    'dane kontaktowe',
    // The links set apart under a heading of their own (ResumeGenius puts them last). Not a bare
    // "Links": a sidebar's "Links" beside "Address" / "Phone" blocks would keep those (named by
    // their content as contact) from being the contact.
    'websites portfolios profiles',
  ],
}

const OTHER = [
  'awards',
  'honors',
  'honours',
  'honors & awards',
  'awards & honors',
  'publications',
  'publicaciones',
  'publikationen',
  'veröffentlichungen',
  'talks',
  'presentations',
  'grants',
  'teaching',
  'research interests',
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
  'interesses',
  'nevenactiviteiten',
  'vrijwilligerswerk',
  'referenties',
  'interessi',
  'premi',
  'pubblicazioni',
  'interesses pessoais',
  'prêmios',
  'prémios',
  'publicações',
  'zainteresowania',
  'kursy',
  'szkolenia',
  'kursy i szkolenia',
  'cursos',
  'atividades complementares',
  'informações adicionais',
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
  const direct =
    LOOKUP.get(value) ??
    LOOKUP.get(
      value.replace(
        /^(selected|key|relevant|recent|other|additional|professional|academic|ausgewählte|berufliche|beruflicher|akademische|professionnelles?|académiques?) /,
        '',
      ),
    )
  if (direct) return direct
  // Letter-spaced ("E X P E R I E N C E") or run together.
  const squashed = value.replace(/[^\p{L}]/gu, '')
  const spaced = SQUASHED.get(squashed)
  // pdf.js may keep a kerned pair together ("KO M P E T E N Z E N", "PA R C O U R S").
  const tokens = value.split(' ')
  const singles = tokens.filter((token) => token.length === 1).length
  const letterSpaced =
    tokens.length >= 4 &&
    tokens.every((token) => token.length <= 3) &&
    singles >= tokens.length * 0.6
  if (spaced && letterSpaced) return spaced
  // Letter-spaced words run together: "S K I L L S S U M M A RY", "WORK HISTORY".
  if (letterSpaced) {
    for (let i = 4; i <= squashed.length - 4; i++) {
      const head = SQUASHED.get(squashed.slice(0, i))
      const tail = squashed.slice(i)
      if (head && (SQUASHED.has(tail) || /^(summary|history|overview|profile)$/.test(tail)))
        return head
    }
    // A kicker and the heading set apart by a separator ("C L A S S I F I E D S : S K I L L S",
    // "E X P E R I E N C I A · E D I C I Ó N"); a heading and a word of the page's own after it
    // ("E D U C A T I O N N O T I C E S").
    for (const segment of text.split(/[·:|•]/u)) {
      const kind = SQUASHED.get(normalize(segment).replace(/[^\p{L}]/gu, ''))
      if (kind) return kind
    }
    for (let i = squashed.length - 3; i >= 6; i--) {
      const head = SQUASHED.get(squashed.slice(0, i))
      if (head && squashed.length - i <= 12) return head
    }
  }
  // A short heading named by its last word: "Digital skills", "Job-related skills", "Other
  // language(s)", "Relevant work history", "Education and training".
  const words0 = value.replace(/\(s\)|\s+s$/g, '').split(' ')
  // (Not tags set side by side in one chunk: "Differentiated Instruction  Irish Language".)
  if (
    words0.length >= 2 &&
    words0.length <= 4 &&
    /^\p{Lu}/u.test(text.trim()) &&
    !/\S\s{2,}\S/.test(text)
  ) {
    const last = words0.at(-1)!
    const byHead: [RegExp, ResumeSectionKind][] = [
      [
        /^(skills|kenntnisse|fähigkeiten|compétences|competences|competencies|habilidades|competencias|proficiencies|vaardigheden|competenze|competências)$/,
        'skills',
      ],
      [/^(languages?|sprachen|langues|idiomas|talen|lingue|línguas)$/, 'languages'],
      [
        /^(experience|history|berufserfahrung|expérience|experiencia|werkervaring|ervaring|esperienza|experiência)$/,
        'experience',
      ],
      [
        /^(education|training|ausbildung|formation|formación|opleiding|formazione|istruzione|formação)$/,
        'education',
      ],
      [/^(certifications?|certificates?|zertifikate)$/, 'certificates'],
    ]
    for (const [pattern, kind] of byHead) if (pattern.test(last)) return kind
  }
  // "Work Experience & Internships", "Education and Certifications": the first words decide.
  const words = value.split(' ')
  if (words.length <= 5) {
    for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
      const head = LOOKUP.get(words.slice(0, n).join(' '))
      if (head && /^(&|and|und|et|y|en|e|\/)$/.test(words[n] ?? '')) return head
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

const DEGREE_ANY_CASE = new RegExp(DEGREE.source, 'iu')
/** A language level: CEFR ("B2", "C1"), or "native / mother tongue" in a few languages. */
const LANGUAGE_LEVEL =
  /(?<![\p{L}\d])[ABC][12](?![\p{L}\d])|\b(?:native|fluent|mother tongue|muttersprache|langue maternelle|nativo|nativa|materna)\b/iu

/**
 * The section a heading outside the vocabulary opens, read from its content, so a resume in a
 * language we have no words for still has its sections: lines with date ranges and titles are
 * experience; dated lines with degrees or institutions are education; lines of language names or
 * levels are languages; short items with no date and no sentence are skills. Null when the
 * content says nothing clear (a summary, a consent clause): the section stays `other`.
 */
export function sectionByContent(texts: string[]): ResumeSectionKind | null {
  const lines = texts.map((text) => text.trim()).filter((text) => text.length > 0)
  if (lines.length === 0) return null
  // Personal details: an email, a phone number or a profile link among the lines.
  const contact = lines.filter((text) =>
    /@[\w-]+\.|\+?\d[\d ()/.-]{7,}\d|(?:https?:\/\/|www\.|linkedin\.com|github\.com)/iu.test(text),
  ).length
  if (contact >= 2 && contact >= lines.length * 0.3) return 'contact'
  const ranges = lines.map((text) => findDateRange(text))
  const dated = ranges.filter((range) => range !== null).length
  const spans = ranges.filter((range) => range && (range.endDate || range.current)).length
  const school = lines.filter(
    (text) =>
      DEGREE.test(text) ||
      (text === text.toUpperCase() && DEGREE_ANY_CASE.test(text)) ||
      INSTITUTION_WORDS.test(text),
  ).length
  const isSchool = (text: string) =>
    DEGREE.test(text) ||
    (text === text.toUpperCase() && DEGREE_ANY_CASE.test(text)) ||
    INSTITUTION_WORDS.test(text)
  const job = lines.filter(
    (text) => (TITLE_WORDS.test(text) || LEGAL_FORMS.test(text)) && !isSchool(text),
  ).length
  if (dated > 0) {
    if (school >= Math.max(1, dated * 0.5) && school > job) return 'education'
    if (spans > 0) return 'experience'
    return null
  }
  const words = lines.map((text) => text.split(/\s+/u).length)
  const language = lines.filter(
    (text) =>
      HUMAN_LANGUAGE.test(text.replace(/^[^\p{L}]+/u, '')) ||
      (LANGUAGE_LEVEL.test(text) && text.split(/\s+/u).length <= 6),
  ).length
  // (Long sentences, a consent clause in small print at the foot, do not count.)
  const itemLines = words.filter((n) => n <= 8).length
  if (language >= Math.max(1, itemLines * 0.6)) return 'languages'
  // A list: short items (a word or a few), or comma-separated items; no sentences.
  const sentences = lines.filter((text) => /[.!?]$/u.test(text) && text.split(/\s+/u).length > 4)
  const short = words.filter((n) => n <= 4).length
  const commaList = lines.filter((text) => text.split(/\s*[,;|•·]\s*/u).length >= 3).length
  if (sentences.length === 0 && (lines.length >= 2 || commaList > 0)) {
    if (short >= lines.length * 0.7 || commaList >= lines.length * 0.5) return 'skills'
  }
  return null
}

/** A line as `headingStyleLines` reads it: its text, size, weight, runs and page. */
export interface StyledLine {
  text: string
  size: number
  bold: boolean
  parts: number
}

/** A short line that could be a heading by its words alone: no digits, no sentence, capitalised. */
function headingShaped(text: string): boolean {
  const value = text.trim()
  const words = value.split(/\s+/u)
  return (
    words.length <= 4 &&
    /^\p{Lu}/u.test(value) &&
    !/[\d@|:]|[,.;]$/u.test(value) &&
    value.replace(/[^\p{L}]/gu, '').length >= 4
  )
}

/**
 * The document's own heading type: when a heading the vocabulary knows ("Profil") is set in a type
 * apart from the body (bold or larger), the other short lines in that very type are headings too,
 * whatever their language ("Pracovní zkušenosti", "Vzdělání"). Only when the type is the
 * headings' alone: a line in it with a digit, a title, company, school or degree word, or more
 * than four words (an entry's name set like a heading) disqualifies it. Returns the indexes of
 * the lines that are headings by this rule.
 */
export function headingStyleLines(lines: StyledLine[], bodySize: number): Set<number> {
  const key = (line: StyledLine) => `${Math.round(line.size * 2) / 2}|${line.bold}`
  const styles = new Set<string>()
  for (const line of lines) {
    if (line.parts > 1 || !(line.bold || line.size >= bodySize * 1.08)) continue
    const kind = headingKind(line.text.trim())
    if (kind && kind !== 'other' && headingShaped(line.text)) styles.add(key(line))
  }
  const found = new Set<number>()
  if (styles.size === 0) return found
  const spoiled = new Set<string>()
  for (const line of lines) {
    const style = key(line)
    if (!styles.has(style) || headingKind(line.text.trim())) continue
    const text = line.text.trim()
    if (
      line.parts > 1 ||
      !headingShaped(text) ||
      TITLE_WORDS.test(text) ||
      LEGAL_FORMS.test(text) ||
      INSTITUTION_WORDS.test(text) ||
      DEGREE.test(text)
    )
      spoiled.add(style)
  }
  lines.forEach((line, index) => {
    if (styles.has(key(line)) && !spoiled.has(key(line)) && !headingKind(line.text.trim()))
      found.add(index)
  })
  return found
}
