import { useEffect, useRef, useState } from 'react'
import { isApiError } from '@/lib/api'
import { logger } from '@/lib/logger'
import { loadSupabase } from '@/lib/supabase'
import { createProfessionalProfile, type ProfessionalProfile } from '../api/professional-profiles'
import { ResumeUploadError, uploadResume } from '../api/upload-resume'
import { checkResumeFile, describeResumeFileProblem } from '../lib/resume-file'
import { UPLOAD_MESSAGES } from '../lib/upload-messages'

/**
 * The upload page's steps: `choosing` (a refused file stays here, saying why) → `ready` (a PDF
 * is chosen) → `uploading` (with progress; Cancel goes back to `ready`) → `saving` (the
 * professional profile is recorded) → `onUploaded()`. Uploading or saving can end in `failed`,
 * which keeps the file: Try again sends it again, or, when it is already stored, only records it.
 */
export type UploadState =
  | { step: 'choosing'; problem: string | null }
  | { step: 'ready'; file: File }
  | { step: 'uploading'; file: File; percent: number }
  | { step: 'saving'; file: File }
  | { step: 'failed'; file: File; message: string; storedFileName: string | null }

export function useResumeUpload({
  userId,
  onUploaded,
  endSession = true,
}: {
  userId: string
  onUploaded: (profile: ProfessionalProfile) => void
  /**
   * Signs the browser out once the upload is recorded: the upload link's session exists only for
   * it. The app's own Resume page, where the seeker is signed in as usual, passes false.
   */
  endSession?: boolean
}) {
  const [state, setState] = useState<UploadState>({ step: 'choosing', problem: null })
  const inFlight = useRef<AbortController | null>(null)

  // Leaving the page stops an upload in progress.
  useEffect(() => () => inFlight.current?.abort(), [])

  async function choose(file: File) {
    const problem = await checkResumeFile(file)
    setState(
      problem
        ? { step: 'choosing', problem: describeResumeFileProblem(problem) }
        : { step: 'ready', file },
    )
  }

  async function send(file: File, storedFileName: string | null) {
    const controller = new AbortController()
    inFlight.current = controller
    let fileName = storedFileName
    try {
      if (fileName === null) {
        setState({ step: 'uploading', file, percent: 0 })
        fileName = await uploadResume(userId, file, {
          signal: controller.signal,
          onProgress: (percent) =>
            setState((current) =>
              current.step === 'uploading' ? { ...current, percent } : current,
            ),
        })
      }
      setState({ step: 'saving', file })
      const profile = await createProfessionalProfile(
        fileName,
        file.name.trim().slice(0, 255) || undefined,
        controller.signal,
      )
      if (endSession) {
        await endLinkSession()
      }
      onUploaded(profile)
    } catch (error) {
      if (controller.signal.aborted) {
        setState({ step: 'ready', file })
        return
      }
      const message = describeFailure(error, fileName !== null)
      setState({ step: 'failed', file, message, storedFileName: fileName })
    } finally {
      inFlight.current = null
    }
  }

  return {
    state,
    choose,
    upload: () => {
      if (state.step === 'ready') {
        void send(state.file, null)
      }
    },
    retry: () => {
      if (state.step === 'failed') {
        void send(state.file, state.storedFileName)
      }
    },
    cancel: () => inFlight.current?.abort(),
  }
}

/** `uploadResume` logs and describes its own failures; the rest are logged here. */
function describeFailure(error: unknown, stored: boolean): string {
  if (error instanceof ResumeUploadError) {
    return error.message
  }
  logger.error('Failed to upload resume', error)
  if (isApiError(error) && error.code === 'network_failure') {
    return UPLOAD_MESSAGES.network
  }
  return stored ? UPLOAD_MESSAGES.notRecorded : UPLOAD_MESSAGES.failed
}

/**
 * The link's session existed only for this upload (the link works once): end it in this
 * browser, as the reset page does. The upload is done either way, so a failure is only logged.
 */
async function endLinkSession() {
  const supabase = await loadSupabase()
  const { error } = await supabase.auth.signOut({ scope: 'local' })
  if (error) {
    logger.warn('Could not end the upload link session', error)
  }
}
