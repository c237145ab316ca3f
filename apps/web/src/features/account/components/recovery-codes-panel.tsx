import { Copy, Download, Printer } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { RECOVERY_CODES_FILE_NAME, recoveryCodesText } from '../lib/recovery-codes'

/**
 * A new set of recovery codes, shown this once: the server keeps only their hashes. The user
 * copies, downloads or prints them, and confirms they are stored before the panel closes.
 */
export function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const headingId = useId()
  const storedId = useId()
  const [stored, setStored] = useState(false)
  const [copied, setCopied] = useState(false)
  const text = recoveryCodesText(codes, window.location.host, new Date())

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
    const link = document.createElement('a')
    link.href = url
    link.download = RECOVERY_CODES_FILE_NAME
    link.click()
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-base font-semibold">
        Save your recovery codes
      </h2>
      <p className="text-sm text-pretty text-muted-foreground">
        If you lose your phone, each of these codes signs you in once in place of a code from the
        app. This is the only time they are shown: store them somewhere safe, away from your phone,
        such as a password manager or a printed copy.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border bg-muted px-4 py-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row print:hidden">
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(codes.join('\n')).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          <Copy aria-hidden="true" />
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          Download
        </Button>
        <Button type="button" variant="outline" onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <div className="flex items-center gap-2 print:hidden">
        <input
          id={storedId}
          type="checkbox"
          className="size-4 accent-primary"
          checked={stored}
          onChange={(event) => setStored(event.currentTarget.checked)}
        />
        <label htmlFor={storedId} className="text-sm">
          I have stored these codes somewhere safe
        </label>
      </div>
      <Button className="sm:self-start print:hidden" disabled={!stored} onClick={onDone}>
        Done
      </Button>
    </section>
  )
}
