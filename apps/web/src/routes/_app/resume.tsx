import { createFileRoute } from '@tanstack/react-router'
import { useSession } from '@/features/auth'
import { ResumePage } from '@/features/resume'
import { ResumeRoastCard } from '@/features/roasts'
import { ResumeUploadPanel } from '@/features/resume-upload'

/**
 * Resume (/resume): the latest analysis of the seeker's resume, the parsed profile to correct,
 * the review and a job match. The upload with progress comes from the resume-upload feature;
 * the route composes the two (features never import each other).
 */
export const Route = createFileRoute('/_app/resume')({
  component: ResumeRoute,
})

function ResumeRoute() {
  const session = useSession()
  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 md:py-10 lg:px-6">
      <title>Resume</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Resume</h1>
        <p className="text-base text-pretty text-muted-foreground">
          Your resume, read into your profile and reviewed line by line.
        </p>
      </header>
      {session.status === 'signed-in' ? (
        <ResumePage
          userId={session.session.user.id}
          renderUpload={(onUploaded) => (
            <ResumeUploadPanel
              userId={session.session.user.id}
              endSession={false}
              onUploaded={onUploaded}
            />
          )}
        />
      ) : (
        <p role="status" className="text-muted-foreground">
          Loading your resume…
        </p>
      )}
      {session.status === 'signed-in' && <ResumeRoastCard userId={session.session.user.id} />}
    </main>
  )
}
