export * from './errors.ts'
export * from './web-config.ts'
