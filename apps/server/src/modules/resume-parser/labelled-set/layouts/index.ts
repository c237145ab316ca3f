import type { Layout } from '../kit.ts'
import { classic } from './classic.ts'
import { compact } from './compact.ts'
import { linkedin } from './linkedin.ts'
import { modern } from './modern.ts'
import { plain } from './plain.ts'
import { sidebar } from './sidebar.ts'
import { table } from './table.ts'
import { twoColumn } from './two-column.ts'
import { academic } from './academic.ts'
import { awesomeCv } from './awesome-cv.ts'
import { canvaCards } from './canva-cards.ts'
import { cvFr } from './cv-fr.ts'
import { functional } from './functional.ts'
import { jakesResume } from './jakes-resume.ts'
import { lebenslauf } from './lebenslauf.ts'
import { wordTabbed } from './word-tabbed.ts'

/** The layouts the parser may be tuned on (the blind ones live outside the repository). */
export const LAYOUTS: Layout[] = [
  plain,
  classic,
  twoColumn,
  sidebar,
  table,
  linkedin,
  modern,
  compact,
  wordTabbed,
  awesomeCv,
  jakesResume,
  lebenslauf,
  cvFr,
  functional,
  academic,
  canvaCards,
]
