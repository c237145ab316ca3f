export * from './errors.ts'
export * from './web-config.ts'
export * from './job-filters.ts'
