/** Every source parser by name. */
import type { SourceName } from '../../../../platform/job-boards.ts'
import { ashby } from './ashby.ts'
import type { FeedSource } from './feed-source.ts'
import { greenhouse } from './greenhouse.ts'
import { jsonLd } from './json-ld.ts'
import { lever } from './lever.ts'
import { smartrecruiters } from './smartrecruiters.ts'
import { workable } from './workable.ts'

export const FEED_SOURCES: Record<SourceName, FeedSource> = {
  greenhouse,
  lever,
  ashby,
  workable,
  smartrecruiters,
  jsonld: jsonLd,
}
