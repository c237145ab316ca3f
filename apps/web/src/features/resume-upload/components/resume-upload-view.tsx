import { FileUp } from 'lucide-react'
import { CenteredScreen } from '@/components/centered-screen'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { FormAlert } from '@/components/form-alert'
import { useResumeUpload } from '../hooks/use-resume-upload'
import { ChosenFile } from './chosen-file'
import { ResumeDropZone } from './resume-drop-zone'
import { UploadProgress } from './upload-progress'

interface ResumeUploadViewProps {
  userId: string
  /** The account the upload goes to, shown so the person can tell. */
  email: string | undefined
  onUploaded: () => void
}

/** The upload page's normal view (spec section 2): choose or drop a PDF, then upload it. */
export function ResumeUploadView({ userId, email, onUploaded }: ResumeUploadViewProps) {
  const { state, choose, upload, retry, cancel } = useResumeUpload({ userId, onUploaded })
  const busy = state.step === 'uploading' || state.step === 'saving'
  const problem =
    state.step === 'choosing' ? state.problem : state.step === 'failed' ? state.message : null

  return (
    <CenteredScreen>
      <title>Upload your resume</title>
      <Card className="w-full max-w-md">
        <CardHeader>
          <div className="mb-2 flex size-12 items-center justify-center rounded-xl bg-secondary text-secondary-foreground">
            <FileUp aria-hidden="true" className="size-6" />
          </div>
          <CardTitle asChild className="text-2xl">
            <h1>Upload your resume</h1>
          </CardTitle>
          <CardDescription className="text-base text-pretty">
            {email && `For ${email}. `}
            We&apos;ll analyse your resume and show you the results in the app.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <FormAlert message={problem} />
          {!busy && (
            <ResumeDropZone onFile={(file) => void choose(file)} hasFile={'file' in state} />
          )}
          {'file' in state && <ChosenFile file={state.file} />}
          {state.step === 'uploading' && (
            <UploadProgress percent={state.percent} onCancel={cancel} />
          )}
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
        </CardContent>
      </Card>
    </CenteredScreen>
  )
}
