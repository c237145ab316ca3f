/**
 * Whether an answer covers a talking point, by meaning-bearing words: the point's content words
 * (stop words and the point's own instructions such as "names" or "concrete" dropped) are looked
 * for in the answer as stems and through small synonym groups ("outcome" is met by "result",
 * "in the end", "saved"...). Two ideas cannot be matched by words and are met by the answer's
 * shape instead: "with a number" by a figure in it, and "what you did yourself" by first-person
 * actions ("I called", "I built").
 *
 * A point is covered when half of its content words are met, or two of them for a long point
 * (one that names a company and a title has more words than an answer needs to repeat).
 */
import { stem, words } from './word-stems.ts'

const STOP_WORDS = new Set(
  `a an the and or but if of to in on at by for from with without as into over under about than
  then so that this these those there it its it's is are be been being was were am do does did
  done have has had you your yours i me my we our us they them their he she his her who whom
  what when where which why how would could should will can may might must not no nor even just
  only also too very more most less much many some any each every all both one ones own's itself
  there's instead again say said other others make made
  happen happened use used get got go went come came take took person people someone
  somebody anyone anybody such doing here already work job two`.split(/\s+/),
)

/** The talking points' instructions to the speaker, not what the answer should contain. */
const POINT_INSTRUCTIONS = new Set(
  `name names naming say says explain explains describe describes show shows give gives mention
  mentions example examples specific concrete real general description plain plainly words word
  sentence sentences thing things something way whether resume`.split(/\s+/),
)

