import { isApiError } from '@/lib/api'

/** What to tell the seeker when an interview call fails, by the server's stable code. */
export function describeInterviewError(error: unknown): string {
  if (!isApiError(error)) {
    return error instanceof Error ? error.message : 'Something went wrong. Try again.'
  }
  switch (error.code) {
    case 'audio_unreadable':
      return 'We couldn’t read that recording. Try again, or type your answer instead.'
    case 'audio_too_long':
      return 'That answer is longer than 5 minutes, the most we take. Record a shorter one.'
    case 'payload_too_large':
      return 'That recording is too large to send. Record a shorter answer.'
    case 'interview_finished':
      return 'This interview is already finished. Start a new one to practise again.'
    case 'interview_not_answered':
      return 'Answer or skip at least one question before getting feedback.'
    case 'interview_not_found':
      return 'We couldn’t find this practice interview. It may have been deleted.'
    case 'plan_required':
      return 'You’ve used this week’s free practice interviews. A paid plan has no weekly limit.'
    case 'recording_not_ready':
      return 'The recording isn’t ready yet.'
    default:
      return error.message
  }
}
