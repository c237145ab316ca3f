import { useMutation } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { downloadAccountExport } from '../api/account-data'
import { describeAccountError } from '../lib/describe-account-error'
import { Notice } from './notice'

/** "Download my data": everything held about the user, as one ZIP file. */
export function DataExport() {
  const download = useMutation({ mutationFn: downloadAccountExport })

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-pretty text-muted-foreground">
        One ZIP file with everything we hold about you: your account and sign-in history, your
        profiles, onboarding answers, applications, interviews and credits (in{' '}
        <code className="font-mono">data.json</code>), and every file you uploaded.
      </p>
      <FormAlert message={download.error && describeAccountError(download.error)} />
      <Notice message={download.isSuccess ? 'Your download has started.' : null} />
      <PendingButton
        variant="outline"
        className="sm:self-start"
        pending={download.isPending}
        pendingLabel="Preparing your download…"
        onClick={() => download.mutate()}
      >
        <Download aria-hidden="true" />
        Download my data
      </PendingButton>
    </div>
  )
}
