export { registerSwipesRoutes } from './swipes.routes.ts'
