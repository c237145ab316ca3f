// The whole in-repo labelled set (fixtures/<layout>/<person>.pdf + .json) through the real
// parser, scored by score.ts as evaluate.ts does. The floors sit a little under the figures in
// ADR 0022 (overall micro F1 0.977 on 40 layouts; every layout at 0.917 or more, `creative` the lowest) so that a change
// that loses fields on any layout fails here, while noise does not.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { labelledResumes } from './evaluate.ts'
import { parseResumePdf } from './index.ts'
import { addCounts, emptyCounts, rates, scoreResume, sumCounts, type FieldCounts } from './score.ts'

const OVERALL_FLOOR = 0.95
// The floor per layout is 0.85; the in-repo `creative` (the lowest, 0.917 in round 4)
// is now above 0.90.
const LAYOUT_FLOOR = 0.9

// Some four hundred PDFs, each parsed once, at ~20 ms each: 9 s alone, ~27 s beside other
// work on the shared 2-core machine; the limit leaves room for a loaded machine.
const SLOW = 90_000

describe('the labelled set', () => {
  it(
    `scores micro F1 ≥ ${OVERALL_FLOOR} overall and ≥ ${LAYOUT_FLOOR} on every layout`,
    async () => {
      const resumes = labelledResumes(new URL('./fixtures', import.meta.url).pathname)
      expect(resumes.length).toBeGreaterThan(200)
      const total = emptyCounts()
      const byLayout = new Map<string, FieldCounts>()
      for (const resume of resumes) {
        const { resume: actual } = await parseResumePdf(new Uint8Array(readFileSync(resume.pdf)))
        const { counts } = scoreResume(resume.expected, actual)
        addCounts(total, counts)
        if (!byLayout.has(resume.layout)) byLayout.set(resume.layout, emptyCounts())
        addCounts(byLayout.get(resume.layout)!, counts)
      }
      const f1 = (counts: FieldCounts) => Number(rates(sumCounts(counts)).f1.toFixed(3))
      const below = [...byLayout]
        .map(([layout, counts]) => ({ layout, f1: f1(counts) }))
        .filter(({ f1: score }) => score < LAYOUT_FLOOR)
      expect(below).toEqual([])
      expect(f1(total)).toBeGreaterThanOrEqual(OVERALL_FLOOR)
    },
    SLOW,
  )
})
