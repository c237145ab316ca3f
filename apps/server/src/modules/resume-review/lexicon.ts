/**
 * The word lists the review reads bullets with (ADR 0024): action verbs, weak openers, buzzwords
 * and result words, in English with the common German, French and Spanish ones. Written for this
 * product from what career advisers commonly recommend; all lower case, matched as whole words.
 */

const words = (text: string): Set<string> => new Set(text.trim().split(/\s+/))

/** Verbs a strong bullet starts with (past and present forms). */
export const ACTION_VERBS = words(`
  accelerated achieved acquired adapted added addressed administered advised advocated aligned
  analysed analyzed architected arranged assembled assessed audited authored automated balanced
  boosted briefed budgeted built calculated campaigned captured centralised centralized chaired
  championed changed clarified closed coached collaborated collected combined completed composed
  conceived conducted configured consolidated constructed consulted contracted contributed
  controlled converted convinced coordinated corrected counselled created cultivated curated cut
  debugged decreased defined delivered demonstrated deployed designed detected developed devised
  diagnosed digitised digitized directed discovered doubled drafted drove earned edited educated
  eliminated enabled engineered enhanced ensured established estimated evaluated exceeded executed
  expanded expedited experimented facilitated finalised finalized fixed forecasted formalised
  formalized formed founded generated grew guided halved handled headed hired identified
  implemented improved increased influenced initiated innovated inspected installed instituted
  instructed integrated interviewed introduced invented investigated launched led lowered
  maintained managed mapped marketed maximised maximized measured mediated mentored merged
  migrated minimised minimized mobilised mobilized modelled modeled modernised modernized
  monitored motivated negotiated onboarded opened operated optimised optimized orchestrated
  organised organized originated outperformed overhauled oversaw partnered performed persuaded
  pioneered planned prepared presented prioritised prioritized produced programmed promoted
  proposed prototyped provided published purchased raised rebuilt received recommended reconciled
  recruited redesigned reduced refactored refined reorganised reorganized replaced reported
  represented researched resolved restored restructured revamped reviewed revised saved scaled
  scheduled secured selected served shaped shipped simplified sold solved spearheaded standardised
  standardized started steered streamlined strengthened structured supervised supported surpassed
  sustained taught tested tracked trained transformed translated tripled troubleshot tuned
  unified upgraded validated won wrote
  accelerate achieve analyse analyze build coach create cut deliver deploy design develop drive
  grow implement improve increase launch lead manage mentor migrate oversee own plan reduce run
  scale sell ship teach test train write
  ran owned
  entwickelte leitete führte steigerte senkte reduzierte optimierte implementierte gründete
  verantwortete konzipierte gestaltete koordinierte betreute automatisierte verbesserte baute
  erstellte realisierte etablierte verhandelte
  développé dirigé géré piloté conçu créé lancé optimisé réduit augmenté mis encadré coordonné
  négocié automatisé amélioré mené réalisé déployé organisé formé
  desarrollé lideré gestioné dirigí diseñé creé lancé optimicé reduje aumenté implementé coordiné
  negocié automaticé mejoré organicé formé dirigió desarrolló gestionó
`)

/**
 * Openers that describe a duty instead of an achievement ("Responsible for …"), as word
 * sequences; the longest that matches is removed when a rewrite is built.
 */
export const WEAK_OPENERS: readonly string[] = [
  'was responsible for',
  'responsible for',
  'in charge of',
  'duties included',
  'duties include',
  'tasks included',
  'tasks include',
  'tasked with',
  'involved in',
  'participated in',
  'worked on',
  'worked with',
  'worked as',
  'helped to',
  'helped with',
  'helped',
  'assisted with',
  'assisted in',
  'assisted',
  'dealt with',
  'took part in',
  'contributed to',
  'verantwortlich für',
  'zuständig für',
  'mitarbeit bei',
  'mitarbeit an',
  'unterstützung bei',
  'beteiligt an',
  'responsable de',
  'responsable du',
  'responsable des',
  'chargé de',
  'chargée de',
  'participation à',
  'encargado de',
  'encargada de',
  'participé en',
  'ayudé a',
]

/** Words and phrases that claim a quality instead of showing it. */
export const BUZZWORDS: readonly string[] = [
  'results-driven',
  'results driven',
  'results-oriented',
  'detail-oriented',
  'detail oriented',
  'team player',
  'self-starter',
  'self starter',
  'go-getter',
  'hard worker',
  'hard-working',
  'hardworking',
  'think outside the box',
  'thinking outside the box',
  'synergy',
  'synergies',
  'best of breed',
  'best-in-class',
  'world-class',
  'proven track record',
  'track record of success',
  'dynamic',
  'passionate',
  'highly motivated',
  'motivated',
  'strategic thinker',
  'out-of-the-box',
  'value-add',
  'game changer',
  'game-changer',
  'guru',
  'ninja',
  'rockstar',
  'rock star',
  'go-to person',
  'people person',
  'excellent communication skills',
  'strong work ethic',
  'works well under pressure',
  'teamfähig',
  'belastbar',
  'zielorientiert',
  'ergebnisorientiert',
  'dynamisch',
  'motiviert',
  'dynamique',
  'motivé',
  'motivée',
  'force de proposition',
  'esprit d’équipe',
  "esprit d'équipe",
  'proactivo',
  'proactiva',
  'dinámico',
  'dinámica',
  'trabajo en equipo',
]

/** Words that announce an outcome, when a bullet has no number. */
export const RESULT_WORDS = words(`
  resulting result results leading so that which enabling allowing saving saved cutting reducing
  increasing improving raising growing winning achieving boosting doubling halving
  faster quicker cheaper fewer more less higher lower
  wodurch sodass ergebnis resultat
  permettant grâce résultat
  logrando permitiendo resultado
`)

/** Verbs whose -ing form does not become the past tense by adding -ed to the stem. */
export const IRREGULAR_PAST: Readonly<Record<string, string>> = {
  be: 'was',
  build: 'built',
  buy: 'bought',
  choose: 'chose',
  cut: 'cut',
  do: 'did',
  draw: 'drew',
  drive: 'drove',
  find: 'found',
  get: 'got',
  give: 'gave',
  grow: 'grew',
  hold: 'held',
  keep: 'kept',
  lead: 'led',
  make: 'made',
  meet: 'met',
  oversee: 'oversaw',
  pay: 'paid',
  put: 'put',
  run: 'ran',
  sell: 'sold',
  send: 'sent',
  set: 'set',
  speak: 'spoke',
  spend: 'spent',
  take: 'took',
  teach: 'taught',
  tell: 'told',
  think: 'thought',
  win: 'won',
  write: 'wrote',
}

/** Irregular past participles, for passive voice ("was built by"). */
export const IRREGULAR_PARTICIPLES = words(`
  built bought chosen done drawn driven found given grown held kept led made met overseen paid
  run sold sent set spoken spent taken taught told thought won written shown seen known begun
  brought caught dealt understood undertaken
`)

/** Pronouns a resume leaves out. */
export const FIRST_PERSON = words(
  'i me my mine myself ich mein meine mich mir je mon ma mes moi yo mi mis',
)
