import { FileUp } from 'lucide-react'
import { CenteredScreen } from '@/components/centered-screen'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ResumeUploadPanel } from './resume-upload-panel'

interface ResumeUploadViewProps {
  userId: string
  /** The account the upload goes to, shown so the person can tell. */
  email: string | undefined
  onUploaded: () => void
}

/** The upload page's normal view (spec section 2): choose or drop a PDF, then upload it. */
export function ResumeUploadView({ userId, email, onUploaded }: ResumeUploadViewProps) {
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
        <CardContent>
          <ResumeUploadPanel userId={userId} onUploaded={() => onUploaded()} />
        </CardContent>
      </Card>
    </CenteredScreen>
  )
}
