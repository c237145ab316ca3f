import { inject } from 'vitest'
import {
  createDatabaseFromTemplate,
  createEmptyDatabase,
  type TestDatabase,
} from './template-database.ts'

export type { TestDatabase } from './template-database.ts'

/**
 * A fresh, fully migrated database for one test file, cloned from the template of this test
 * run's cluster. Call `drop()` in `afterAll`.
 */
export function createTestDatabase(): Promise<TestDatabase> {
  return createDatabaseFromTemplate(inject('postgresAdminUrl'))
}

/** A fresh database with nothing of ours in it (a restore's target). Call `drop()`. */
export function createEmptyTestDatabase(): Promise<TestDatabase> {
  return createEmptyDatabase(inject('postgresAdminUrl'))
}
