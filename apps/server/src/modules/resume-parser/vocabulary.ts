/** Words that tell a job title from a company, a school from a degree, a place from a name. */

export const TITLE_WORDS =
  /\b(engineer|engineering manager|(?:bio|geo|astro)?(?:chemist|physicist)|biologist|geologist|economist|statistician|mathematician|dentist|journalist|plumber|carpenter|welder|machinist|developer|enseignante?|professeure?|infirmi[eè]re?|suppléante?|educat(?:or|rice|eur)|instituteur|institutrice|personaldisponent(?:in)?|disponent(?:in)?|personalreferent(?:in)?|lehrer(?:in)?|erzieher(?:in)?|científic[oa]|investigador(?:a)?|maestr[oa]|docente|auditor|auditora|controller|bookkeeper|buyer|planner|dispatcher|cashier|team member|crew member|stocker|sergeant|corporal|lieutenant|captain|programmer|manager|managerin|intern|interne|internship|director|lead|leader|analyst|designer|consultant|scientist|architect|founder|co-founder|cto|ceo|cfo|coo|cio|vp|vice president|head|specialist|coordinator|administrator|officer|assistant|associate|researcher(?:in)?|sage-femme|midwife|hebamme|matrona|ostetrica|verloskundige|research assistant|president|teacher|lecturer|professor|nurse|accountant|owner|product owner|scrum master|technician|representative|executive|strategist|editor|writer|recruiter|advisor|adviser|partner|trainee|apprentice|student|working student|fellow|postdoc|chef|cook|sales|marketing manager|support|agent|clerk|supervisor|operator|mechanic|electrician|pharmacist|pharmacien(?:ne)?|physician|doctor|therapist|paralegal|attorney|lawyer|secretary|receptionist|cashier|barista|waiter|driver|freelancer|freelance|contractor|volunteer|tutor|mentor|principal|staff|senior|junior|werkstudent(?:in)?|praktikant(?:in)?|entwickler(?:in)?|ingenieur(?:in)?|leiter(?:in)?|berater(?:in)?|referent(?:in)?|sachbearbeiter(?:in)?|mitarbeiter(?:in)?|pfleger(?:in)?|krankenpfleger(?:in)?|pflegefachkraft|fachkrankenpfleger(?:in)?|pflegehelfer(?:in)?|kauffrau|kaufmann|geschäftsführer(?:in)?|gründer(?:in)?|projektleiter(?:in)?|teamleiter(?:in)?|ausbildung|auszubildende[rn]?|softwareentwickler(?:in)?|informatiker(?:in)?|développeur|développeuse|ingénieur|ingénieure|chef de projet|cheffe de projet|responsable|stagiaire|alternant(?:e)?|chargée?|directeur|directrice|consultante?|analyste|gestionnaire|assistante?|conseill[eè]re?|technicien(?:ne)?|infirmi[eè]re?|comptable|commercial(?:e)?|desarrollador(?:a)?|ingenier[oa]|gerente|jef[ea]|analista|becari[oa]|practicante|director(?:a)?|coordinador(?:a)?|consultor(?:a)?|diseñador(?:a)?|enfermer[oa]|contador(?:a)?|asistente|técnico|técnica|responsable|administrativ[oa]|profesor(?:a)?|vendedor(?:a)?|ayudante|cociner[oa]|camarer[oa]|dependient[ea]|auxiliar|operari[oa]|conductor(?:a)?|cuisini(?:er|ère)|serveu(?:r|se)|vendeu(?:r|se)|caissi(?:er|ère)|ouvri(?:er|ère)|chauffeur|aide-soignante?|koch|köchin|kellner(?:in)?|verkäufer(?:in)?|fahrer(?:in)?|helfer(?:in)?|monteur(?:in)?|elektriker(?:in)?|mechaniker(?:in)?|mechatroniker(?:in)?|logistiker(?:in)?|lagerist(?:in)?|fachkraft|meister(?:in)?|co-op|\p{L}{3,}(?:angestellte[rn]?|techniker(?:in)?|ingenieur(?:in)?|planer(?:in)?|kauffrau|kaufmann))\b/iu

const LEGAL_FORM_ABBREVIATIONS =
  /(?<![\p{L}])(Inc\.?|LLC|LLP|L\.L\.C\.|Ltd\.?|Corp\.?|Co\.|PLC|plc|GmbH|AG|KG|SE|UG|e\.\s?V\.|mbH|SA|S\.A\.|SAS|SARL|S\.L\.|SL|SRL|S\.r\.l\.|BV|B\.V\.|NV|N\.V\.|Oy|AB|ASA|ApS|Pty)(?![\p{L}])/u
