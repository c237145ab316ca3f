/**
 * The employer an email is about, by votes from several places: the sender's display name
 * ("Acme Recruiting", "Acme via Greenhouse", "Talent Team at Acme", "Priya from Acme"), the
 * sender's domain when it is the employer's own (careers.acme-robotics.de → Acme Robotics; not a
 * mail provider, an applicant-tracking system or a job board), the company slug an ATS puts in
 * its address (acme@myworkday.com), phrases of the body ("your application to Acme", "bei der
 * Acme GmbH", "chez Acme", "The Acme Team") and the subject. Names that agree with the domain
 * win. The answer is the brand as people write it: legal forms (GmbH, AG, Ltd, S.A., …) are
 * dropped, the spelling and case of the best-placed mention are kept.
 */
import type { PreparedEmail } from './prepare.ts'

/** Mailbox providers: their domain says nothing about the employer. */
const MAIL_PROVIDERS = new Set(
  `gmail.com googlemail.com outlook.com outlook.de outlook.fr outlook.es hotmail.com hotmail.de
  hotmail.fr hotmail.es hotmail.co.uk live.com live.de live.fr msn.com yahoo.com yahoo.de yahoo.fr
  yahoo.es yahoo.co.uk ymail.com icloud.com me.com mac.com aol.com gmx.de gmx.net gmx.at gmx.ch
  gmx.com web.de t-online.de freenet.de posteo.de mailbox.org proton.me protonmail.com pm.me
  orange.fr wanadoo.fr free.fr laposte.net sfr.fr bbox.fr libero.it virgilio.it tiscali.it
  telefonica.net ziggo.nl kpnmail.nl sapo.pt zoho.com fastmail.com hey.com tutanota.com
  seznam.cz wp.pl o2.pl example.com example.net example.org`.split(/\s+/),
)

/** Applicant-tracking systems, schedulers and job boards that send on an employer's behalf. */
const SENDER_PLATFORMS = [
  'greenhouse.io',
  'greenhouse-mail.io',
  'lever.co',
  'myworkday.com',
  'workday.com',
  'myworkdayjobs.com',
  'smartrecruiters.com',
  'smartrecruiters.net',
  'ashbyhq.com',
  'personio.de',
  'personio.com',
  'teamtailor.com',
  'teamtailor-mail.com',
  'recruitee.com',
  'workable.com',
  'workablemail.com',
  'bamboohr.com',
  'jobvite.com',
  'icims.com',
  'successfactors.com',
  'successfactors.eu',
  'taleo.net',
  'oraclecloud.com',
  'jazzhr.com',
  'applytojob.com',
  'breezy.hr',
  'join.com',
  'softgarden.io',
  'softgarden.de',
  'rexx-systems.com',
  'dvinci.de',
  'dvinci-easy.com',
  'concludis.de',
  'onlyfy.com',
  'onlyfy.jobs',
  'prescreen.io',
  'hr4you.org',
  'umantis.com',
  'homerun.co',
  'welcomekit.co',
  'welcometothejungle.com',
  'flatchr.io',
  'talentsoft.com',
  'cornerstoneondemand.com',
  'pinpointhq.com',
  'comeet.co',
  'rippling.com',
  'gem.com',
  'hirevue.com',
  'calendly.com',
  'goodtime.io',
  'google.com',
  'calendar.google.com',
  'linkedin.com',
  'indeed.com',
  'indeedemail.com',
  'glassdoor.com',
  'stepstone.de',
  'stepstone.com',
  'xing.com',
  'monster.com',
  'monster.de',
  'infojobs.net',
  'indeed.es',
  'indeed.fr',
  'indeed.de',
  'apec.fr',
  'hellowork.com',
  'jobteaser.com',
  'ziprecruiter.com',
  'otta.com',
  'wellfound.com',
  'angel.co',
  'dice.com',
  'seek.com.au',
  'totaljobs.com',
  'reed.co.uk',
  'cwjobs.co.uk',
  'jobs.ch',
  'karriere.at',
  'stackoverflow.com',
  'mailgun.org',
  'sendgrid.net',
  'amazonses.com',
  'mandrillapp.com',
  'gupy.io',
  'gupy.com.br',
  'kenoby.com',
  'catho.com.br',
  'computrabajo.com',
  'bumeran.com',
  'occ.com.mx',
  'pracuj.pl',
  'erecruiter.pl',
  'traffit.com',
  'nofluffjobs.com',
  'justjoin.it',
  'indeed.co.uk',
  'indeed.com.br',
  'stepstone.nl',
  'stepstone.be',
  'stepstone.at',
  'jobs.lu',
  'paylocity.com',
  'ultipro.com',
  'dayforce.com',
  'adp.com',
  'avature.net',
  'beamery.com',
  'phenompeople.com',
  'eightfold.ai',
  'hirehive.com',
  'recruiterbox.com',
  'manatal.com',
  'zohorecruit.com',
  'zohorecruit.eu',
  'freshteam.com',
  'hibob.com',
  'factorial.co',
  'factorialhr.com',
  'kenjo.io',
  'malt.fr',
  'malt.com',
  'cv-library.co.uk',
  'jobserve.com',
  'adzuna.com',
  'talent.com',
  'jooble.org',
  'hireology.com',
  'pinpoint.com',
  'workstream.us',
]

/** Names that are never the employer: platforms, job boards, tools, greetings. */
const NOT_A_COMPANY = new Set(
  `greenhouse lever workday smartrecruiters ashby personio teamtailor recruitee workable bamboohr
  bamboo jobvite icims taleo successfactors linkedin indeed glassdoor stepstone xing monster infojobs
  welcometothejungle ziprecruiter welcome jungle hirevue codesignal hackerrank calendly zoom googlemeet meet teams
  microsoftteams google microsoft gmail outlook the team dear hi hello hey thanks thank you we our
  unfortunately please congratulations regards best kind hiring recruiting recruitment talent careers
  career jobs job hr people noreply no reply notifications notification mail email info
  ihr ihre ihnen sie dein deine dich dir du wir uns unser euch vous nous votre notre tu te toi
  usted nosotros tu su equipo hola bonjour hallo guten salut estimado estimada monday tuesday
  wednesday thursday friday saturday sunday january february march april may june july august
  september october november december montag dienstag mittwoch donnerstag freitag lundi mardi
  mercredi jeudi vendredi gerne gern lunes martes miércoles jueves viernes linkedincorporation
  accepted declined tentative updated canceled cancelled calendar docusign codility talento
  recrutamento recrutement reclutamiento reclutamento selección seleccion selezione personale werving
  personalabteilung rrhh rh gupy rekrutacja rekrutacji kadry dział zespół`.split(/\s+/),
)

