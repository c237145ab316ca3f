import {
  type OnboardingMessage,
  OnboardingMessageSchema,
  OnboardingMessagesResponseSchema,
} from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api'

/** GET /api/onboarding/messages: the tips delivered so far (made when the wizard completes). */
export function onboardingMessagesQuery(userId: string) {
  return queryOptions({
    queryKey: ['onboarding', 'messages', userId],
    queryFn: () => apiRequest('onboarding/messages', { schema: OnboardingMessagesResponseSchema }),
    // Tips arrive by the day and appear once the wizard completes: ask again on every visit.
    staleTime: 0,
  })
}

export function markOnboardingMessageRead(messageId: string): Promise<OnboardingMessage> {
  return apiRequest(`onboarding/messages/${encodeURIComponent(messageId)}/read`, {
    method: 'POST',
    schema: OnboardingMessageSchema,
  })
}
