export { registerCalendarFeedRoutes, registerCalendarRoutes } from './calendar.routes.ts'
export { type CalendarSettings } from './calendar.service.ts'
