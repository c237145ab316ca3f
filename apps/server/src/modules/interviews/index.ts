export { insertInterview, type NewInterview } from './interviews.repository.ts'
