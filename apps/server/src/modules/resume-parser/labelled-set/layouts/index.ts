import type { Layout } from '../kit.ts'
import { classic } from './classic.ts'
import { compact } from './compact.ts'
import { linkedin } from './linkedin.ts'
import { modern } from './modern.ts'
import { plain } from './plain.ts'
import { sidebar } from './sidebar.ts'
import { table } from './table.ts'
import { twoColumn } from './two-column.ts'

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
]
