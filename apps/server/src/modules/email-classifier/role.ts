/**
 * The role an email is about: "for the position of X", "the X role", "als X (m/w/d)",
 * "au poste de X", "para el puesto de X", and the subject's "X - Company" forms. The most
 * repeated, best-placed mention wins; gender markers ("(m/w/d)", "H/F") and requisition numbers
 * are dropped.
 */
import type { PreparedEmail } from './prepare.ts'

// A role: words that start with a capital (or digits), with short lower-case joiners between
// them ("Head of Design", "Ingeniero de Software", "Chef de projet marketing").
const WORD = String.raw`(?:[\p{Lu}\d][\p{L}\p{N}+#’'-]*(?:[./][\p{L}\p{N}]+)*)`
// Lower-case words a role may carry after a joiner ("Chef de projet marketing", "Analista de datos").
const LOWER = String.raw`(?:[\p{Ll}][\p{Ll}-]{1,20})`
const JOINER = String.raw`(?:of|de|du|des|d['’]|di|van|für|del|do|da|ds\.|for)`
const ROLE_TAIL = String.raw`(?:junior|senior|marketing|commercial|crédit|credit|comptable|export|ventes|digital|web|client|clients|produit|financier|financière|técnico|comercial|informático|gameplay|ux|ui|front-?end|back-?end|full-?stack|\p{Ll}{3,}(?:iel|ielle|el|elle|ique|aire|if|ive|ier|ière|ico|ica|ivo|iva|ario|aria))`
const ROLE = String.raw`(${WORD}(?:[ \t]+${WORD}|[ \t]+${JOINER}[ \t]*(?:${WORD}|${LOWER})(?:[ \t]+${ROLE_TAIL})?|[ \t]+${ROLE_TAIL}){0,6})`

interface Pattern {
  re: RegExp
  w: number
}

const p = (w: number, source: string): Pattern => ({
  re: new RegExp(source.replace(/ROLE/g, ROLE), 'gu'),
  w,
})

