import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { logger } from '@/lib/logger'

/** Copies `text` to the clipboard and says so for two seconds (a suggestion, a share link). */
export function CopyButton({
  text,
  label,
  className = 'self-start',
}: {
  text: string
  label: string
  className?: string
}) {
  const [copied, setCopied] = useState(false)
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className={className}
      aria-label={copied ? 'Copied' : label}
      onClick={() => {
        navigator.clipboard.writeText(text).then(
          () => {
            setCopied(true)
            setTimeout(() => setCopied(false), 2000)
          },
          (error: unknown) => logger.warn('Could not copy to the clipboard', error),
        )
      }}
    >
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {copied ? 'Copied' : 'Copy'}
    </Button>
  )
}