/** Words that mark a sender name as a team rather than a person, and are dropped from it. */
const TEAM_WORDS =
  /\b(?:global |graduate |campus |university |tech(?:nical)? |corporate |central )?(?:early careers|early talent|campus recruiting|people ops|selezione|ufficio selezione|ufficio personale|personale|risorse umane|talent acquisition|talent team|talent partners?|talent|ops|recruiting team|recruitment team|recruiting|recruitment|recruiter|recruiters|hiring team|hiring|careers?|karriere|jobs|job team|people team|people operations|people & culture|people and culture|people|hr team|human resources|hr|personal(?:abteilung)?|personalwesen|bewerbermanagement|recrutement|ressources humaines|rh|rrhh|selección|seleccion|recursos humanos|talento|empleo|recrutamento|reclutamento|ufficio hr|risorse umane|werving|werken ?bij|rekrutacj[ai]|zespół rekrutacji|zespół|dział (?:hr|kadr|personalny)|kadry|team|equipo|équipe|l'équipe|noreply|no-reply|notifications?|candidates?|applications?|bewerbung(?:en)?)\b/giu

const LEGAL_FORMS =
  /(?:,?\s+(?:gmbh\s*&\s*co\.?(?:\s*kg(?:aa)?)?|ggmbh|gmbh|mbh|ag|kg(?:aa)?|ohg|e\.\s?v\.|e\.v\.|se|ug(?:\s*\(haftungsbeschränkt\))?|ltd\.?|limited|llc|l\.l\.c\.|inc\.?|incorporated|corp\.?|corporation|plc|llp|lp|co\.|s\.?\s?a\.?\s?s\.?|sas|sarl|s\.?\s?a\.?\s?r\.?\s?l\.?|s\.?\s?a\.?|s\.?\s?l\.?|s\.?\s?l\.?\s?u\.?|s\.?\s?p\.?\s?a\.?|s\.?\s?r\.?\s?l\.?|b\.?\s?v\.?|n\.?\s?v\.?|a\/s|as|ab|oy|oyj|sp\.?\s?z\s?o\.?\s?o\.?|pty\.?(?:\s+ltd\.?)?|pvt\.?|private|lda\.?|unipessoal|s\.?\s?r\.?\s?o\.?|spółka z o\.\s?o\.?))+\s*$/iu

/** Two-part public suffixes: the registrable name is the label before them. */
const TWO_PART_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'me.uk',
  'com.au',
  'net.au',
  'org.au',
  'co.nz',
  'com.br',
  'com.mx',
  'com.ar',
  'co.za',
  'co.jp',
  'co.in',
  'com.es',
  'com.pt',
  'com.tr',
  'com.pl',
  'co.at',
  'or.at',
  'com.sg',
  'com.hk',
  // Public bodies and universities: eastmoorcouncil.gov.uk is Eastmoor Council, not "Gov".
  'gov.uk',
  'nhs.uk',
  'police.uk',
  'sch.uk',
  'ltd.uk',
  'plc.uk',
  'gov.au',
  'edu.au',
  'ac.nz',
  'govt.nz',
  'org.nz',
  'gob.es',
  'org.es',
  'edu.es',
  'gob.mx',
  'edu.mx',
  'gouv.fr',
  'asso.fr',
  'gv.at',
  'ac.at',
  'ac.in',
  'gov.in',
  'org.in',
  'co.il',
  'com.co',
  'com.pe',
  'org.br',
  'gov.br',
  'edu.pl',
  'gov.pl',
])

/** Subdomains employers send from: careers.acme.com, mail.jobs.acme.de. */
const SENDING_SUBDOMAINS =
  /^(?:careers?|jobs?|karriere|recruiting|recruitment|talent|hr|people|mail|email|e-mail|mailer|news|newsletter|notifications?|notify|info|noreply|no-reply|bounce|send|smtp|em\d*|m|mg|apply|hire|team|corp|www|eu|us|uk|de|fr|es|candidates?|bewerbung|emploi|empleo|trabajo|werkenbij|recrutement|stellen)\./i

const GENERIC_LOCAL_PARTS =
  /^(?:no-?reply|do-?not-?reply|donotreply|notifications?|notify|alerts?|jobs?|careers?|talent|recruiting|recruitment|hr|info|mail|mailer|system|support|hello|hi|team|candidates?|applications?|apply|bounce|reply|reply-.*|messages?|updates?|jobalerts?|jobs-noreply|invitations?|hiring|people|automated|auto|autoreply|postmaster|[a-f0-9-]{8,}|.*-noreply|mailrobot|robot|.*\d{4,}.*)$/i

export interface CompanyDecision {
  company: string | null
  reasons: string[]
}

interface Candidate {
  key: string
  surfaces: Map<string, number>
  score: number
  sources: string[]
}

export function companyKey(name: string): string {
  return stripLegalForm(name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[łŁ]/g, 'l')
    .replace(/[øØ]/g, 'o')
    .replace(/[đĐ]/g, 'd')
    .replace(/[æÆ]/g, 'ae')
    .replace(/[œŒ]/g, 'oe')
    .replace(/ı/g, 'i')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]/g, '')
}

/** The key with German umlauts written out (Bäckerei → baeckerei), as domains spell them. */
/** The keys a name may be spelt by in a domain: "Vigne & Terroir" → vigneandterroir, vigneterroir. */
function looseKeys(name: string): string[] {
  return [
    companyKey(name),
    germanKey(name),
    companyKey(name.replace(/\s*(?:&|\band\b|\bund\b|\bet\b|\by\b)\s*/giu, ' ')),
    // "Ferro & Seta" at ferroeseta.it, "Smit & Zonen" at smitenzonen.nl, "Black & White" at blacknwhite.
    ...(/&/.test(name)
      ? ['e', 'y', 'en', 'n', 'i', 'und', 'et'].map((word) =>
          companyKey(name.replace(/\s*&\s*/g, ` ${word} `)),
        )
      : []),
  ]
}

function germanKey(name: string): string {
  return companyKey(
    name
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/Ä/g, 'Ae')
      .replace(/Ö/g, 'Oe')
      .replace(/Ü/g, 'Ue'),
  )
}

export function stripLegalForm(name: string): string {
  let result = name.trim().replace(/[.,;:!?)\]]+$/u, '')
  for (let i = 0; i < 3; i++) {
    const next = result.replace(LEGAL_FORMS, '').trim()
    if (next === result || next.length < 2) break
    result = next
  }
  return result.replace(/[\s,–—-]+$/u, '').trim()
}

function registrableLabel(domain: string): { label: string; sub: string[] } | undefined {
  const parts = domain.toLowerCase().split('.').filter(Boolean)
  if (parts.length < 2) return undefined
  const lastTwo = parts.slice(-2).join('.')
  const cut = TWO_PART_SUFFIXES.has(lastTwo) ? 3 : 2
  if (parts.length < cut) return undefined
  return { label: parts[parts.length - cut]!, sub: parts.slice(0, parts.length - cut) }
}

function isPlatform(domain: string): boolean {
  return SENDER_PLATFORMS.some((platform) => domain === platform || domain.endsWith(`.${platform}`))
}

/** Words a company slug often ends with, split off when the slug runs them together. */
const SLUG_TAILS =
  /^(.{3,}?)(media|labs?|group|gruppe|groupe|grupo|systems?|software|energy|energie|energia|health|bank|finance|capital|foods?|travel|games|studios?|digital|solutions|consulting|logistics|logistik|kitchens?|analytics|fintech|robotics|insurance|legal|dental|design|hotels?|mobility|pharma|medical|motors|tech|technologies|networks?|security|ventures|partners|retail|fashion|architects|engineering|construction|transit|learning|payments|bio|apps?|cloud|data|ai|freight|shipping|transport|bouw|bau|versicherung|verlag|werke|kliniken|energies|foods?|brewery|brewing|coffee|farms?|homes?|care|clinic|pharmacy|industries|aviation|airlines?|marine|textiles|furniture|interiors|outdoor|sports?|wear|beauty|cosmetics|education|academy|school|institute|bank|recruitment|recruiting|conseil|advies|beratung|consulenza|consultoria|consultores|seguros|assicurazioni|assurances?|versicherungen|immobilien|immobilier|logistica|logistique|salud|saude|sante|gesundheit|medtech|medizintechnik|harbour|harbor|council|university|college|trust|foundation|stiftung|fundación|fondation)$/

