export { classifyEmail } from './classify-email.ts'
export { EmailParseError, parseRawEmail } from './parse-raw-email.ts'
export {
  EMAIL_TYPES,
  type EmailClassification,
  type EmailMessage,
  type EmailType,
} from './types.ts'
