/**
 * The routes of practice interviews (issue 16, ADR 0026; wire shapes and the flow in
 * packages/contracts/src/interviews.ts):
 * - POST /api/interviews/start → 201 the interview with its questions;
 * - GET /api/interviews → the list (DELETED left out); GET /api/interviews/{id};
 * - GET /api/interviews/{id}/questions/{index}/audio → the question spoken (when the browser
 *   has no voice of its own);
 * - POST /api/interviews/{id}/answers/{index}: multipart (a recording) or JSON (typed, skipped)
 *   → 202 the answer;
 * - POST /api/interviews/{id}/finish → 202; GET /api/interviews/{id}/recording → signed URL;
 * - DELETE /api/interviews/{id} → 204 (soft delete, spec section 4).
 */
import {
  INTERVIEW_ANSWER_LIMITS,
  StartInterviewBodySchema,
  TypedAnswerBodySchema,
} from '@app/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../platform/errors/app-error.ts'
import type { ProductApiContext } from '../../platform/product-api.ts'
import type { LimitUser } from '../api-rate-limits/index.ts'
import type { ByteStore, ObjectUrlSigner } from '../storage/index.ts'
import { questionsOf, toAnswerJson, toInterviewJson, toListItemJson } from './interview-json.ts'
import { listInterviews } from './interviews.repository.ts'
import {
  answerByVoice,
  answerInWriting,
  deleteInterview,
  finishInterview,
  readInterview,
  recordingUrl,
  startInterview,
} from './interviews.service.ts'
import type { TextGenerator } from '../cover-letters/index.ts'
import type { Voice } from '../voice/index.ts'

export type InterviewRouteDeps = ProductApiContext & {
  byteStore: ByteStore
  limitUser: LimitUser
  objectUrlSigner: ObjectUrlSigner
  questionVoice: Voice
  /** The configured LLM (`LLM_BASE_URL`), which may improve the questions; null offline. */
  textGenerator: TextGenerator | null
}

const InterviewParams = z.object({ id: z.uuid('Interview not found') })
const QuestionParams = InterviewParams.extend({
  index: z.coerce.number().int().min(1).max(50),
})

/** Room for the form's text parts and boundaries around the recording. */
const MULTIPART_ALLOWANCE = 1024 * 1024

function interviewId(params: unknown): string {
  const parsed = InterviewParams.safeParse(params)
  if (!parsed.success) {
    throw new AppError('interview_not_found', 'Interview not found')
  }
  return parsed.data.id
}

/** `{index}` in a path counts questions from 1, as the app shows them. */
function questionPath(params: unknown): { id: string; questionIndex: number } {
  const id = interviewId(params)
  const parsed = QuestionParams.safeParse(params)
  if (!parsed.success) {
    throw new AppError('interview_question_not_found', 'This interview has no such question')
  }
  return { id, questionIndex: parsed.data.index - 1 }
}

/** The `audio` part and the text parts of a voice answer's form. */
async function readVoiceForm(body: Buffer, contentType: string) {
  let form: FormData
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData()
  } catch {
    throw new AppError('validation_failed', 'The form could not be read: send multipart/form-data')
  }
  const audio = form.get('audio')
  if (!(audio instanceof Blob) || audio.size === 0) {
    throw new AppError('validation_failed', 'Send the recording in the form’s `audio` part', {
      details: [{ path: ['audio'], message: 'Required' }],
    })
  }
  const transcript = form.get('transcript')
  return {
    bytes: new Uint8Array(await audio.arrayBuffer()),
    mimeType: audio.type || 'application/octet-stream',
    browserTranscript: typeof transcript === 'string' ? transcript.slice(0, 20_000) : null,
  }
}

export function registerInterviewsRoutes(app: FastifyInstance, deps: InterviewRouteDeps) {
  app.post('/interviews/start', async (request, reply) => {
    const user = await deps.requireUser(request)
    const body = StartInterviewBodySchema.parse(request.body)
    await deps.limitUser(reply, user.id, 'interviews')
    const { interview, answers } = await startInterview(deps, user.id, body)
    return reply.status(201).send(toInterviewJson(interview, answers))
  })

  app.get('/interviews', async (request) => {
    const user = await deps.requireUser(request)
    return { interviews: (await listInterviews(deps.db, user.id)).map(toListItemJson) }
  })

  app.get('/interviews/:id', async (request) => {
    const user = await deps.requireUser(request)
    const { interview, answers } = await readInterview(
      deps.db,
      user.id,
      interviewId(request.params),
    )
    return toInterviewJson(interview, answers)
  })

  app.get('/interviews/:id/questions/:index/audio', async (request, reply) => {
    const user = await deps.requireUser(request)
    const { id, questionIndex } = questionPath(request.params)
    const { interview } = await readInterview(deps.db, user.id, id)
    const question = questionsOf(interview)[questionIndex]
    if (!question) {
      throw new AppError('interview_question_not_found', 'This interview has no such question')
    }
    const spoken = await deps.questionVoice.speak(question.text)
    return reply
      .header('content-type', spoken.mimeType)
      .header('cache-control', 'private, max-age=86400')
      .send(Buffer.from(spoken.bytes))
  })

  // A spoken answer arrives as a multipart form, read whole (it is capped) in its own scope.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: INTERVIEW_ANSWER_LIMITS.maxBytes + MULTIPART_ALLOWANCE },
      (_request, body, done) => done(null, body),
    )
    scope.post('/interviews/:id/answers/:index', async (request, reply) => {
      const user = await deps.requireUser(request)
      const { id, questionIndex } = questionPath(request.params)
      const contentType = request.headers['content-type'] ?? ''
      const answer = Buffer.isBuffer(request.body)
        ? await answerByVoice(
            deps,
            user.id,
            id,
            questionIndex,
            await readVoiceForm(request.body, contentType),
          )
        : await answerInWriting(
            deps,
            user.id,
            id,
            questionIndex,
            TypedAnswerBodySchema.parse(request.body),
          )
      return reply.status(202).send(toAnswerJson(answer))
    })
  })

  app.post('/interviews/:id/finish', async (request, reply) => {
    const user = await deps.requireUser(request)
    const { interview, answers } = await finishInterview(deps, user.id, interviewId(request.params))
    return reply.status(202).send(toInterviewJson(interview, answers))
  })

  app.get('/interviews/:id/recording', async (request) => {
    const user = await deps.requireUser(request)
    return recordingUrl(
      { db: deps.db, now: deps.now, signer: deps.objectUrlSigner },
      user.id,
      interviewId(request.params),
    )
  })

  app.delete('/interviews/:id', async (request, reply) => {
    const user = await deps.requireUser(request)
    await deleteInterview(deps.db, user.id, interviewId(request.params))
    return reply.status(204).send()
  })
}
