/**
 * The words of a job title, as every part of the catalogue reads them: the O*NET matcher, the
 * seniority signal and the dedupe key. Bracketed asides ("(Remote)", "[m/w/d]") are dropped,
 * the text lower-cased, and common abbreviations spelled out ("Sr." → "senior", "Eng" →
 * "engineer", "Frontend" → "front end"), so "Sr. Frontend Eng." and "Senior Front-End
 * Engineer" have the same words.
 */

const ABBREVIATIONS = new Map(
  Object.entries({
    sr: 'senior',
    snr: 'senior',
    jr: 'junior',
    jnr: 'junior',
    mgr: 'manager',
    eng: 'engineer',
    engr: 'engineer',
    dev: 'developer',
    swe: 'software engineer',
    sre: 'site reliability engineer',
    asst: 'assistant',
    assoc: 'associate',
    admin: 'administrator',
    rep: 'representative',
    coord: 'coordinator',
    tech: 'technician',
    spec: 'specialist',
    dir: 'director',
    vp: 'vice president',
    svp: 'senior vice president',
    evp: 'executive vice president',
    qa: 'quality assurance',
    hr: 'human resources',
    rn: 'registered nurse',
    lpn: 'licensed practical nurse',
    frontend: 'front end',
    backend: 'back end',
    fullstack: 'full stack',
    ml: 'machine learning',
  }),
)

/** "Café" → "Cafe"; plain ASCII (most titles) skips the Unicode decomposition. */
export function withoutAccents(text: string): string {
  // eslint-disable-next-line no-control-regex
  return /^[\x00-\x7f]*$/.test(text) ? text : text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '')
}

/** The title split into lower-case words, abbreviations spelled out. */
export function titleWords(title: string): string[] {
  const words = withoutAccents(title.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ').toLowerCase())
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9+#]+/)
    .filter(Boolean)
  return words.flatMap((word) => (ABBREVIATIONS.get(word) ?? word).split(' '))
}

/**
 * The title's parts when it names a team, product or place after the role ("Software
 * Engineer, Payments", "Nurse - ICU | Night shift"): the whole title first, then each part.
 */
export function titleParts(title: string): string[] {
  const parts = title
    .split(/\s[-–—|/]\s|[,:|]/)
    .map((part) => part.trim())
    .filter(Boolean)
  return parts.length > 1 ? [title, ...parts] : [title]
}
