/**
 * Sentences that state a result with a number: "cut costs by 30%", "from 900 ms to 180 ms",
 * "we trained twelve new nurses". A figure that only dates the story ("two years ago", "in 2019")
 * or counts the speaker's own time ("for three years") is not a result.
 */
const NUMBER_WORD =
  'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|hundreds|thousand|thousands|million|millions|half|double|doubled|tripled|halved|dozen|dozens'

/** A figure: digits (with separators, decimals, currency, %), or a number word. */
const FIGURE = new RegExp(
  `(?:[$€£]\\s?)?\\b\\d[\\d,.]*\\s?(?:%|percent\\b|k\\b|m\\b)?|\\b(?:${NUMBER_WORD})\\b`,
  'gi',
)

/** Figures that only place the story in time. */
const TIME_ONLY = new RegExp(
  `(?:\\b(?:in|since|back in|around|during)\\s+(?:19|20)\\d\\d\\b)|(?:\\b(?:\\d+|a|${NUMBER_WORD})\\s+(?:years?|months?|weeks?|days?)\\s+(?:ago|before|earlier|back)\\b)|(?:\\bfor\\s+(?:\\d+|${NUMBER_WORD})\\s+years?\\b)`,
  'gi',
)

export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean)
}

/** Whether a sentence holds a figure that is more than a date. */
export function holdsResultFigure(sentence: string): boolean {
  const withoutDates = sentence.replace(TIME_ONLY, ' ')
  return (withoutDates.match(FIGURE) ?? []).some((figure) => !/^(?:19|20)\d\d$/.test(figure.trim()))
}

/**
 * A figure is a result when the sentence says something changed or was achieved ("cut", "trained",
 * "went from … to"); "the night shift would lose two nurses" sets the stakes, it is not a result.
 */
const CHANGE =
  /\b(cut|saved|saving|reduc\w*|increas\w*|improv\w*|raised|lowered|halved|doubled|tripled|grew|drop\w*|fell|rose|shrank|trained|hired|onboarded|served|handled|processed|delivered|completed|won|finished|closed|sold|resolved|reached|hit|went from|down to|up to|by \d)|%|percent|\bfrom\b[^.!?]*\bto\b/i

export function resultsWithNumbers(transcript: string): string[] {
  return sentencesOf(transcript).filter(
    (sentence) => holdsResultFigure(sentence) && CHANGE.test(sentence),
  )
}