const ORGANISATION_WORDS =
  /\b(limited|corporation|company|group|gruppe|groupe|grupo|labs|technologies|solutions|systems|consulting|partners|studio|studios|bank|hospital|klinik|kliniken|klinikum|clinic|university|universität|universitätsmedizin|université|universidad|agency|agentur|software|services|foundation|stiftung|fondation|fundación|ventures|capital|holdings|media|health|research|industries|logistics|airlines|motors|pharma|energy|energie|insurance|versicherung|ministry|ministerium|council|gmbh|hotel|hôtel|restaurant|restaurante|café|coffee|bakery|bäckerei|post|store|stores|shop|supermarket|markt|kitchen|airline|airport|flughafen|bureau|cabinet|genossenschaft|verlag|werke|school district|\p{L}*kanzlei|\p{L}*praxis)\b/iu

export const LEGAL_FORMS = {
  test: (text: string) => LEGAL_FORM_ABBREVIATIONS.test(text) || ORGANISATION_WORDS.test(text),
}

export const INSTITUTION_WORDS =
  /(?<![\p{L}])(?:\p{L}+(?:akademie|hochschule|schule|universität|kolleg|institut)|university|universität|universitat|université|universidad|universidade|università|college|institute|institut|instituto|school|schule|hochschule|fachhochschule|academy|akademie|académie|academia|école|ecole|escuela|escola|polytechnic|politécnica|politecnico|polytechnique|gymnasium|lycée|liceo|conservatory|seminary|tu|eth|epfl|mit|kit|rwth|lmu|ucl|ucla|iit|insa|hec|essec|bootcamp|campus|tafe|faculty|fakultät|faculté|facultad)(?![\p{L}])/iu

export const DEGREE =
  /(?<![\p{L}])(Ph\.?\s?D\.?|Dr\.\s?(?:rer\.\s?nat\.|phil\.|med\.|-Ing\.)?|Doctor(?:ate)?(?: of [\p{L}]+)?|Doctorat|Doctorado|M\.\s?Sc\.?|MSc|M\.\s?S\.|MS|M\.\s?A\.|MA|MBA|M\.\s?Eng\.?|MEng|LL\.?M\.?|B\.\s?Sc\.?|BSc|B\.\s?S\.|BS|B\.\s?A\.|BA|B\.\s?Eng\.?|BEng|B\.?Tech|M\.?Tech|BBA|LL\.?B\.?|(?:Bachelor|Master|Associate)(?:'s|’s)?(?: (?:of|in) (?:Science|Arts|Engineering|Business Administration|Fine Arts|Laws|Education|Philosophy|Technology|Commerce|Applied Science|Computer Science|Music|Architecture|Nursing|Public Health)| Degree)|Bachelor(?:'s|’s)?|Bachelier|Master(?:'s|’s)?|Diplom(?:-[\p{L}]+)?|Staatsexamen|Staatliches Examen|Abitur|(?:Reife- und )?Diplomprüfung|Reifeprüfung|Matura|Magister|Licence(?: professionnelle)?|Licenciatura|Licenciado|Grado(?: en)?|Máster(?: Universitario)?|Maestría|Ingeniería|Ingeniero|Ingénieur|Diplôme d['’][\p{L}]+(?: d['’][\p{L}-]+| de [\p{L}-]+(?: en [\p{L}]+)?)?|Diplôme|BTS|DUT|DEUG|Baccalauréat|Bachillerato|Técnico Superior|High School Diploma|GED|A-Levels|NVQ(?: Level \d)?|HND|HNC|PGCE|PGDE|PGCert|PGDip|BTEC(?: [\p{L}]+)?|City & Guilds|Eidgenössisches Fähigkeitszeugnis|Fähigkeitszeugnis|EFZ|Meisterbrief|Meisterprüfung|Gesellenbrief|CAP|BEP|Bac\s?\+\s?\d|Certificate|Certificat|Zertifikat|Berufsausbildung|Ausbildung)(?![\p{L}])/u

const COUNTRIES: Record<string, string> = {
  germany: 'DE',
  deutschland: 'DE',
  allemagne: 'DE',
  alemania: 'DE',
  france: 'FR',
  frankreich: 'FR',
  francia: 'FR',
  spain: 'ES',
  spanien: 'ES',
  espagne: 'ES',
  españa: 'ES',
  'united states': 'US',
  usa: 'US',
  us: 'US',
  'united kingdom': 'GB',
  uk: 'GB',
  england: 'GB',
  ireland: 'IE',
  austria: 'AT',
  österreich: 'AT',
  switzerland: 'CH',
  schweiz: 'CH',
  suisse: 'CH',
  netherlands: 'NL',
  belgium: 'BE',
  belgique: 'BE',
  italy: 'IT',
  italia: 'IT',
  portugal: 'PT',
  canada: 'CA',
  mexico: 'MX',
  méxico: 'MX',
  argentina: 'AR',
  colombia: 'CO',
  chile: 'CL',
  brazil: 'BR',
  brasil: 'BR',
  india: 'IN',
  japan: 'JP',
  china: 'CN',
  singapore: 'SG',
  australia: 'AU',
  'new zealand': 'NZ',
  nigeria: 'NG',
  kenya: 'KE',
  'south africa': 'ZA',
  egypt: 'EG',
  morocco: 'MA',
  maroc: 'MA',
  marruecos: 'MA',
  tunisia: 'TN',
  tunisie: 'TN',
  algeria: 'DZ',
  algérie: 'DZ',
  poland: 'PL',
  polska: 'PL',
  sweden: 'SE',
  norway: 'NO',
  denmark: 'DK',
  finland: 'FI',
  'south korea': 'KR',
  korea: 'KR',
  pakistan: 'PK',
  'united arab emirates': 'AE',
  uae: 'AE',
  türkiye: 'TR',
  turkey: 'TR',
  vietnam: 'VN',
  'viet nam': 'VN',
  philippines: 'PH',
  indonesia: 'ID',
  peru: 'PE',
  perú: 'PE',
}

export function countryCode(text: string): string | undefined {
  const value = text.trim().toLowerCase()
  if (COUNTRIES[value]) return COUNTRIES[value]
  if (/^[A-Z]{2}$/.test(text.trim()) && Object.values(COUNTRIES).includes(text.trim()))
    return text.trim()
  return undefined
}

/** "San Francisco, CA", "Berlin, Germany", "Lyon, France", "Madrid", "Remote". */
export const PLACE =
  /^(?:[\p{Lu}][\p{L}.'’-]*(?:\s+(?:[\p{Lu}][\p{L}.'’-]*|de|del|la|le|am|an|der|sur|upon|on))*)(?:,\s*[\p{Lu}][\p{L}.'’-]*(?:\s+[\p{Lu}][\p{L}.'’-]*)*){0,2}$/u

