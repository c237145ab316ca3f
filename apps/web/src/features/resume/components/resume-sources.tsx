import { useMutation } from '@tanstack/react-query'
import { FileArchive, Link2 } from 'lucide-react'
import { type ReactNode, useId, useRef, useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import { sendLinkedinExport } from '../api/resume'
import { checkLinkedinUrl } from '../lib/linkedin-url'
import { describeResumeError } from '../lib/describe-error'

/** Renders the upload (from the resume-upload feature, composed by the route). */
export type RenderUpload = (onUploaded: () => void) => ReactNode

/**
 * Where a resume comes from: a PDF (the upload, with progress), or LinkedIn. LinkedIn cannot be
 * read by a server (it blocks robots and needs a login), so a pasted profile address is checked
 * and then answered with how to get LinkedIn's own exports, which are read here: "Save to PDF"
 * (uploaded like any PDF) or the data-export ZIP (sent from here).
 */
export function ResumeSources({
  renderUpload,
  profileId,
  onStarted,
  linkedinFirst = false,
}: {
  renderUpload: RenderUpload
  /** The profile a LinkedIn export fills; null makes a new one. */
  profileId: string | null
  onStarted: () => void
  /** Opens the LinkedIn explanation at once (an analysis waiting for an export). */
  linkedinFirst?: boolean
}) {
  const [linkedinUrl, setLinkedinUrl] = useState('')
  const [urlError, setUrlError] = useState<string | null>(null)
  const [explained, setExplained] = useState(linkedinFirst)

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="upload-pdf-heading" className="flex flex-col gap-3">
        <h2 id="upload-pdf-heading" className="text-lg font-semibold">
          Upload your resume (PDF)
        </h2>
        {renderUpload(onStarted)}
      </section>

      <section
        aria-labelledby="linkedin-heading"
        className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:p-6"
      >
        <h2 id="linkedin-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Link2 aria-hidden="true" className="size-5" />
          Or start from LinkedIn
        </h2>
        {!linkedinFirst && (
          <form
            noValidate
            className="flex flex-col gap-3"
            onSubmit={(event) => {
              event.preventDefault()
              const checked = checkLinkedinUrl(linkedinUrl)
              setUrlError(checked.ok ? null : checked.message)
              if (checked.ok) {
                setLinkedinUrl(checked.url)
                setExplained(true)
              }
            }}
          >
            <FormField
              label="LinkedIn profile address"
              type="url"
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="https://www.linkedin.com/in/your-name"
              value={linkedinUrl}
              error={urlError ?? undefined}
              onChange={(event) => setLinkedinUrl(event.target.value)}
            />
            <Button type="submit" variant="outline" className="sm:self-start">
              Continue with LinkedIn
            </Button>
          </form>
        )}
        {explained && (
          <div className="flex flex-col gap-3 text-sm" data-testid="linkedin-exports">
            <p className="text-pretty">
              LinkedIn can’t be read by our server: it blocks automated visits and needs your login.
              Instead, use one of LinkedIn’s own exports; we read both.
            </p>
            <ol className="flex list-decimal flex-col gap-2 pl-5 text-pretty">
              <li>
                <strong>Save to PDF:</strong> on your LinkedIn profile, open the{' '}
                <strong>More</strong> menu and choose <strong>Save to PDF</strong>. Upload that file
                above, like any PDF resume.
              </li>
              <li>
                <strong>Your data export:</strong> in LinkedIn’s{' '}
                <strong>Settings → Data privacy → Get a copy of your data</strong>, ask for your
                profile, positions, education and skills. LinkedIn emails you a ZIP file; choose it
                here.
              </li>
            </ol>
            <LinkedinExportInput profileId={profileId} onStarted={onStarted} />
          </div>
        )}
      </section>
    </div>
  )
}

function LinkedinExportInput({
  profileId,
  onStarted,
}: {
  profileId: string | null
  onStarted: () => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const inputId = useId()
  const [problem, setProblem] = useState<string | null>(null)
  const send = useMutation({
    mutationFn: (file: File) => sendLinkedinExport(file, profileId),
    onSuccess: onStarted,
  })
  return (
    <div className="flex flex-col gap-2">
      <FormAlert message={problem ?? (send.error && describeResumeError(send.error))} />
      <PendingButton
        type="button"
        variant="outline"
        className="sm:self-start"
        pending={send.isPending}
        pendingLabel="Sending your export…"
        onClick={() => input.current?.click()}
      >
        <FileArchive aria-hidden="true" />
        Choose the LinkedIn ZIP
      </PendingButton>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".zip,application/zip"
        aria-label="LinkedIn data export (ZIP)"
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0]
          event.target.value = ''
          if (!file) {
            return
          }
          if (!/\.zip$/i.test(file.name)) {
            setProblem(
              'This isn’t a ZIP file. Choose the file LinkedIn emailed you (it ends in .zip).',
            )
            return
          }
          setProblem(null)
          send.mutate(file)
        }}
      />
    </div>
  )
}