/** Words that mean nearly the same thing in a work story; any one stands for the others. */
const SYNONYM_GROUPS: string[][] = [
  [
    'result',
    'outcome',
    'end',
    'ended',
    'turned',
    'impact',
    'effect',
    'achieved',
    'meant',
    'saved',
    'cut',
    'reduced',
    'increased',
    'improved',
    'succeeded',
    'worked',
    'finished',
    'delivered',
    'afterwards',
  ],
  [
    'disagreement',
    'disagree',
    'conflict',
    'argue',
    'argument',
    'objection',
    'pushback',
    'pushed',
    'clash',
    'differ',
    'different',
  ],
  ['matter', 'mattered', 'important', 'impact', 'risk', 'stake', 'cost', 'critical', 'serious'],
  [
    'listen',
    'listened',
    'hear',
    'heard',
    'understand',
    'understood',
    'asked',
    'view',
    'perspective',
    'side',
  ],
  ['agreed', 'agreement', 'compromise', 'settled', 'resolved', 'decided', 'together'],
  ['decision', 'decide', 'decided', 'chose', 'choice', 'call'],
  ['manager', 'boss', 'supervisor', 'lead', 'head', 'director'],
  [
    'raise',
    'raised',
    'told',
    'spoke',
    'talked',
    'brought',
    'meeting',
    'conversation',
    'email',
    'wrote',
  ],
  ['fail', 'failed', 'failure', 'went', 'wrong', 'broke', 'missed', 'mistake', 'error', 'problem'],
  ['learn', 'learned', 'lesson', 'taught', 'realised', 'realized', 'differently', 'next'],
  ['blame', 'blaming', 'fault'],
  ['owned', 'own', 'responsibility', 'responsible', 'apologised', 'apologized', 'admitted'],
  ['fix', 'fixed', 'correct', 'corrected', 'repaired', 'solved', 'resolved', 'sorted'],
  ['changed', 'change', 'introduced', 'added', 'checklist', 'process', 'adjusted', 'switched'],
  ['lead', 'led', 'leading', 'leader', 'guided', 'organised', 'organized', 'coordinated'],
  ['authority', 'manager', 'title', 'power'],
  ['won', 'convinced', 'persuaded', 'brought', 'support', 'buy', 'trust'],
  ['informed', 'updates', 'updated', 'told', 'communicated', 'briefed', 'meeting'],
  ['motivated', 'motivation', 'morale', 'encouraged', 'energy', 'kept'],
  [
    'priority',
    'prioritise',
    'prioritize',
    'prioritised',
    'prioritized',
    'urgent',
    'important',
    'first',
    'order',
    'ranked',
  ],
  ['deadline', 'due', 'date', 'hours', 'days', 'weeks', 'time', 'tight'],
  ['dropped', 'delayed', 'postponed', 'pushed', 'cut', 'skipped', 'later'],
  ['unclear', 'ambiguous', 'vague', 'unknown', 'uncertain', 'confusing', 'nobody'],
  ['assumption', 'assumed', 'guessed', 'question', 'questions', 'asked', 'clarified'],
  ['check', 'checked', 'verified', 'confirmed', 'tested', 'reviewed', 'measured', 'track'],
  ['feedback', 'criticism', 'comment', 'review', 'told'],
  ['react', 'reacted', 'felt', 'defensive', 'surprised', 'upset', 'hurt'],
  ['prepared', 'prepare', 'planned', 'notes', 'rehearsed', 'practised', 'practiced'],
  ['responded', 'response', 'reacted', 'replied', 'took'],
  ['convince', 'convinced', 'persuade', 'persuaded', 'win'],
  ['evidence', 'data', 'numbers', 'figures', 'facts', 'report', 'survey', 'research', 'showed'],
  ['need', 'needed', 'wanted', 'asked', 'problem', 'struggling'],
  ['help', 'helped', 'supported', 'assisted'],
  ['upset', 'angry', 'frustrated', 'annoyed', 'unhappy', 'complaint', 'complained', 'shouting'],
  ['calm', 'patient', 'listened', 'breath', 'quiet'],
  ['quickly', 'fast', 'weeks', 'days', 'soon', 'month'],
  [
    'source',
    'sources',
    'course',
    'book',
    'documentation',
    'manual',
    'colleague',
    'mentor',
    'video',
    'practice',
    'practised',
  ],
  ['productive', 'contributing', 'independent', 'delivering'],
  ['stepped', 'volunteered', 'offered', 'took'],
  ['team', 'colleagues', 'group', 'everyone', 'together'],
  ['role', 'part', 'job', 'responsible'],
  ['coordinated', 'coordinate', 'split', 'divided', 'handover', 'standup', 'meeting', 'checked'],
  ['stake', 'risk', 'lose', 'losing', 'penalty', 'contract', 'customer', 'patient'],
  ['planned', 'plan', 'schedule', 'scheduled', 'broke', 'steps', 'list'],
  ['met', 'made', 'hit', 'delivered', 'finished', 'time'],
  [
    'data',
    'numbers',
    'figures',
    'spreadsheet',
    'report',
    'records',
    'survey',
    'measured',
    'metrics',
  ],
  ['gathered', 'collected', 'pulled', 'looked', 'analysed', 'analyzed', 'compared'],
  ['stressful', 'stress', 'pressure', 'panic', 'chaos', 'emergency', 'overwhelmed'],
  ['focused', 'focus', 'concentrated', 'calm'],
  ['suddenly', 'overnight', 'unexpected', 'unexpectedly', 'last', 'minute', 'without', 'warning'],
  ['adjusted', 'adapted', 'changed', 'replanned', 'switched', 'reorganised', 'reorganized'],
  ['opportunity', 'spotted', 'noticed', 'idea', 'saw'],
  ['improvement', 'improved', 'better', 'faster', 'simpler', 'safer', 'easier'],
  ['balanced', 'balance', 'juggled', 'evenings', 'priorities'],
  ['noticed', 'spotted', 'caught', 'saw', 'found'],
  ['wrong', 'error', 'harm', 'damage', 'danger', 'risk', 'mistake'],
  ['option', 'options', 'alternative', 'alternatives', 'considered', 'weighed', 'either'],
  ['steps', 'step', 'first', 'then', 'next', 'finally', 'after'],
  ['simple', 'simplified', 'example', 'analogy', 'comparison', 'picture', 'drawing', 'diagram'],
  ['understood', 'understand', 'repeat', 'questions', 'nodded', 'confirmed'],
  ['objection', 'objections', 'concern', 'concerns', 'worry', 'worried', 'pushback'],
  ['audience', 'group', 'board', 'committee', 'team', 'room'],
  ['skill', 'ability', 'technique'],
  ['practised', 'practiced', 'practice', 'studied', 'course', 'training', 'trained', 'exercises'],
  ['resisted', 'resist', 'unhappy', 'against', 'skeptical', 'sceptical', 'doubt'],
  ['trust', 'trusted', 'rely', 'relied', 'confidence', 'honest'],
  ['request', 'asked', 'ask', 'wanted'],
  ['offered', 'suggested', 'proposed', 'alternative', 'instead'],
  ['missing', 'lacked', 'without', 'short', 'shortage', 'budget', 'nobody'],
  ['borrowed', 'reused', 'simplified', 'improvised', 'workaround'],
  ['shortcut', 'corner', 'quicker', 'skip', 'skipped', 'hack'],
  ['rule', 'procedure', 'protocol', 'policy', 'regulation', 'checklist', 'guideline'],
  ['recover', 'recovered', 'rescue', 'back', 'track', 'caught'],
  ['grow', 'growth', 'develop', 'progress', 'progressed', 'promoted', 'career'],
  ['taught', 'teach', 'coached', 'coach', 'mentored', 'mentor', 'trained', 'showed', 'supported'],
  ['goal', 'aim', 'target', 'objective', 'want', 'hope'],
  ['company', 'organisation', 'organization', 'team', 'mission', 'reputation', 'values', 'culture'],
  ['succeeding', 'success', 'succeed', 'measure', 'feedback', 'goal', 'target'],
  ['experience', 'years', 'worked', 'job', 'role', 'position'],
  ['professionally', 'professional', 'career', 'am', 'background', 'experience', 'years'],
  [
    'situation',
    'time',
    'once',
    'day',
    'shift',
    'week',
    'year',
    'last',
    'ago',
    'remember',
    'case',
    'incident',
  ],
  ['hard', 'hardest', 'difficult', 'tough', 'challenge', 'challenging', 'tricky'],
  ['past', 'overcame', 'solved', 'through', 'eventually', 'finally', 'managed'],
  ['reason', 'because', 'since'],
  ['refuse', 'refused', 'declined', 'decline', 'no', 'turned'],
  ['before', 'previously', 'originally', 'beginning', 'initially', 'started', 'used'],
]