export function looksLikePlace(text: string, allowSingle = false): boolean {
  const value = text.trim()
  if (/^(remote|hybrid|remote\s*[-–(].*|homeoffice|télétravail|remoto)$/iu.test(value)) return true
  if (value.length > 45 || !PLACE.test(value)) return false
  if (TITLE_WORDS.test(value) || LEGAL_FORMS.test(value) || INSTITUTION_WORDS.test(value))
    return false
  if (value.includes(',')) return true
  if (countryCode(value)) return true
  return allowSingle && value.split(/\s+/).length <= 3
}

/** A human language's name (English, German, French, Spanish forms) opening a line. */
export const HUMAN_LANGUAGE =
  /^(english|german|french|spanish|italian|portuguese|dutch|polish|russian|arabic|chinese|mandarin|cantonese|japanese|korean|hindi|urdu|turkish|swedish|danish|norwegian|finnish|greek|hebrew|persian|farsi|bengali|punjabi|tamil|vietnamese|thai|indonesian|malay|swahili|yoruba|igbo|hausa|tagalog|ukrainian|czech|romanian|hungarian|catalan|basque|galician|englisch|deutsch|französisch|spanisch|italienisch|türkisch|arabisch|russisch|polnisch|anglais|allemand|français|espagnol|italien|arabe|portugais|inglés|alemán|francés|español|italiano|portugués|árabe|chino)\b/iu

/**
 * A university named after a state whose campuses share the name: "University of California,
 * Berkeley", "University of Wisconsin, Madison", "California State University, Long Beach",
 * "State University of New York, Buffalo". The part after the comma is the campus, part of the
 * name, not the school's place.
 */
const US_STATE =
  'alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawai[i‘ʻ]?i|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming|puerto rico'
export const STATE_SYSTEM = new RegExp(
  `^(?:the\\s+)?(?:(?:state\\s+)?university\\s+of\\s+(?:${US_STATE})|(?:${US_STATE})\\s+state\\s+university)$`,
  'iu',
)
