export { registerSwipesRoutes } from './swipes.routes.ts'
export { insertSwipe, notSwipedCondition } from './swipes.repository.ts'
export { type IsOpenJob } from './swipes.service.ts'
