/** Inputs for the tests and the benchmark: a typical review, and the smallest and largest. */
import type { ReviewVideoInput } from '../apps/server/src/modules/analysis-video/index.ts'

export const TYPICAL_INPUT: ReviewVideoInput = {
  name: 'Maria Kowalska',
  headline: 'Senior Frontend Engineer',
  grade: 'B',
  score: 84,
  subScores: [
    { label: 'ATS parseability', score: 90 },
    { label: 'Contact and sections', score: 100 },
    { label: 'Impact', score: 62 },
    { label: 'Clarity', score: 78 },
    { label: 'Skills', score: 85 },
  ],
  strengths: [
    'One column, no tables, images or page headers: a tracking system reads it in the order you wrote it.',
    'Name, email, phone, location and a link are all there and readable.',
    'Most bullets start with a strong action verb.',
  ],
  fixes: [
    {
      title: 'Add numbers to your impact',
      detail: 'Only 2 of 11 bullets show a number: recruiters look for the size of what you did.',
    },
    {
      title: 'Start bullets with an action verb',
      detail: '“Responsible for the design system” tells what you owned, not what you did.',
    },
    {
      title: 'Tighten your summary',
      detail: 'The summary runs to 92 words; recruiters read the first two lines.',
    },
  ],
}

export const MINIMAL_INPUT: ReviewVideoInput = {
  name: null,
  headline: null,
  grade: 'A',
  score: 96,
  subScores: [],
  strengths: [],
  fixes: [],
}

const LONG =
  'Quantified, specific and well-ordered accomplishments across a decade of platform engineering leadership in regulated industries'

export const MAXIMAL_INPUT: ReviewVideoInput = {
  name: 'Zofia Łucja Wiśniewska-Szczepańska de la Fuente y Muñoz Őrsi',
  headline:
    'Principal Staff Distinguished Software Engineer, Platform Reliability, Developer Experience and Internal Tooling',
  grade: 'D',
  score: 61,
  subScores: [
    { label: 'ATS parseability', score: 40 },
    { label: 'Contact and sections', score: 55 },
    { label: 'Impact', score: 70 },
    { label: 'Clarity', score: 65 },
    { label: 'Skills', score: 75 },
  ],
  strengths: [`${LONG}. ${LONG}.`, `${LONG}: ${LONG}.`, `${LONG}; ${LONG}.`],
  fixes: [1, 2, 3].map((n) => ({
    title: `Rewrite every bullet of position ${n} so that it starts with an action verb and ends with a measurable result`,
    detail: `${LONG}, which recruiters and tracking systems both look for before anything else. ${LONG}.`,
  })),
}
