/** Fixtures for tests only (`@app/contracts/testing`); production code imports `@app/contracts`. */
export * from './onboarding-answers.ts'
