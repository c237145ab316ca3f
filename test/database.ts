import { inject } from 'vitest'
import { createDatabaseFromTemplate, type TestDatabase } from './template-database.ts'

export type { TestDatabase } from './template-database.ts'

/**
 * A fresh, fully migrated database for one test file, cloned from the template of this test
 * run's cluster. Call `drop()` in `afterAll`.
 */
export function createTestDatabase(): Promise<TestDatabase> {
  return createDatabaseFromTemplate(inject('postgresAdminUrl'))
}