/** Stems standing for "any number in the answer" and "first-person action" (see above). */
const NUMBER_WORDS = new Set(['number', 'figure', 'measur', 'metric', 'quantif', 'much'].map(stem))
const SELF_WORDS = new Set(['yourself', 'personally', 'own'].map(stem))
/** "Where things stood before", "the situation": met by a story that sets its scene. */
const SCENE_WORDS = new Set(['situation', 'stood', 'before', 'context', 'background'].map(stem))

const groupsOfStem = new Map<string, Set<string>>()
for (const group of SYNONYM_GROUPS) {
  const stems = group.map(stem)
  for (const member of stems) {
    const known = groupsOfStem.get(member) ?? new Set<string>()
    stems.forEach((other) => known.add(other))
    groupsOfStem.set(member, known)
  }
}

/** The meaning-bearing stems of a talking point. */
export function pointKeys(point: string): string[] {
  // "what you did yourself, not the team": what follows "not" is what the answer should NOT be.
  const wanted = point.replace(/,?\s+not\s+[^,;:]*/gi, '')
  const keys = words(wanted)
    .filter((word) => !STOP_WORDS.has(word) && !POINT_INSTRUCTIONS.has(word) && word.length > 1)
    .map(stem)
  return [...new Set(keys)]
}

/** What the coverage check needs to know of the answer. */
export type AnswerEvidence = {
  stems: ReadonlySet<string>
  hasNumber: boolean
  hasFirstPersonAction: boolean
  /** The answer sets a scene (star-parts.ts "situation"). */
  hasSituation: boolean
}

function keyMet(key: string, answer: AnswerEvidence): boolean {
  if (NUMBER_WORDS.has(key)) return answer.hasNumber
  if (SELF_WORDS.has(key)) return answer.hasFirstPersonAction
  if (SCENE_WORDS.has(key) && answer.hasSituation) return true
  if (answer.stems.has(key)) return true
  for (const synonym of groupsOfStem.get(key) ?? []) if (answer.stems.has(synonym)) return true
  return false
}

export function coversPoint(point: string, answer: AnswerEvidence): boolean {
  const keys = pointKeys(point)
  if (keys.length === 0) return false
  const met = keys.filter((key) => keyMet(key, answer)).length
  return met >= Math.min(2, Math.ceil(keys.length / 2))
}

/** Contractions spelled out, so "I'm a nurse" holds "am" and "didn't" holds "not". */
function expandContractions(text: string): string {
  return text
    .replace(/['’]m\b/gi, ' am')
    .replace(/['’]re\b/gi, ' are')
    .replace(/['’]ve\b/gi, ' have')
    .replace(/['’]ll\b/gi, ' will')
    .replace(/['’]d\b/gi, ' would')
    .replace(/n['’]t\b/gi, ' not')
}

export function answerStems(transcript: string): Set<string> {
  return new Set(words(expandContractions(transcript)).map(stem))
}
