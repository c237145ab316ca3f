export { registerInboundEmailRoutes } from './inbound-email.routes.ts'
export {
  EVENT_CONFIDENCE_THRESHOLD,
  receiveInboundEmail,
  sanitiseEmailHtml,
} from './inbound-email.service.ts'
export {
  type InboundEmailSettings,
  inboundEmailSettingsFromConfig,
} from './inbound-email.settings.ts'
export { type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.ts'
export { countPendingEmails } from './inbound-email.repository.ts'
