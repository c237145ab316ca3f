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
import { creative } from './creative.ts'
import { europass } from './europass.ts'
import { indeed } from './indeed.ts'
import { moderncvCasual } from './moderncv-casual.ts'
import { novoresume } from './novoresume.ts'
import { timeline } from './timeline.ts'
import { altacv } from './altacv.ts'
import { usFederal } from './us-federal.ts'
import { zetyModern } from './zety-modern.ts'
import { gdocsCoral } from './gdocs-coral.ts'
import { rirekisho } from './rirekisho.ts'
import { wordBanded } from './word-banded.ts'
import { enhancvStrengths } from './enhancv-strengths.ts'
import { studentOnepage } from './student-onepage.ts'
import { cvNordic } from './cv-nordic.ts'
import { agencyProfile } from './agency-profile.ts'
import { cvNl } from './cv-nl.ts'
import { designerCards } from './designer-cards.ts'
import { cvEs } from './cv-es.ts'
import { plaintextAts } from './plaintext-ats.ts'
import { notionPage } from './notion-page.ts'
import { cvPl } from './cv-pl.ts'
import { curriculoBr } from './curriculo-br.ts'
import { markdownReadme } from './markdown-readme.ts'
import { zivotopisCz } from './zivotopis-cz.ts'
import { narrativeBio } from './narrative-bio.ts'
import { newspaper } from './newspaper.ts'
import { wordChrono } from './word-chrono.ts'
import { resumeioTimeline } from './resumeio-timeline.ts'
import { cvCanvaFr } from './cv-canva-fr.ts'

/**
 * The layouts the parser may be tuned on (the blind ones live outside the repository). The last
 * thirty were the first ten blind sets, moved in once measured (issue 15). Order matters: a layout's
 * index picks its people (render.ts `peopleFor`).
 */
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
  europass,
  timeline,
  creative,
  moderncvCasual,
  novoresume,
  indeed,
  zetyModern,
  altacv,
  usFederal,
  gdocsCoral,
  rirekisho,
  wordBanded,
  enhancvStrengths,
  studentOnepage,
  cvNordic,
  agencyProfile,
  cvNl,
  designerCards,
  cvEs,
  plaintextAts,
  notionPage,
  cvPl,
  curriculoBr,
  markdownReadme,
  zivotopisCz,
  narrativeBio,
  newspaper,
  wordChrono,
  resumeioTimeline,
  cvCanvaFr,
]
