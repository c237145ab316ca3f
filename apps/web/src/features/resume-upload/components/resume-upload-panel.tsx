import { Button } from '@/components/ui/button'
import { FormAlert } from '@/components/form-alert'
import type { ProfessionalProfile } from '../api/professional-profiles'
import { useResumeUpload } from '../hooks/use-resume-upload'
import { ChosenFile } from './chosen-file'
import { ResumeDropZone } from './resume-drop-zone'
import { UploadProgress } from './upload-progress'

export interface ResumeUploadPanelProps {
  userId: string
  onUploaded: (profile: ProfessionalProfile) => void
  /** Signs the browser out afterwards (the upload link's page); the app's pages pass false. */
  endSession?: boolean
}

/**
 * Choose or drop a PDF, then upload it with progress and record the professional profile (which
 * queues its analysis). The upload link's page shows it in a card; the app's Resume page inline.
 */
export function ResumeUploadPanel({ userId, onUploaded, endSession }: ResumeUploadPanelProps) {
  const { state, choose, upload, retry, cancel } = useResumeUpload({
    userId,
    onUploaded,
    endSession,
  })
  const busy = state.step === 'uploading' || state.step === 'saving'
  const problem =
    state.step === 'choosing' ? state.problem : state.step === 'failed' ? state.message : null

  return (
    <div className="flex flex-col gap-4">
      <FormAlert message={problem} />
      {!busy && <ResumeDropZone onFile={(file) => void choose(file)} hasFile={'file' in state} />}
      {'file' in state && <ChosenFile file={state.file} />}
      {state.step === 'uploading' && <UploadProgress percent={state.percent} onCancel={cancel} />}
      {state.step === 'saving' && <UploadProgress percent={null} />}
      {state.step === 'ready' && (
        <Button type="button" size="lg" onClick={upload}>
          Upload resume
        </Button>
      )}
      {state.step === 'failed' && (
        <Button type="button" size="lg" onClick={retry}>
          Try again
        </Button>
      )}
    </div>
  )
}
