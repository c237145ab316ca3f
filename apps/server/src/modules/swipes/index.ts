export { registerSwipesRoutes } from './swipes.routes.ts'
export { notSwipedCondition } from './swipes.repository.ts'
export { type IsOpenJob } from './swipes.service.ts'