const BODY: Pattern[] = [
  // A scheduler's or portal's field line: "Role: Site Reliability Engineer", "Puesto: Cajero".
  p(
    4.5,
    String.raw`(?:^|\n)[ \t]*(?:[Rr]ole|[Pp]osition|[Jj]ob(?: [Tt]itle)?|[Vv]acancy|[Ss]telle|[Pp]osition|[Pp]oste|[Pp]uesto|[Vv]acante|[Oo]ferta|[Pp]osizione|[Vv]aga|[Ff]unctie|[Ss]tanowisko)[ \t]*:[ \t]*ROLE[ \t]*(?=\n|$)`,
  ),
  // "na stanowisko Specjalista ds. Zakupów", "la oferta Técnico de Mantenimiento"
  p(3.5, String.raw`\b(?:stanowisko|stanowiska|la oferta|l'offre)[ \t]+(?:de[ \t]+)?ROLE`),
  p(
    3,
    String.raw`\b(?:for|as|als|pour|para|como|per|come|voor)[ \t]+(?:the[ \t]+|a[ \t]+|an[ \t]+)?ROLE[ \t]+(?:at|with|bei|chez|en|in|presso|bij|na)[ \t]+[\p{Lu}]`,
  ),
  p(
    4,
    String.raw`(?:[Pp]osition|[Rr]ole|[Pp]ost|[Vv]acancy|[Oo]pening)[ \t]+(?:of|as)[ \t]+(?:an?[ \t]+)?ROLE`,
  ),
  p(
    4,
    String.raw`\b(?:the|our|your|this)[ \t]+ROLE[ \t]+(?:position|role|job|vacancy|opening|post|programme|program)\b`,
  ),
  p(3, String.raw`\b(?:as|be)[ \t]+(?:an?|our new|our next|our|the|the new|the next)[ \t]+ROLE`),
  // "Your interview for Senior Accountant (R-10442)", "the final round for Controls Engineer!"
  p(
    3,
    String.raw`\b(?:[Ii]nterview|[Aa]pplication|[Oo]ffer|[Cc]andidacy|[Rr]ound|[Ss]tage|[Pp]rocess)[ \t]+(?:for|as)[ \t]+(?:the[ \t]+)?ROLE(?=[ \t]*(?:\(|[!.,]|position|role|has|at|with|$))`,
  ),
  // "tu candidatura a la oferta Recepcionista"
  p(3, String.raw`\b(?:candidatura|inscripción|solicitud) a la oferta[ \t]+(?:de[ \t]+)?ROLE`),
  p(3, String.raw`\bas[ \t]+ROLE(?=[ \t]*(?:[!.,(]|at\b|with\b|in\b|$))`),
  p(
    3.5,
    String.raw`(?:[Pp]osition|[Ss]telle|[Tt]ätigkeit|[Bb]ewerbung|[Ee]insatz)[ \t]+(?:als|zum|zur)[ \t]+ROLE`,
  ),
  p(2.5, String.raw`\bals[ \t]+ROLE(?=[ \t]*(?:\(|[!.,]|bei\b|und\b|hat\b|per\b|ab\b|zum\b|$))`),
  p(
    3.5,
    String.raw`(?:[Pp]osition|[Ss]telle|[Vv]akanz)[ \t]+ROLE(?=[ \t]*[(.,]|[ \t]+(?:bei|einladen|anbieten|unterbreiten|in)\b)`,
  ),
  p(4, String.raw`(?:[Pp]oste|[Pp]osition|[Cc]andidature)[ \t]+(?:de|d['’])[ \t]*ROLE`),
  p(3, String.raw`\ben tant que[ \t]+ROLE`),
  p(
    4,
    String.raw`(?:[Pp]uesto|[Vv]acante|[Pp]osición|[Pp]osizione|[Vv]aga|[Ff]unção|[Ff]unctie|[Ff]unzione)[ \t]+(?:de|di|van|als|como|come)[ \t]+ROLE`,
  ),
  p(3, String.raw`\b(?:[Cc]omo|[Cc]ome|[Ff]unctie)[ \t]+ROLE`),
  p(
    3,
    String.raw`(?:for|to|für|pour|para|per|voor)[ \t]+(?:the|die|le|la|el|la)?[ \t]*ROLE[ \t]+(?:position|role|job|opening|vacancy|Stelle|Position|poste)\b`,
  ),
]

const SUBJECT: Pattern[] = [
  // "Kettle & Crane - next stage for Backend Engineer", "Je sollicitatie als Marketeer"
  p(
    2.5,
    String.raw`\b(?:for|as|als|pour|para|voor|op|como|come)[ \t]+(?:the[ \t]+|de[ \t]+|la[ \t]+)?ROLE[ \t]*$`,
  ),
  // A subject that is only a title ("Senior Planner"); it counts when it ends in a job noun.
  p(1, String.raw`^[ \t]*ROLE[ \t]*$`),
  p(3, String.raw`(?:[-–—:|][ \t]*)ROLE[ \t]*$`),
  p(2.5, String.raw`^[ \t]*ROLE[ \t]*(?:[-–—|][ \t]|[ \t]+(?:position|vacancy|at)\b)`),
  p(
    3,
    String.raw`(?:[Aa]pplication|[Bb]ewerbung|[Cc]andidature|[Ii]nterview|[Oo]ffer|[Pp]oste|[Pp]uesto)[ \t]+(?:for|als|as|pour|de|au poste de|para|to)[ \t]+(?:the[ \t]+)?ROLE`,
  ),
  p(2.5, String.raw`\b(?:[Pp]osition|[Rr]ole)[ \t]+(?:of[ \t]+)?ROLE`),
]

const NOT_A_ROLE =
  /^(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|montag|dienstag|mittwoch|donnerstag|freitag|lundi|mardi|mercredi|jeudi|vendredi|lunes|martes|miércoles|jueves|viernes|day \d+|\d+[- ]?(?:minute|min|hour|day)s?)$|thank|thanks|dear|hi|hello|we|our|the|your|unfortunately|please|congratulations|interview|invitation|application|candidature|candidatura|bewerbung|solicitud|offer|next|update|reminder|hemos|nous|wir|ihre|votre|tu|su|re|fwd|fw|wg|aw|tr|rv)\b/i

