import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { applicationKeys } from '../api/applications'
import { createApplication } from '../api/tracker'

/**
 * Add a job found elsewhere, free: by its title, company and link, or by pasting the job page's
 * HTML (its schema.org JobPosting is read on the server).
 */
export function AddApplicationForm({ onAdded }: { onAdded: (applicationId: string) => void }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const [mode, setMode] = useState<'fields' | 'page'>('fields')
  const [title, setTitle] = useState('')
  const [company, setCompany] = useState('')
  const [url, setUrl] = useState('')
  const [page, setPage] = useState('')
  const add = useMutation({
    mutationFn: () =>
      createApplication(
        mode === 'page'
          ? { jobPageHtml: page, url: url.trim() || null }
          : { title: title.trim(), company: company.trim(), url: url.trim() || null },
      ),
    onSuccess: async ({ application }) => {
      await queryClient.invalidateQueries({ queryKey: applicationKeys.all })
      setOpen(false)
      onAdded(application.id)
    },
  })

  if (!open) {
    return (
      <Button variant="outline" className="self-start" onClick={() => setOpen(true)}>
        Add a job by hand
      </Button>
    )
  }
  function submit(event: FormEvent) {
    event.preventDefault()
    add.mutate()
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Add a job by hand"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4"
    >
      <p className="text-sm text-muted-foreground">
        For a job you found elsewhere. It's free: nothing is prepared for it.
      </p>
      <fieldset className="flex gap-4 text-sm">
        <legend className="sr-only">How</legend>
        <label className="flex items-center gap-1.5">
          <input type="radio" checked={mode === 'fields'} onChange={() => setMode('fields')} />
          Title and company
        </label>
        <label className="flex items-center gap-1.5">
          <input type="radio" checked={mode === 'page'} onChange={() => setMode('page')} />
          Paste the job page
        </label>
      </fieldset>
      {mode === 'fields' ? (
        <>
          <label htmlFor="add-job-title" className="flex flex-col gap-1 text-sm font-medium">
            Job title
            <Input
              id="add-job-title"
              required
              maxLength={300}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
          </label>
          <label htmlFor="add-job-company" className="flex flex-col gap-1 text-sm font-medium">
            Company
            <Input
              id="add-job-company"
              required
              maxLength={300}
              value={company}
              onChange={(e) => setCompany(e.target.value)}
            />
          </label>
        </>
      ) : (
        <label className="flex flex-col gap-1 text-sm font-medium">
          The page's HTML (View source, select all, copy)
          <textarea
            required
            rows={5}
            value={page}
            onChange={(e) => setPage(e.target.value)}
            className="w-full rounded-lg border border-input bg-card px-3 py-2 font-mono text-xs"
          />
        </label>
      )}
      <label htmlFor="add-job-url" className="flex flex-col gap-1 text-sm font-medium">
        Link (optional)
        <Input
          id="add-job-url"
          type="url"
          placeholder="https://"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
      </label>
      <FormAlert message={add.error?.message} />
      <div className="flex gap-2">
        <PendingButton type="submit" pending={add.isPending} pendingLabel="Adding…">
          Add
        </PendingButton>
        <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
