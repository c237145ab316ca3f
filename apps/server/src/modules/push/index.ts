export { registerPushRoutes } from './push.routes.ts'
export {
  createPushNotifier,
  DEFAULT_PUSH_SERVICE_HOSTS,
  defaultSubject,
  isAllowedEndpoint,
  type PushDeps,
  type PushOutcome,
  type PushSettings,
  pushSettingsFromConfig,
  sendPushNotification,
  vapidPublicKey,
} from './push.service.ts'
export {
  interviewTomorrowNotifications,
  sendInterviewTomorrowNotifications,
} from './interview-tomorrow.ts'
