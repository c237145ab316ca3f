import { Button } from '@/components/ui/button'
import { Progress } from '@/components/ui/progress'

interface UploadProgressProps {
  /** 0 to 100 while the file is sent; null while it is being recorded. */
  percent: number | null
  /** Offered while the file is being sent. */
  onCancel?: () => void
}

export function UploadProgress({ percent, onCancel }: UploadProgressProps) {
  const label = percent === null ? 'Saving to your profile…' : `Uploading… ${percent}%`
  return (
    <div className="flex flex-col gap-3">
      <Progress value={percent ?? 100} aria-label="Upload progress" />
      <div className="flex items-center justify-between gap-3 text-sm">
        <p role="status" className="text-muted-foreground tabular-nums">
          {label}
        </p>
        {onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </div>
  )
}
