export { registerDeleteAccountRoutes } from './delete-account.routes.ts'
export { registerExportRoutes } from './export.routes.ts'