const ROLE_NOUN =
  /(?:engineer|developer|designer|manager|analyst|scientist|architect|consultant|specialist|officer|coordinator|nurse|chef|director|lead|head|assistant|intern|trainee|accountant|controller|associate|executive|representative|administrator|strategist|writer|editor|technologist|planner|recruiter|owner|master|programmer|researcher|advisor|agent|paralegal|teacher|instructor|entwickler\p{L}*|ingenieur\p{L}*|berater\p{L}*|referent\p{L}*|leiter\p{L}*|leitung|konstrukteur|disponent|redakteur|volontär|koch|werkstudent\p{L}*|pflegefachkraft|fachkraft|kauffrau|kaufmann|développeur|développeuse|ingénieur|analyste|responsable|contrôleur|chargée?|directeur|directrice|consultante?|ingenier[oa]|desarrollador[a]?|analista|diseñador[a]?|programador[a]?|técnic[oa]|jef[ea]|responsable|controller|engenheir[oa]|designer|sviluppatore|progettista)(?![\p{L}])/iu

function cleanRole(raw: string): string {
  return (
    raw
      .replace(
        /\s*\((?:[mwfdhx]\s*\/\s*)+[mwfdhx]\)|\s+\b[HF]\s*\/\s*[HF]\b|\s*\((?:all genders|alle geschlechter|w\/m\/d|m\/f\/d)\)/giu,
        '',
      )
      .replace(/\s*\((?:R|JR|REQ|Req|ID|Ref)[-\s#]?\d+\)\s*$/u, '')
      // "R-10442 Senior Product Manager", "Bewerbung Junior Grafikdesigner" (a subject's lead word).
      .replace(
        /^(?:(?:R|JR|REQ|Req)-?\d+|Bewerbung|Candidature|Candidatura|Solicitud|Application)\s+/u,
        '',
      )
      .replace(/\s+(?:19|20)\d\d$/u, '')
      .replace(/\s+(?:at|in|bei|chez|en|with|for)\s*$/iu, '')
      .replace(/[\s,.;:!?-]+$/u, '')
      .trim()
  )
}

export function decideRole(email: PreparedEmail, company: string | null): string | null {
  const votes = new Map<string, { surface: string; score: number }>()
  const companyLower = company?.toLowerCase()
  const vote = (raw: string, w: number) => {
    const role = cleanRole(raw)
    if (role.length < 3 || role.length > 70 || NOT_A_ROLE.test(role)) return
    if (companyLower && role.toLowerCase() === companyLower) return
    const key = role.toLowerCase()
    const found = votes.get(key) ?? { surface: role, score: 0 }
    found.score += w
    votes.set(key, found)
  }
  const subject = email.subject
    .replace(/\s*\((?:[mwfdhx]\s*\/\s*)+[mwfdhx]\)/giu, '')
    .replace(/\s*\((?:R|JR|REQ|Req|ID|Ref|Job)?[-\s#]?\d+\)/gu, '')
    .replace(/^\s*(?:(?:re|aw|sv|antw|rif|r|fwd?|fw|wg|tr|rv|enc)\s*:\s*)+/iu, '')
  for (const { re, w } of SUBJECT) {
    for (const match of subject.matchAll(re)) vote(match[1]!, w)
  }
  for (const { re, w } of BODY) {
    for (const match of email.body.matchAll(re)) vote(match[1]!, w)
  }
  // Titles that end in a job noun are roles; a subject fragment like "Contract" is not.
  for (const entry of votes.values()) {
    if (ROLE_NOUN.test(entry.surface)) entry.score += 2
  }
  // A role named in the body and the subject both is the surest.
  for (const entry of votes.values()) {
    if (subject.toLowerCase().includes(entry.surface.toLowerCase())) entry.score += 1
  }
  const best = [...votes.values()].sort((a, b) => b.score - a.score)[0]
  return best && best.score >= 2.5 ? best.surface : null
}