/** Words a company slug often starts with ("grupoalmendra" → Grupo Almendra). */
const SLUG_HEADS =
  /^(grupo|groupe|gruppe|group|maison|atelier|casa|studio|hotel|bodegas?|banco|banque|clinica|clínica|klinik|stadtwerke|cantieri|cantina|transportes|transports|editions|éditions|editorial|librería|libreria|bottega|officine|officina|fattoria|quinta|herdade|hof|haus)(.{3,})$/

/** "nordlicht-energie" → "Nordlicht Energie"; "greyhoundmedia" → "Greyhound Media". */
function prettifySlug(slug: string): string {
  const parts = slug.split(/[-_.]+/).filter(Boolean)
  if (parts.length === 1) {
    const tail = SLUG_TAILS.exec(parts[0]!)
    if (tail) parts.splice(0, 1, tail[1]!, tail[2]!)
    else {
      const head = SLUG_HEADS.exec(parts[0]!)
      if (head) parts.splice(0, 1, head[1]!, head[2]!)
    }
  }
  return parts.map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join(' ')
}

/** The employer's slug from the sender's address: its own domain, or an ATS's sub-address. */
export function domainHints(address: string): { slug: string; own: boolean }[] {
  const at = address.lastIndexOf('@')
  if (at < 0) return []
  const local = address.slice(0, at).toLowerCase().replace(/\+.*$/, '')
  const domain = address.slice(at + 1).toLowerCase()
  if (MAIL_PROVIDERS.has(domain)) return []
  const hints: { slug: string; own: boolean }[] = []
  if (isPlatform(domain)) {
    const reg = registrableLabel(domain)
    // acme.teamtailor.com, acme.wd3.myworkday.com, acme.recruitee.com
    for (const sub of reg?.sub ?? []) {
      if (
        !SENDING_SUBDOMAINS.test(`${sub}.`) &&
        !/^wd\d+$|^us$|^eu$|^[a-z]{2}\d?$|^candidates$|^talent$|^mail$/i.test(sub)
      )
        hints.push({ slug: sub, own: false })
    }
    if (!GENERIC_LOCAL_PARTS.test(local) && !/[.]/.test(local))
      hints.push({ slug: local, own: false })
    return hints
  }
  const stripped = domain.replace(
    new RegExp(`^(?:${SENDING_SUBDOMAINS.source.slice(1)})+`, 'i'),
    '',
  )
  const reg = registrableLabel(stripped) ?? registrableLabel(domain)
  if (reg) hints.push({ slug: reg.label, own: true })
  return hints
}

// A company name as written: capitalised words, digits, "&", inner hyphens and apostrophes,
// lower-case particles between capitals ("Welcome to the Jungle" is a board, "Harbor & Finch").
const CAP = String.raw`(?:[\p{Lu}\d][\p{L}\p{N}'’]*(?:[-.][\p{L}\p{N}]+)*)`
const JOIN = String.raw`(?:[ \t]+(?:&|of|de|del|la|le|du|des|van|von|der|di|da|do|y|e|et)?[ \t]*)`
const NAME = String.raw`(${CAP}(?:${JOIN}${CAP}){0,4}(?:,?[ \t]+(?:GmbH(?:[ \t]*&[ \t]*Co\.?[ \t]*KG)?|gGmbH|AG|SE|KG|Ltd\.?|Limited|LLC|Inc\.?|plc|PLC|S\.A\.?|SA|SAS|SARL|S\.L\.?|SL|S\.p\.A\.?|SpA|S\.r\.l\.?|srl|B\.V\.?|BV|N\.V\.?|NV|AB|AS|Oy|Lda\.?|Pty[ \t]+Ltd\.?|Pvt\.?[ \t]+Ltd\.?|Private[ \t]+Limited|sp\.[ \t]*z[ \t]*o\.[ \t]*o\.))?)`

interface Pattern {
  re: RegExp
  w: number
  label: string
}

function pattern(w: number, label: string, source: string, flags = 'gu'): Pattern {
  return { re: new RegExp(source.replace(/NAME/g, NAME), flags), w, label }
}

