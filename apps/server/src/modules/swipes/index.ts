export { registerSwipesRoutes } from './swipes.routes.ts'
export { insertSwipe, notSwipedCondition } from './swipes.repository.ts'
export { type AfterRightSwipe, type IsOpenJob } from './swipes.service.ts'
