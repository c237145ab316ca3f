import { describe, expect, it } from 'vitest'
import { findFillers, findHedges, findRepeatedWords } from './index.ts'
import { countWords } from './transcript-words.ts'

const words = (text: string) => findFillers(text).map((m) => m.word)

describe('findFillers', () => {
  it('finds the vocal fillers in every spelling, with offsets into the text', () => {
    const text = 'Um, I think, uhh, we shipped it. Erm, hmm, er, ah, ummm.'
    const marks = findFillers(text)
    expect(marks.map((m) => m.word)).toEqual(['um', 'uh', 'erm', 'hmm', 'er', 'ah', 'um'])
    expect(marks.map((m) => text.slice(m.start, m.end))).toEqual([
      'Um',
      'uhh',
      'Erm',
      'hmm',
      'er',
      'ah',
      'ummm',
    ])
  })

  it('tells filler "like" from the verb and the comparison', () => {
    expect(words('I like Python.')).toEqual([])
    expect(words('I would like to lead the team.')).toEqual([])
    expect(words('It looks like a small change.')).toEqual([])
    expect(words('We used tools like Jenkins and Grafana.')).toEqual([])
    expect(words('Like I said, we shipped.')).toEqual([])
    expect(words('I was, like, really nervous.')).toEqual(['like'])
    expect(words('I was like really nervous.')).toEqual(['like'])
    expect(words('And like we just shipped it.')).toEqual(['like'])
    expect(words('Like, the deadline was tight.')).toEqual(['like'])
  })

  it('counts "so" only as a discourse opener', () => {
    expect(words('So I led a team of five.')).toEqual(['so'])
    expect(words('So, um, the challenge was scope.')).toEqual(['so', 'um'])
    expect(words('We ran late, so we cut scope.')).toEqual([])
    expect(words('So far we have grown fast. It was so good.')).toEqual([])
    expect(words('Right, so this is the project.')).toEqual(['right', 'so'])
  })

  it('finds the phrase fillers and leaves their content uses', () => {
    expect(words('You know, people were skeptical.')).toEqual(['you know'])
    expect(words('I added tracing, you know, so we could see.')).toEqual(['you know'])
    expect(words('Do you know the answer? You know what I mean.')).toEqual([])
    expect(words('I mean, nobody enjoys it. That is what I mean to say.')).toEqual(['i mean'])
    expect(words('It was kind of a mess. What kind of tool is it?')).toEqual(['kind of'])
    expect(words('Basically, I literally rewrote it. Actually, it worked.')).toEqual([
      'basically',
      'literally',
      'actually',
    ])
    expect(words('We deployed it on Friday, right? The right tool matters.')).toEqual(['right'])
    expect(words('Well, it went fine. It went well.')).toEqual(['well'])
  })
})

describe('hedges and repetitions', () => {
  it('finds hedges, longest phrase first', () => {
    const text = "I think maybe I'm not sure, but it was probably a kind of test. Perhaps."
    expect(findHedges(text).map((m) => m.word)).toEqual([
      'i think',
      'maybe',
      "i'm not sure",
      'probably',
      'perhaps',
    ])
  })

  it('finds immediate repetitions, not legitimate doubles', () => {
    const text = 'I I would say the the process had had its flaws. Bye bye.'
    const marks = findRepeatedWords(text)
    expect(marks.map((m) => text.slice(m.start, m.end))).toEqual(['I I', 'the the'])
  })
})

describe('countWords', () => {
  it('counts numbers, contractions and hyphenated words as one, punctuation as none', () => {
    expect(
      countWords("I'm proud we cut costs by 40% — $1,200 a month, a follow-up to 3.5x growth!"),
    ).toBe(15)
    expect(countWords('... , !')).toBe(0)
  })
})