// Body phrases that name the employer; the lead-in is matched without case, the name with it.
const BODY_PATTERNS: Pattern[] = [
  pattern(
    3,
    'applied to',
    String.raw`(?:[Aa]pplication|[Aa]pplying|[Aa]pplied|[Cc]andidacy|[Ii]nterest(?:ed)?|[Ii]nterviewing|[Ii]nterview|[Cc]areer|[Tt]ime)[ \t]+(?:to|with|at|in|in joining|in working at|for joining)[ \t]+NAME`,
  ),
  pattern(
    3.5,
    'role at',
    String.raw`(?:[Pp]osition|[Rr]ole|[Jj]ob|[Oo]pening|[Vv]acancy|[Oo]pportunity|[Tt]eam|[Oo]ffice|[Pp]ost|[Ss]tudio|[Ll]ab|[Hh]ere|[Ww]ork|[Jj]oin us|[Cc]areers?)[ \t]+(?:here[ \t]+)?at[ \t]+NAME`,
  ),
  pattern(1.5, 'at', String.raw`(?<=[a-z,])[ \t]+at[ \t]+NAME`),
  pattern(
    2.5,
    'join',
    String.raw`(?:[Jj]oin(?:ing)?|[Ww]elcome to|[Ww]elcoming you to|[Oo]n behalf of|[Ff]rom|[Ww]ith|[Aa]t)[ \t]+(?:us at[ \t]+|the team at[ \t]+|the team of[ \t]+)?NAME(?=[ \t]+as\b|[ \t]*[!.,]|[ \t]+team\b|[ \t]*\n)`,
  ),
  pattern(
    3.5,
    'on behalf of',
    String.raw`(?:[Oo]n behalf of|[Dd]e parte de|[Ii]m [Aa]uftrag (?:der|von)|[Aa]u nom de|[Ff]or our client)[ \t]+NAME`,
  ),
  pattern(
    3.5,
    'team signature',
    String.raw`(?:^|\n)[ \t]*(?:[Tt]he|[Yy]our|[Ii]hr|[Dd]ein|[Ee]uer|[Tt]eam)[ \t]+(?:[Rr]ecruiting-?[ \t]*[Tt]eam[ \t]+(?:der|von)[ \t]+)?NAME(?=[ \t]*(?:[- ]?(?:[Tt]eam|[Rr]ecruiting|[Rr]ecruitment|[Hh]iring|[Tt]alent|[Pp]eople|HR|Careers)\b|[ \t]*$|\n))`,
    'gmu',
  ),
  pattern(
    3.5,
    'team signature (team last)',
    String.raw`(?:^|\n)[ \t]*NAME[ \t]+(?:[Rr]ecruit(?:ing|ment)|[Hh]iring|[Tt]alent(?: [Aa]cquisition)?|[Pp]eople|HR|[Cc]areers|[Gg]raduate [Rr]ecruitment)?[ \t]*(?:[Tt]eam|[Tt]alent [Aa]cquisition|[Rr]ecruiting|[Rr]ecruitment|[Hh]uman [Rr]esources|[Cc]areers)[ \t]*$`,
    'gmu',
  ),
  pattern(
    3.5,
    'l’équipe / el equipo de',
    String.raw`(?:[Ll]['’][ÉéEe]quipe|[ÉE]quipe|[Ee]l equipo|[Ee]quipo|[Ee]quipa|[Tt]eam|[Rr]ecruiting-Team|[Dd]epartamento de [Rr]ecursos [Hh]umanos|[Uu]fficio HR|[Dd]irection des [Rr]essources [Hh]umaines)(?:[ \t]+(?:[Rr]ecrutement|RH|[Tt]alent(?:o)?|de [Tt]alento|de [Rr]ecrutamento|de [Ss]elección|de [Pp]ersonas)(?:[ \t]*[-–—|][ \t]*(?=\p{Lu}))?)?(?:[ \t]+(?:de|da|do|der|von|del|chez))?[ \t]+NAME`,
  ),
  pattern(
    3,
    'bei',
    String.raw`(?:\b[Bb]ei|\b[Ii]nteresse an|\b[Tt]ätigkeit in|\b[Tt]ätigkeit bei|\b[Kk]arriere bei|\b[Ww]illkommen bei|\b[Ww]illkommen in)[ \t]+(?:der[ \t]+|dem[ \t]+|den[ \t]+|die[ \t]+)?NAME`,
  ),
  pattern(
    3,
    'chez',
    String.raw`(?:\b[Cc]hez|\b[Aa]u sein de|\b[Aa]u sein d['’]|\b[Pp]ortez à|\b[Pp]our rejoindre|\b[Rr]ejoindre)[ \t]+(?:la[ \t]+|le[ \t]+|l['’])?NAME`,
  ),
  pattern(
    2.5,
    'en (es)',
    String.raw`(?:\b[Cc]andidatura|\b[Pp]uesto de [\p{L} ]{2,40}|\b[Ii]nterés|\b[Pp]arte|\b[Tt]rabajar|\b[Ee]quipo)[ \t]+(?:en|de|a)[ \t]+NAME`,
  ),
  pattern(
    3,
    'news from',
    String.raw`(?:[Ff]eedback|[Nn]ews|[Uu]pdate|[Ww]ord|[Rr]esponse|[Aa]nswer|[Rr]ückmeldung|[Nn]ouvelles|[Rr]espuesta|[Hh]eard back|[Hh]eard)[ \t]+(?:from|von|de|de la part de)[ \t]+NAME`,
  ),
  pattern(
    2.5,
    'the company acts',
    String.raw`(?:^|[.!?:,–—-][ \t]+|\n|\b(?:that|and)[ \t]+)NAME[ \t]+(?:would like|would love|'d like|have come back|has come back|came back|have decided|has decided|have got back|has got back|are looking|is looking|want to|wants to|reviewed|has reviewed|viewed|revisó|ha revisado|ha visto|want you|wants you|are keen|is keen|are interested|is interested|have proposed|has proposed|have asked|has asked|möchte|möchten|würde gerne|würden gerne|hat sich|haben sich|souhaite|aimerait|quiere|quieren)(?![\p{L}])|\bque[ \t]+NAME[ \t]+(?:ha|han)[ \t]+(?:decidido|cubierto|revisado|elegido)`,
  ),
  pattern(
    3,
    'intérêt pour',
    String.raw`(?:[Ii]ntérêt|[Mm]anifesté|[Pp]ortez)[ \t]+(?:\p{L}+[ \t]+){0,4}(?:pour|à|envers)[ \t]+(?:la[ \t]+|le[ \t]+|l['’])?NAME`,
  ),
  pattern(
    3.5,
    'the company X',
    String.raw`(?:\b[Tt]he (?:company|employer|hiring company)|\b[Ll]a (?:empresa|société|compañía|entreprise)|\b[Ll]['’](?:entreprise|employeur|azienda)|\b[Dd]as [Uu]nternehmen|\b[Dd]er [Aa]rbeitgeber|\b[Hh]et bedrijf|\b[Aa] empresa|\b[Ll]['’]azienda)[ \t]+NAME`,
  ),
  pattern(
    3,
    'message from',
    String.raw`(?:\b[Mm]essage|\b[Nn]achricht|\b[Mm]ensaje|\b[Mm]essaggio|\b[Bb]ericht|\b[Mm]ensagem|\b[Rr]eply|\b[Rr]esponse)[ \t]+(?:from|von|de|de la part de|da|van)[ \t]+NAME`,
  ),
  // An agency's or a manager's account of a conversation: "I've just had a call with Alder & Pike".
  pattern(
    2.5,
    'a call with',
    String.raw`(?:\b[Cc]all|\b[Cc]hat|\b[Ss]poke|\b[Ss]poken|\b[Ss]peaking|\b[Cc]onversation|\b[Mm]eeting|\b[Cc]atch-up|\b[Hh]eard back|\b[Gg]ot back)[ \t]+(?:to|with|from)[ \t]+(?:the (?:team|hiring manager|client) at[ \t]+)?NAME`,
  ),
  pattern(
    2.5,
    'presso / bij / na',
    String.raw`(?:\b[Pp]resso|\b[Vv]erso|\b[Bb]ij|\b[Ii]nteresse na|\b[Ii]nteresse in)[ \t]+NAME`,
  ),
]

const SUBJECT_PATTERNS: Pattern[] = [
  pattern(
    3,
    'subject: to/at/with',
    String.raw`(?:\bto|\bat|\bwith|\bfrom|\bre|\bregarding|\bbei|\bchez|\ben|\bcon|\bvon|\bpresso|\bbij|\bna)[ \t]+(?:der[ \t]+)?NAME`,
  ),
  pattern(2.5, 'subject: lead', String.raw`^[ \t]*NAME[ \t]*(?:[-–—:|]|<>|x[ \t])`),
  // A job board's notice: "Acme wants to interview you", "Acme quiere hacerte una entrevista".
  pattern(
    3,
    'subject: the company acts',
    String.raw`^[ \t]*NAME[ \t]+(?:wants|would like|has (?:invited|sent|viewed|replied)|invites|is inviting|sent you|quiere|te ha|le ha|ha (?:visto|revisado)|möchte|hat (?:dich|sie|ihnen|dir)|lädt|souhaite|vous a|t['’]a|wil|vuole)\b`,
  ),
  pattern(
    3,
    'subject: message from',
    String.raw`(?:[Mm]essage|[Nn]achricht|[Mm]ensaje|[Mm]essaggio|[Bb]ericht|[Mm]ensagem)[ \t]+(?:from|von|de|da|van)[ \t]+NAME`,
  ),
  pattern(2, 'subject: tail', String.raw`(?:[-–—|][ \t]*)NAME[ \t]*$`),
]

