/**
 * The practice interviews' calls (issue 16; wire shapes and the flow in
 * packages/contracts/src/interviews.ts): the list, one interview (polled while anything runs),
 * start, an answer (voice as multipart, typed or skipped as JSON), finish, the recording's
 * signed URL, the server's spoken question, delete; and the seeker's applications to practise
 * for, read through supabase-js with their own rights as the Saved page reads them.
 */
import {
  type Interview,
  type InterviewAnswer,
  InterviewAnswerSchema,
  InterviewListSchema,
  InterviewRecordingSchema,
  InterviewSchema,
  type StartInterviewBody,
} from '@app/contracts'
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { apiRequest } from '@/lib/api'
import { ApiError, apiUrl, readApiError } from '@/lib/api-request'
import { env } from '@/lib/env'
import { loadSupabase } from '@/lib/supabase'

export const interviewKeys = {
  all: ['interviews'] as const,
  list: (userId: string) => ['interviews', 'list', userId] as const,
  detail: (interviewId: string) => ['interviews', 'detail', interviewId] as const,
  recording: (interviewId: string) => ['interviews', 'recording', interviewId] as const,
  applications: (userId: string) => ['interviews', 'applications', userId] as const,
}

const id = (value: string | number) => encodeURIComponent(String(value))

/**
 * A question in a path: `{index}` counts from 1 there, as the app shows questions ("Question 2
 * of 5"), while `InterviewQuestion.index` and `InterviewAnswer.questionIndex` count from 0.
 */
const questionPath = (interviewId: string, questionIndex: number, rest: string) =>
  `interviews/${id(interviewId)}/${rest}/${id(questionIndex + 1)}`

export function interviewListQuery(userId: string) {
  return queryOptions({
    queryKey: interviewKeys.list(userId),
    queryFn: ({ signal }) => apiRequest('interviews', { schema: InterviewListSchema, signal }),
  })
}

export function interviewQuery(interviewId: string) {
  return queryOptions({
    queryKey: interviewKeys.detail(interviewId),
    queryFn: ({ signal }) =>
      apiRequest(`interviews/${id(interviewId)}`, { schema: InterviewSchema, signal }),
  })
}

export function recordingQuery(interviewId: string) {
  return queryOptions({
    queryKey: interviewKeys.recording(interviewId),
    queryFn: ({ signal }) =>
      apiRequest(`interviews/${id(interviewId)}/recording`, {
        schema: InterviewRecordingSchema,
        signal,
      }),
    // The URL is signed for 24 hours: no need to ask again while the page is open.
    staleTime: 60 * 60 * 1000,
  })
}

export function startInterview(body: StartInterviewBody): Promise<Interview> {
  return apiRequest('interviews/start', { method: 'POST', body, schema: InterviewSchema })
}

export function answerTyped(
  interviewId: string,
  index: number,
  typedAnswer: string,
): Promise<InterviewAnswer> {
  return apiRequest(questionPath(interviewId, index, 'answers'), {
    method: 'POST',
    body: { typedAnswer },
    schema: InterviewAnswerSchema,
  })
}

export function skipQuestion(interviewId: string, index: number): Promise<InterviewAnswer> {
  return apiRequest(questionPath(interviewId, index, 'answers'), {
    method: 'POST',
    body: { skipped: true },
    schema: InterviewAnswerSchema,
  })
}

export function finishInterview(interviewId: string): Promise<Interview> {
  return apiRequest(`interviews/${id(interviewId)}/finish`, {
    method: 'POST',
    schema: InterviewSchema,
  })
}

export function deleteInterview(interviewId: string): Promise<void> {
  return apiRequest(`interviews/${id(interviewId)}`, { method: 'DELETE' })
}

/** The request headers of the signed-in seeker, for the calls the JSON client cannot make. */
async function authHeaders(): Promise<Headers> {
  const supabase = await loadSupabase()
  const { data } = await supabase.auth.getSession()
  const headers = new Headers()
  if (data.session) {
    headers.set('authorization', `Bearer ${data.session.access_token}`)
    headers.set('x-refresh-token', data.session.refresh_token)
  }
  return headers
}

async function send(path: string, init: RequestInit): Promise<Response> {
  let response: Response
  try {
    response = await fetch(apiUrl(env.PUBLIC_API_BASE_URL, path), {
      ...init,
      credentials: 'include',
    })
  } catch (error) {
    throw new ApiError(
      0,
      'network_failure',
      "We couldn't reach the server. Check your connection and try again.",
      { cause: error },
    )
  }
  if (!response.ok) {
    throw await readApiError(response)
  }
  return response
}

/** The file name the server reads the recording's container from. */
export function recordingFileName(mimeType: string): string {
  if (mimeType.includes('ogg')) return 'answer.ogg'
  if (mimeType.includes('mp4') || mimeType.includes('aac')) return 'answer.mp4'
  if (mimeType.includes('wav')) return 'answer.wav'
  return 'answer.webm'
}

export type VoiceAnswer = {
  audio: Blob
  /** The browser's live speech recognition, when it has one and heard something. */
  transcript: string | null
  durationSeconds: number
}

/** A recorded answer, as `multipart/form-data` (the recording in the `audio` part). */
export async function answerVoice(
  interviewId: string,
  index: number,
  answer: VoiceAnswer,
): Promise<InterviewAnswer> {
  const form = new FormData()
  if (answer.transcript?.trim()) {
    form.append('transcript', answer.transcript.trim())
  }
  form.append('audio', answer.audio, recordingFileName(answer.audio.type))
  const headers = await authHeaders()
  headers.set('accept', 'application/json')
  const response = await send(questionPath(interviewId, index, 'answers'), {
    method: 'POST',
    headers,
    body: form,
  })
  return InterviewAnswerSchema.parse(await response.json())
}

/** The server's spoken question (a WAV), as an object URL the caller revokes. */
export async function fetchQuestionAudio(interviewId: string, index: number): Promise<string> {
  const response = await send(`${questionPath(interviewId, index, 'questions')}/audio`, {
    headers: await authHeaders(),
  })
  return URL.createObjectURL(await response.blob())
}

const ApplicationRow = z.object({
  id: z.string(),
  job_title: z.string().nullable(),
  job_company_name: z.string().nullable(),
})

/** One of the seeker's applications, as the start card offers it. */
export type PractiseableApplication = { id: string; title: string; company: string | null }

/** The seeker's applications, newest first (as the Saved screen lists them). */
export function practiseableApplicationsQuery(userId: string) {
  return queryOptions({
    queryKey: interviewKeys.applications(userId),
    queryFn: async (): Promise<PractiseableApplication[]> => {
      const supabase = await loadSupabase()
      const { data, error } = await supabase
        .from('job_applications_with_job')
        .select('id, job_title, job_company_name')
        .eq('user_id', userId)
        .order('created_at', { ascending: false })
        .limit(100)
      if (error) {
        throw new Error('We couldn’t read your saved jobs.', { cause: error })
      }
      return z
        .array(ApplicationRow)
        .parse(data)
        .map((row) => ({
          id: row.id,
          title: row.job_title ?? 'Untitled job',
          company: row.job_company_name,
        }))
    },
  })
}
