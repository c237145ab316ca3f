import { FileText } from 'lucide-react'
import { formatFileSize } from '../lib/resume-file'

/** The file about to be (or being) uploaded: its name and size. */
export function ChosenFile({ file }: { file: File }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border bg-muted/40 px-3 py-2.5">
      <FileText aria-hidden="true" className="size-5 shrink-0 text-primary" />
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{file.name}</p>
        <p className="text-xs text-muted-foreground">{formatFileSize(file.size)}</p>
      </div>
    </div>
  )
}
