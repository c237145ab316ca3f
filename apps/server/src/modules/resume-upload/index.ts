export { registerUploadLinkRoutes } from './upload-link.routes.ts'
