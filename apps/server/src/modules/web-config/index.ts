export { registerWebConfigRoutes } from './web-config.routes.ts'
export { buildWebConfig, publicUrls, renderWebConfigScript } from './web-config.ts'
