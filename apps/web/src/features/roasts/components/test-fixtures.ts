import { PARODY_NOTICE, type PublicRoast, type Roast, type RoastContent } from '@app/contracts'

export const ANALYSIS_ID = '00000000-0000-4000-8000-0000000000a1'
export const ROAST_ID = '00000000-0000-4000-8000-0000000000c1'
export const VIDEO_ID = '00000000-0000-4000-8000-0000000000b1'

export const CONTENT: RoastContent = {
  headline: 'The Resume Nobody Asked For',
  lines: [
    'Tremendous bullet points. The most bullet points. Nobody has ever seen so many verbs.',
    'Four jobs in two years. Fantastic mobility, believe me.',
  ],
  verdict: 'Sad! But fixable. Very fixable.',
  fixes: [
    { title: 'Quantify your impact', detail: 'Say how much the warehouse costs went down.' },
    { title: 'Cut the summary', detail: 'Two lines, not ten.' },
  ],
  grade: 'C+',
  score: 68,
}

export function roastOf(patch: Partial<Roast> = {}): Roast {
  return {
    id: ROAST_ID,
    resumeAnalysisId: ANALYSIS_ID,
    content: CONTENT,
    published: false,
    publishedAt: null,
    videoId: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    pagePath: `/roasted-by-trump/analysis/${ROAST_ID}`,
    ...patch,
  }
}

export function publicRoastOf(patch: Partial<PublicRoast> = {}): PublicRoast {
  return {
    id: ROAST_ID,
    content: CONTENT,
    publishedAt: '2026-11-26T10:05:00.000Z',
    videoId: null,
    notice: PARODY_NOTICE,
    ...patch,
  }
}
