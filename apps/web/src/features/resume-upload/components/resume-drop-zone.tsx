import { FileUp } from 'lucide-react'
import { type DragEvent, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { formatFileSize, MAX_RESUME_BYTES, PDF_MIME_TYPE } from '../lib/resume-file'

interface ResumeDropZoneProps {
  onFile: (file: File) => void
  /** Says "Choose another PDF" once a file is chosen. */
  hasFile: boolean
}

/**
 * Where a resume is dropped or chosen. Dropping is for the mouse; the button opens the file
 * picker and is the way in for the keyboard and screen readers.
 */
export function ResumeDropZone({ onFile, hasFile }: ResumeDropZoneProps) {
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault() // lets the drop happen here instead of the browser opening the file
    event.dataTransfer.dropEffect = 'copy'
    setDragging(true)
  }
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Moving onto a child fires dragleave on the zone too; only leaving the zone counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
      setDragging(false)
    }
  }
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) {
      onFile(file)
    }
  }

  return (
    <div
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors',
        dragging ? 'border-primary bg-primary/5' : 'border-input',
      )}
    >
      <FileUp aria-hidden="true" className="size-8 text-muted-foreground" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">Drag and drop your resume here</p>
        <p className="text-sm text-muted-foreground">
          PDF only, up to {formatFileSize(MAX_RESUME_BYTES)}
        </p>
      </div>
      <Button type="button" variant="outline" onClick={() => input.current?.click()}>
        {hasFile ? 'Choose another PDF' : 'Choose a PDF'}
      </Button>
      <input
        ref={input}
        type="file"
        accept={`${PDF_MIME_TYPE},.pdf`}
        aria-label="Resume (PDF)"
        className="hidden"
        onChange={(event) => {
          const file = event.target.files?.[0]
          // Cleared, so choosing the same file again (after fixing it, say) fires again.
          event.target.value = ''
          if (file) {
            onFile(file)
          }
        }}
      />
    </div>
  )
}