/** Words a subject or sentence starts with that are never part of the employer's name. */
const LEADING_NOISE =
  /^(?:(?:re|aw|fwd?|fw|wg|tr|rv|sv|the|die|der|das|la|le|les|el|los|las|l['’]|your|our|ihre?|deine?|unsere?|votre|notre|tu|su|interview|interviews|invitation|invite|application|applications|offer|update|reminder|next|steps?|round|confirmation|congratulations|welcome|thank|thanks|entrevista|einladung|absage|zusage|bewerbung|vorstellungsgespräch|erinnerung|entretien|candidature|convocation|proposition|oferta|candidatura|propuesta|colloquio|uitnodiging|sollicitatie|convite|candidatura|phone|video|technical|screen|second|final|first|new|important|information|status|dear|hi|hello|hallo|bonjour|hola|ciao|olá|hoi)\b[:\s-]*)+/iu

function cleanCandidate(raw: string): string {
  let name = raw.replace(/\s+/g, ' ').trim()
  name = name.replace(LEADING_NOISE, '')
  // Drop team words at either end ("Acme Recruiting Team", "Recruiting Team Acme").
  for (let i = 0; i < 3; i++) {
    const before = name
    name = name
      .replace(
        /^(?:Team|Equipo|Équipe|Ihr|Dein|Your|Rekrutacja|Zespół(?:\s+Rekrutacji)?|Dział\s+(?:HR|Kadr))\s+/u,
        '',
      )
      .replace(
        /[\s-]+(?:Early\s+Careers|Early\s+Talent|Early|Ops|Selezione|Personale|People\s+Ops|Recruiting|Recruitment|Hiring|Talent(?:\s+Acquisition)?|People(?:\s+(?:Team|Operations))?|HR|Careers?|Jobs|Karriere|Team|Recrutement|RH|RRHH|Talento|Selección|Personal|Personalabteilung|Human\s+Resources|Ressources\s+Humaines|Recursos\s+Humanos|Rekrutacja|Kadry|Graduate|Graduates|Campus|Acquisition)$/u,
        '',
      )
      .trim()
    if (name === before) break
  }
  return stripLegalForm(name)
}

function isPlausible(name: string): boolean {
  if (name.length < 2 || name.length > 60) return false
  if (!/\p{L}/u.test(name)) return false
  const key = companyKey(name)
  if (key.length < 2) return false
  const words = name.toLowerCase().split(/\s+/)
  if (words.every((word) => NOT_A_COMPANY.has(word.replace(/[^\p{L}]/gu, '')))) return false
  if (NOT_A_COMPANY.has(key)) return false
  // "4Sight Robotics", "3D Lattice", "1&1" are names; "2 December", "60k", "10am" are not.
  if (/^\d/.test(name) && !/^\d+[\p{Lu}&]/u.test(name)) return false
  // "Hardware Engineer", "Tax Manager": a role, not an employer.
  if (
    /(?:engineer|developer|designer|manager|analyst|scientist|architect|consultant|specialist|officer|coordinator|director|assistant|intern|trainee|accountant|associate|executive|administrator|strategist|position|role|vacancy|opening|application|interview|entwickler\p{L}*|ingenieur\p{L}*|referent\p{L}*|développeur|ingénieur|analyste|ingenier[oa]|desarrollador[a]?|analista)$/iu.test(
      name,
    )
  )
    return false
  return true
}

/** Common given names in the languages of European job seekers and their recruiters. */
const GIVEN_NAMES = new Set(
  `aaron adam adrian ahmed aisha alex alexander alexandra ali alice amelia amir ana andrea andreas
  andrew angela anna anne antoine anton antonio ben benjamin bernd camille carla carlos carmen
  caroline charlotte chloe chloé chris christian christina christine claire clara daniel daniela
  david diana diego dirk elena elif elisa emily emma eric erik eva fabian felix florian francesca
  francesco françois frank george giulia grace hanna hannah hans harry helen helena hugo ines inès
  isabel jack jakob james jan jana javier jennifer jess jessica joanna johannes john jonas jonah
  jordan jose josé joseph julia julian julie julien juan jürgen karin katharina katrin kevin klaus
  lara laura lea lena leo leon lisa lucas lucia lucía luca luis luisa lukas marc marco maria marie
  mario mark marta martin mary matteo matthias max maya megan mia michael michel miguel mohamed
  nadia natalie nico nicolas nina noah nora olivia oliver pablo paolo patrick paul paula peter
  philipp pierre priya rachel rafael raphael rebecca ricardo robert sabine sam samuel sandra sara
  sarah sebastian simon sofia sophie stefan stefanie stephanie susanne sven thomas tim tobias tom
  tomas valentina vanessa victoria vincent william yasmin zoe abigail adrienne agnieszka aiko akira
  alba alejandro alessandro alexis alicia alina alvaro amanda amara amina anastasia andre andrés
  angelika anja anke annika antonia arjun ashley astrid aurelie aurélie barbara bastian beatriz
  benedikt bianca birgit bjorn björn brian bruno carina carlo carolina caterina cecilia celine
  céline charles chiara christoph claudia colin conor constanze cristina dana daniele dario david
  deborah denise dennis dimitri dmitri dominik dorothea edward elias elif eliza elizabeth ella
  emilia emily enrico erika ernesto esther eva fatima fatma federica felipe fernando finn florence
  franziska frederik gabriel gabriela gemma georg gianluca gregor greta guillaume gustavo hamza
  hannes hassan heike helga hendrik henrik holger ian igor ilse irene iris isabella ivan jacob
  jan jana jasmin jasper javier jean jens jeroen jesper jessica joana joao joão joel johanna jorge
  josef joshua judith jule julio justin kai karen karl karolina kasper kate katja kenji kerstin
  kim klara konstantin kristina lars laurent leila lena lennart leonie liam lina linda lisa lorenzo
  lotte louis louise luana lucie ludwig luise lukas madeleine magdalena maja malte manuel manon
  marcel marcus mareike margarete mariana marina marius marta martina marvin mathilde matthew
  maurice maximilian melanie michaela miguel mila milan miriam moritz nadine natalia nathalie
  nicole niklas nils noemi noor ole olga oscar pablo patricia paulina pedro petra philippe pia
  pietro quentin rafael ralf ramona raul raúl regina rené renate robin roland rosa ruben ruth
  sabrina samira sanne sandro santiago sascha saskia selin silvia simone sinead siobhan sofie
  sophia stella susanna svenja tanja teresa theo theresa thiago till tina tobias torsten ulrike
  ursula uwe valentin valeria vera veronika viktor viktoria walter wiebke wolfgang xavier yannick
  yusuf zeynep`.split(/\s+/),
)

/** A display name that is a person: a given name followed by one to three capitalised words. */
function looksLikePerson(name: string): boolean {
  const parts = name.trim().split(/\s+/)
  if (parts.length < 2 || parts.length > 4) return false
  if (
    !parts.every((part) =>
      /^[\p{Lu}][\p{Ll}'’-]+\.?$|^(?:de|van|von|der|da|di|del|la|le)$/u.test(part),
    )
  )
    return false
  return GIVEN_NAMES.has(parts[0]!.toLowerCase())
}

/** "Ellie Shaw <ellie.shaw@…>", "Raj Patel <raj@…>", "Jo Brandt <jbrandt@…>": the address's
 * own part spells the display name's given name, so the display name is a person, not a company. */
function namedByAddress(display: string, address: string): boolean {
  const words = display.trim().split(/\s+/)
  if (words.length < 2 || words.length > 4) return false
  if (!words.every((word) => /^[\p{Lu}][\p{Ll}'’-]+$/u.test(word))) return false
  const local = address.slice(0, address.lastIndexOf('@')).toLowerCase()
  const tokens = local.split(/[._-]+/).filter(Boolean)
  const first = companyKey(words[0]!)
  const last = companyKey(words[words.length - 1]!)
  if (first.length < 2) return false
  return (
    tokens[0] === first ||
    (tokens.length === 1 && (local === `${first}${last}` || local === `${first[0]}${last}`)) ||
    (tokens.length >= 2 && tokens[0] === first[0] && tokens.at(-1) === last)
  )
}

/** Recruitment agencies send on behalf of a client: their own name is not the employer. */
const AGENCY =
  /recruit|staffing|personnel|headhunt|search|executive|consult(?:ing|ants)|hiring|careers?partners|talent(?:partners?|solutions|search|group)|jobs?agent|interim|zeitarbeit|personaldienst|personalberatung|(?:^|-)personal(?:-|$)|seleccion|recrutement|cabinet/i

/** An agency's own domain ("northgate-recruitment.co.uk", "talentwerk-personal.de"): its name is
 * never the employer when the message names a client. Narrower than AGENCY: consultancies hire too. */
const STRICT_AGENCY =
  /recruit\p{L}*|staffing|personnel|headhunt\p{L}*|zeitarbeit|personaldienst\p{L}*|personalberatung|personal|interim|recrutement|seleccion|talent(?:partners?|solutions|search|group)?$/u

/** "Marieke de Vries", "Pieter van den Berg": a person whose surname has a particle. */
const PERSON_WITH_PARTICLE =
  /^[\p{Lu}][\p{Ll}'’-]+\s+(?:de|van|von|van der|van den|von der|da|di|del|de la|dos|das|du|le|la)\s+[\p{Lu}][\p{Ll}'’-]+$/u

/** Words of company names that are written with accents, for a name only a domain spells
 * ("azur-energies.fr" → Azur Énergies, "clinica-sanmarco.es" → Clínica Sanmarco). */
const ACCENTED_WORDS = new Map(
  `énergie énergies santé société générale médical médicale électrique télécom hôtel hôtels café
  crédit académie équipements études ingénierie immobilière bâtiment pâtisserie boulangerie
  énergía energía tecnología tecnologías ingeniería construcción logística compañía clínica
  química óptica farmacéutica gestión información comunicación educación alimentación
  distribución telecomunicación fundación asociación saúde soluções serviços tecnologia
  comunicação construção educação informática técnica médica clínicas`
    .split(/\s+/)
    .map((word) => [companyKey(word), word] as const),
)

/** Names spelt without accents or umlauts (from a domain) in the body's own spelling: Lindgruen → Lindgrün. */
function respell(surface: string, texts: string[]): string {
  if (!/^[\x20-\x7e]+$/.test(surface)) return surface
  const spellings = new Map<string, string>()
  for (const text of texts) {
    // Words with a letter outside ASCII ("Lindgrün", "Énergies").
    for (const [word] of text.matchAll(/\p{L}*(?=[^\p{ASCII}])\p{L}+/gu)) {
      for (const key of [companyKey(word), germanKey(word)])
        if (!spellings.has(key)) spellings.set(key, word)
    }
  }
  return surface
    .split(' ')
    .map((part) => {
      const found =
        spellings.get(part.toLowerCase()) ??
        // Only for a word the message never writes itself ("Hotel" in the text stays Hotel).
        (texts.some((text) =>
          new RegExp(
            `(?<![\\p{L}])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`,
            'iu',
          ).test(text),
        )
          ? undefined
          : ACCENTED_WORDS.get(part.toLowerCase()))
      if (!found) return part
      return /^\p{Lu}/u.test(part) ? found.charAt(0).toUpperCase() + found.slice(1) : found
    })
    .join(' ')
}

/** "Eastmoor Borough Council" at eastmoorcouncil.gov.uk: the domain spells the first and last words. */
function spellsFirstAndLast(name: string, key: string): boolean {
  const words = name.split(/\s+/).map(companyKey).filter(Boolean)
  return words.length >= 3 && key.length >= 6 && `${words[0]}${words.at(-1)}` === key
}

/** The names of the platforms above ("computrabajo", "stepstone"), never an employer. */
const PLATFORM_NAMES = new Set(
  SENDER_PLATFORMS.map(
    (domain) => registrableLabel(domain)?.label.replace(/[^a-z0-9]/g, '') ?? '',
  ).filter((label) => label.length >= 5 && label !== 'google'),
)

/** Body patterns whose name may be a person one meets ("with Nadia"). */
const WITH_PERSON = new Set(['applied to', 'join', 'a call with'])

/** The employer of a prepared email, or null. */
export function decideCompany(email: PreparedEmail, candidateName?: string): CompanyDecision {
  const candidates = new Map<string, Candidate>()
  // People the message names by their address ("alex.morgan@…" in a calendar's guest list, the
  // invitee in its subject): "Interview with Alex Morgan" names the seeker, not the employer.
  const addressedPeople = new Set(
    [...`${email.subject}\n${email.body}`.matchAll(/([\p{L}\d]+(?:[._-][\p{L}\d]+)+)@/gu)].map(
      (match) => companyKey(match[1]!),
    ),
  )
  // The greeting names the seeker: "Hi Alex," → no "Alex Morgan" as an employer.
  const greeted =
    /^[ \t]*(?:hi|hello|hey|dear|hallo|liebe[rs]?|sehr geehrte[rs]?|bonjour|hola|estimad[oa]|ciao|gentile|caro|cara|beste|hoi|olá|oi|cześć|dzień dobry)[ \t]+(?:(?:herr|frau|mr\.?|ms\.?|mrs\.?|monsieur|madame|señor|señora|sr\.?|sra\.?)[ \t]+)?(\p{Lu}\p{Ll}+)/imu.exec(
      email.body,
    )?.[1]
  const vote = (raw: string, weight: number, source: string, clean = true) => {
    const name = clean ? cleanCandidate(raw) : raw
    if (!isPlausible(name)) return
    const key = companyKey(name)
    if (candidateName && companyKey(candidateName) === key) return
    if (addressedPeople.has(key)) return
    // "El equipo de Computrabajo": the platform that sent the notice is never the employer.
    if (PLATFORM_NAMES.has(key)) return
    if (greeted && name.split(/\s+/)[0] === greeted && /^\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+$/u.test(name))
      return
    const found: Candidate = candidates.get(key) ?? {
      key,
      surfaces: new Map<string, number>(),
      score: 0,
      sources: [],
    }
    found.score += weight
    found.surfaces.set(name, (found.surfaces.get(name) ?? 0) + weight)
    found.sources.push(`${source} (${name})`)
    candidates.set(key, found)
  }

  // A calendar or e-signature service sends for a person: the organiser's or sender's address in
  // the body ("Organizer: olivia@brindlefoods.com") is the employer's domain.
  const senderHints = domainHints(email.fromAddress)
  const organiser = senderHints.some((hint) => hint.own)
    ? undefined
    : (/(?:organi[sz]er|organisateur|organisator|organizador|organizzatore|sent by|sender)\b[^\n@]{0,60}?([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/iu.exec(
        email.body,
      ) ??
      // Google Calendar's "Who" list: "lea@kiln-systems.de - organiser".
      /([\w.+-]+@[\w-]+(?:\.[\w-]+)+)[ \t]*(?:[-–—(,][ \t]*)?(?:organi[sz]er|organisateur|organisator|organizador|organizzatore)\b/iu.exec(
        email.body,
      ))
  const hints = [
    ...senderHints,
    ...(organiser ? domainHints(organiser[1]!).filter((hint) => hint.own) : []),
  ].filter((hint) => !(hint.own && AGENCY.test(hint.slug)))
  const hintKeys = hints.map((hint) => ({ ...hint, key: hint.slug.replace(/[^a-z0-9]/g, '') }))
  const subjectLine = email.subject.replace(
    /^\s*(?:(?:re|aw|sv|antw|rif|r|fwd?|fw|wg|tr|rv|enc)\s*:\s*)+/iu,
    '',
  )

  // 1. The display name.
  const display = email.fromName.trim()
  if (display && !/@/.test(display)) {
    const via = /^([^(]+?)\s+\(?(?:via|through|über|par|vía|por medio de)\s+\S+/iu.exec(display)
    const viaPerson = via && looksLikePerson(via[1]!.trim())
    const at = /\b(?:at|@|bei|chez|en|de|von|from|\|)\s+(.+)$/iu.exec(display)
    const from = /^\S+\s+(?:from|de|von|da|van)\s+(.+)$/iu.exec(display)
    const spellsDomain = (name: string) =>
      looseKeys(name).some(
        (key) => key.length >= 3 && hintKeys.some((hint) => hint.key.includes(key)),
      )
    // "Mateo (Velora)", "Priya Shah [Acme]": a person and, in brackets, the employer.
    const bracket = /^([^([]+?)\s*[([]([^()[\]]+)[)\]]$/u.exec(display)
    // "Chloe | Wattle & Stone", "Dana Whitfield – Quarry & Co": a person, then the employer.
    const piped = /^([^|–—]+?)\s*[|–—]\s*([^|–—]+)$/u.exec(display)
    const pipedPerson =
      piped &&
      (GIVEN_NAMES.has(piped[1]!.trim().toLowerCase()) || looksLikePerson(piped[1]!.trim()))
    // "Welcome to the Jungle", "Indeed Career Guide": the platform that sent it, not an employer.
    const senderDomain = email.fromAddress.slice(email.fromAddress.lastIndexOf('@') + 1)
    const platformLabel = isPlatform(senderDomain)
      ? (registrableLabel(senderDomain)?.label.replace(/[^a-z0-9]/g, '') ?? '')
      : ''
    const namesPlatform =
      platformLabel.length >= 4 &&
      companyKey(
        display.replace(/\s+\(?(?:via|through|über|par|vía|por medio de)\s+.*$/iu, ''),
      ).includes(platformLabel)
    if (namesPlatform) {
      // no vote
    } else if (pipedPerson) {
      vote(piped[2]!, 4.5, 'display name (person | employer)')
    } else if (
      bracket &&
      !/^(?:via|through|über|par|vía)\b/iu.test(bracket[2]!) &&
      (looksLikePerson(`${bracket[1]!.split(/\s+/)[0]} X`) ||
        /^\p{Lu}\p{Ll}+(?:\s+\p{Lu}\p{Ll}+)?$/u.test(bracket[1]!))
    ) {
      vote(bracket[2]!, 4.5, 'display name (brackets)')
    } else if (PERSON_WITH_PARTICLE.test(display) && !spellsDomain(display.split(/\s+/).pop()!)) {
      // "Marieke de Vries": a person's name, not "Vries".
    } else if (via && viaPerson) {
      // "Jonas Meyer (via Google Calendar)", "Rebecca Hall via LinkedIn": a person, not the employer.
    } else if (via) vote(via[1]!, 5, 'display name "via"')
    else if (from && looksLikePerson(`${display.split(/\s+/)[0]} X`))
      vote(from[1]!, 4.5, 'display name "from"')
    else if (at) vote(at[1]!, 4.5, 'display name "at"')
    else {
      const withoutTeam = display
        .replace(TEAM_WORDS, ' ')
        .replace(/\s+[-–—|:]+\s+|[|:,]+|\s+-|-\s+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
      const hadTeamWords = withoutTeam !== display.replace(/\s+/g, ' ').trim()
      const displayKeys = looseKeys(withoutTeam)
      const matchesDomain = hintKeys.some((hint) =>
        displayKeys.some(
          (displayKey) =>
            displayKey.length >= 3 &&
            (hint.key.includes(displayKey) || displayKey.includes(hint.key)),
        ),
      )
      if (withoutTeam && hadTeamWords) vote(withoutTeam, matchesDomain ? 5 : 4, 'display name')
      else if (withoutTeam && matchesDomain) vote(withoutTeam, 5, 'display name = domain')
      else if (
        withoutTeam &&
        /GmbH|\bAG\b|Ltd|Inc\b|S\.A\.|\bSA\b|\bSL\b|plc|LLC|B\.V\.|SAS/u.test(display)
      )
        vote(withoutTeam, 4.5, 'display name with legal form')
      else if (
        withoutTeam &&
        !looksLikePerson(withoutTeam) &&
        !namedByAddress(display, email.fromAddress)
      )
        vote(
          withoutTeam,
          hints.some((hint) => !hint.own) || hints.length === 0 ? 3.5 : 2,
          'display name',
        )
    }
  }

  // 2. The body and the subject.
  const text = email.body
  for (const { re, w, label } of BODY_PATTERNS) {
    for (const match of text.matchAll(re)) {
      const name = match.slice(1).find(Boolean) ?? ''
      // "a call with Nadia", "an interview with Tom Ford": people one talks with, not employers.
      if (
        WITH_PERSON.has(label) &&
        (GIVEN_NAMES.has(name.trim().toLowerCase()) || looksLikePerson(name.trim()))
      )
        continue
      vote(name, w, label)
    }
  }
  for (const { re, w, label } of SUBJECT_PATTERNS) {
    for (const match of subjectLine.matchAll(re)) vote(match.slice(1).find(Boolean) ?? '', w, label)
  }
  // Signature lines: "Talent Partner, Acme", "Priya Shah | Recruiter | Acme", "Responsable RH – Acme".
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  for (const line of lines.slice(-8)) {
    if (line.length > 80) continue
    const parts = line.split(/\s*(?:[|,–—@]|\s-\s)\s*/u).filter(Boolean)
    if (parts.length < 2) continue
    const last = parts[parts.length - 1]!
    if (
      /\b(?:recruit|talent|manager|head|partner|lead|director|consultant|officer|responsable|referent|specialist|hr|people|operations|coordinator|gerente|consultor|directeur|associé|personal\p{L}*|ufficio|risorse|recursos|rrhh|rh|ressources|gente|selezione|selección|recrutamento|werving|zespół|dział|founder|ceo|coo|cto|cfo|owner|inhaber\p{L}*|geschäftsführ\p{L}*|gérant\p{L}*|fondat\p{L}*|fundador\p{L}*)/iu.test(
        parts.slice(0, -1).join(' '),
      )
    )
      // Sent from a mailbox provider or a platform, the signature is the best word on the employer.
      vote(last, senderHints.some((hint) => hint.own) ? 2 : 3, 'signature')
  }

  // A signature over lines: "Rachel Kim / Recruitment Manager / Stonebridge Consulting".
  const signature = lines.slice(-8)
  for (let i = 0; i + 1 < signature.length; i++) {
    const title = signature[i]!
    const next = signature[i + 1]!
    if (title.length > 50 || next.length > 50 || /[.!?:;]$/.test(next)) continue
    if (
      !/^(?:[\p{L}&/-]+[ \t]+){0,5}(?:recruit\p{L}*|talent acquisition|manager\p{L}*|head of [\p{L} ]+|partner\p{L}*|lead|director\p{L}*|consultant\p{L}*|officer|responsable[\p{L} ]*|referent\p{L}*|specialist|coordinator|hr|rh|rrhh|people(?: & culture| and culture| team| ops)?|human resources|ressources humaines|recursos humanos|risorse umane|personal\p{L}*|leiter\p{L}*|gerente|directeur|directrice|director[a]?|associé\p{L}*|founder|co-founder|ceo|coo|cto|cfo|owner|inhaber\p{L}*|geschäftsführ\p{L}*|gérant\p{L}*|fondat\p{L}*|fundador\p{L}*|selección de personal|recrutement|recrutamento|selezione|ufficio personale|talento|werving|team(?:lead|leiter\p{L}*)?)(?:[ \t]+[\p{L}&/,-]+){0,4}$/iu.test(
        title,
      )
    )
      continue
    const match = new RegExp(`^${NAME}$`, 'u').exec(next)
    if (!match || looksLikePerson(next)) continue
    vote(
      match.slice(1).find(Boolean) ?? '',
      hints.some((hint) => hint.own) ? 2 : 3,
      'signature (own line)',
    )
  }

  // Closing lines with a legal form: "Nordlicht Energie GmbH", "Groupe Vauban SA".
  for (const line of lines.slice(-6)) {
    const match = new RegExp(`^${NAME}$`, 'u').exec(line.replace(/^[-–—•·]\s*/u, ''))
    if (
      match &&
      /(?:GmbH|gGmbH|\bAG|\bSE|\bKG|Ltd\.?|Limited|LLC|Inc\.?|plc|PLC|\bS\.?A\.?|SAS|SARL|S\.L\.?|S\.p\.A\.?|S\.r\.l\.?|B\.?V\.?|N\.V\.|\bAB|\bOy|Lda|Pvt\.? Ltd|Private Limited|z o\.\s?o)\.?$/u.test(
        line,
      )
    )
      vote(match.slice(1).find(Boolean) ?? '', 3, 'closing line with legal form')
  }
  // Every mention that spells the sender's own domain ("Stellar Kitchens" for stellarkitchens.co.uk).
  for (const hint of hintKeys) {
    if (hint.key.length < 4) continue
    for (const match of text.matchAll(new RegExp(NAME, 'gu'))) {
      // Keep a leading article when the domain spells it ("La Huerta" for lahuertabistro.es).
      const withArticle = stripLegalForm(match[0].trim())
      const name = looseKeys(withArticle).includes(hint.key)
        ? withArticle
        : cleanCandidate(match[0])
      const keys = looseKeys(name)
      if (
        keys.some(
          (key) =>
            key === hint.key || (key.startsWith(hint.key) && key.length - hint.key.length <= 16),
        )
      )
        vote(name, 1.5, hint.own ? 'spells the domain' : 'spells the ATS address', false)
    }
  }

  // 3. The domain: a vote of its own, and a bonus to every name it spells.
  for (const hint of hintKeys) {
    if (hint.key.length < 3) continue
    let matched = false
    for (const candidate of candidates.values()) {
      const spelled =
        candidate.key === hint.key ||
        looseKeys([...candidate.surfaces.keys()][0]!).includes(hint.key) ||
        (candidate.key.length >= 4 && hint.key.startsWith(candidate.key)) ||
        (hint.key.length >= 5 && candidate.key.startsWith(hint.key)) ||
        spellsFirstAndLast([...candidate.surfaces.keys()][0]!, hint.key)
      if (spelled) {
        candidate.score += hint.own ? 3 : 2.5
        candidate.sources.push(`${hint.own ? 'domain' : 'ATS address'} ${hint.slug}`)
        matched = true
      }
    }
    const pretty = prettifySlug(hint.slug)
    // A prefix of the domain matched ("Cobalto" for cobaltofintech.com): the fuller name the
    // domain spells gets a vote too, and the merge below folds the short one into it.
    if (matched && hint.own && pretty.includes(' ') && !candidates.has(companyKey(pretty)))
      vote(pretty, 1, 'domain (fuller name)')
    if (!matched && hint.own) vote(pretty, 2.5, 'domain')
    if (!matched && !hint.own) vote(prettifySlug(hint.slug), 1.5, 'ATS address')
  }

  // "Ironbark" and "Ironbark Construction" are one employer: the fuller name takes the votes.
  for (const short of [...candidates.values()]) {
    const longer = [...candidates.values()].filter(
      (other) =>
        other !== short &&
        other.key.startsWith(short.key) &&
        short.key.length >= 4 &&
        [...other.surfaces.keys()].some((surface) =>
          [...short.surfaces.keys()].some((prefix) => surface.startsWith(`${prefix} `)),
        ),
    )
    // Several fuller names ("Bergmann Medizintechnik" from the signature, "Bergmann Medtech" from
    // the domain): the one with clearly most votes takes them.
    const fuller = [...longer].sort((a, b) => b.score - a.score)
    if (fuller.length === 0 || (fuller.length > 1 && fuller[0]!.score <= fuller[1]!.score)) continue
    const target = fuller[0]!
    target.score += short.score
    target.sources.push(...short.sources)
    candidates.delete(short.key)
  }

  // An agency writing about its client: the agency's own name ("Northgate" of
  // northgate-recruitment.co.uk, in its signature) gives way to any other employer named.
  for (const hint of domainHints(email.fromAddress)) {
    if (!hint.own || !STRICT_AGENCY.test(hint.slug)) continue
    const agencyKey = hint.slug.split(/[-_.]/)[0]!.replace(STRICT_AGENCY, '')
    if (agencyKey.length < 3) continue
    const isAgency = (candidate: Candidate) =>
      candidate.key.startsWith(agencyKey) ||
      looseKeys([...candidate.surfaces.keys()][0]!).some((key) => key.startsWith(agencyKey))
    const others = [...candidates.values()].filter((candidate) => !isAgency(candidate))
    if (!others.some((candidate) => candidate.score >= 2.5)) continue
    for (const candidate of [...candidates.values()])
      if (isAgency(candidate)) candidates.delete(candidate.key)
  }

  const ranked = [...candidates.values()].sort((a, b) => b.score - a.score)
  const best = ranked[0]
  if (!best || best.score < 2.5) return { company: null, reasons: [] }
  // The surface with most weight, preferring a spelling with capitals inside over a slug.
  const surface = [...best.surfaces.entries()].sort(
    (a, b) =>
      b[1] - a[1] || Number(/[A-Z].*[A-Z]|\s/.test(b[0])) - Number(/[A-Z].*[A-Z]|\s/.test(a[0])),
  )[0]![0]
  return {
    company: respell(surface, [email.body, email.subject, email.fromName]),
    reasons: best.sources,
  }
}
