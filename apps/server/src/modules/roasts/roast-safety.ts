/**
 * What a roast never talks about: the person (age, gender, race, religion, nationality,
 * disability, appearance, family, health), slurs and insults, and any real person's name or
 * catchphrase. The offline bank is tested against this list; a generated line that matches it
 * is refused.
 */

export const FORBIDDEN_PATTERNS: readonly RegExp[] = [
  // age
  /\b(?:age|aged|ageing|aging|old(?:er)?|elderly|young(?:er)?|boomer|millennial|gen ?z|retire(?:e|ment)?)\b/i,
  // gender and sexuality
  /\b(?:gender|male|female|woman|women|man|men|girl|boy|lady|ladies|gay|lesbian|trans|sexy?)\b/i,
  // race, ethnicity, religion, nationality
  /\b(?:race|racial|ethnic(?:ity)?|skin|black|white|asian|hispanic|latino|religio(?:n|us)|church|mosque|temple|christian|muslim|jewish|hindu|buddhist|immigra(?:nt|tion)|foreigner|nationality|accent|passport)\b/i,
  // disability, health, body, appearance
  /\b(?:disab(?:led|ility)|handicap\w*|wheelchair|blind|deaf|autis\w*|adhd|mental(?:ly)?|crazy|insane|retard\w*|sick(?:ness)?|illness|disease|cancer|pregnan\w*|fat|obese|skinny|ugly|pretty|hair|bald|face|body|weight|good-looking|handsome)\b/i,
  // family and private life
  /\b(?:wife|husband|mother|father|mom|mum|dad|kids?|children|baby|babies|married|divorce\w*|single mom)\b/i,
  // insults and cruelty
  /\b(?:stupid|idiot|moron|dumb|loser|pathetic|worthless|useless person|hate you|kill|die)\b/i,
  // real people and their catchphrases
  /\b(?:trump|donald|biden|obama|musk)\b/i,
  /\bsad!|\b(?:believe me|you['’]re fired|make \w+ great again|bigly|covfefe|fake news|witch hunt|many people are saying)\b/i,
]

export function mentionsForbiddenTopic(text: string): boolean {
  return FORBIDDEN_PATTERNS.some((pattern) => pattern.test(text))
}
