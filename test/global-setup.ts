import type { TestProject } from 'vitest/node'
import { startTestCluster } from './test-cluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the test cluster's `postgres` database. */
    postgresAdminUrl: string
  }
}

/** One PostgreSQL cluster per test run; each test file clones its own database from it. */
export default async function setup(project: TestProject) {
  const cluster = await startTestCluster()
  project.provide('postgresAdminUrl', cluster.adminUrl)
  return () => cluster.stop()
}
