import {
  FEEDBACK_REASONS,
  type FeedbackReason,
  InterviewScheduledPayloadSchema,
  MAX_ADDITIONAL_CONTEXT_LENGTH,
  type MatchReport,
} from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { Download } from 'lucide-react'
import { type ComponentProps, type FormEvent, type ReactNode, useEffect, useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { TextAreaField } from '@/components/text-area-field'
import { downloadApiFile } from '@/lib/api-download'
import { applicationKeys } from '../api/applications'
import {
  additionalContextQueryOptions,
  type ApplicationEvent,
  downloadCoverLetter,
  recordEvent,
  saveAdditionalContext,
  sendFeedback,
} from '../api/tracker'
import { eventDetails, eventTitle } from '../lib/event-text'

const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/** A titled part of the application page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `section-${title.toLowerCase().replaceAll(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** The events, newest first, each in words with its details. */
export function Timeline({ events }: { events: ApplicationEvent[] }) {
  if (events.length === 0) {
    return <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
  }
  return (
    <ol aria-label="Timeline" className="flex flex-col gap-3 border-l pl-4">
      {events.map((event) => (
        <li key={event.id} className="flex flex-col gap-0.5">
          <p className="font-medium">{eventTitle(event.type)}</p>
          <p className="text-xs text-muted-foreground">
            <time dateTime={event.createdAt}>{DATE_TIME.format(new Date(event.createdAt))}</time>
          </p>
          {eventDetails(event.type, event.payload).map((line) => (
            <p key={line} className="text-sm break-words">
              {line}
            </p>
          ))}
          {event.type === 'interview_scheduled' && <InterviewIcsLink eventId={event.id} />}
        </li>
      ))}
    </ol>
  )
}

/** "Add to calendar (.ics)": the interview's calendar file (GET …/interviews/<id>.ics). */
function InterviewIcsLink({ eventId }: { eventId: string }) {
  const { applicationId } = useParams({ strict: false })
  const download = useMutation({
    mutationFn: () =>
      downloadApiFile(
        `job-applications/${applicationId}/interviews/${eventId}.ics`,
        'interview.ics',
      ),
  })
  if (!applicationId) return null
  return (
    <p className="text-sm">
      <button
        type="button"
        className="text-primary underline underline-offset-4 disabled:opacity-50"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        Add to calendar (.ics)
      </button>
      {download.isError && (
        <span role="alert" className="ml-2 text-destructive">
          {download.error.message}
        </span>
      )}
    </p>
  )
}

/** Invalidates what an event changes: the status everywhere and the timeline. */
function useEventRecorder(userId: string, applicationId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ type, payload }: { type: Parameters<typeof recordEvent>[2]; payload: object }) =>
      recordEvent(userId, applicationId, type, payload as Record<string, unknown>),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
  })
}

export function NoteForm({ userId, applicationId }: { userId: string; applicationId: string }) {
  const [text, setText] = useState('')
  const recorder = useEventRecorder(userId, applicationId)
  function submit(event: FormEvent) {
    event.preventDefault()
    if (!text.trim()) return
    recorder.mutate(
      { type: 'note', payload: { text: text.trim() } },
      { onSuccess: () => setText('') },
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <TextAreaField
        id="note-text"
        label="Add a note"
        rows={2}
        maxLength={5000}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <FormAlert message={recorder.error?.message} />
      <PendingButton
        type="submit"
        variant="outline"
        size="sm"
        className="self-start"
        pending={recorder.isPending}
        pendingLabel="Adding…"
        disabled={!text.trim()}
      >
        Add note
      </PendingButton>
    </form>
  )
}

const localZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/** The interview form's fields: label, input id and what the input takes. */
const INTERVIEW_FIELDS = {
  date: { label: 'Date', id: 'interview-date', type: 'date', required: true },
  time: { label: 'Time', id: 'interview-time', type: 'time', required: true },
  timeZone: { label: 'Time zone', id: 'interview-zone', required: true },
  location: { label: 'Place', id: 'interview-place' },
  videoUrl: { label: 'Video link', id: 'interview-video', type: 'url', placeholder: 'https://' },
  people: { label: 'People (comma-separated)', id: 'interview-people' },
} satisfies Record<string, InputFieldProps>

export function InterviewForm({
  userId,
  applicationId,
}: {
  userId: string
  applicationId: string
}) {
  const [open, setOpen] = useState(false)
  const [fields, setFields] = useState({
    date: '',
    time: '',
    timeZone: localZone(),
    location: '',
    videoUrl: '',
    people: '',
  })
  const [problem, setProblem] = useState<string | null>(null)
  const recorder = useEventRecorder(userId, applicationId)
  const interviewField = (name: keyof typeof fields) => (
    <InputField
      key={name}
      {...INTERVIEW_FIELDS[name]}
      value={fields[name]}
      onChange={(event) => setFields((current) => ({ ...current, [name]: event.target.value }))}
    />
  )

  if (!open) {
    return (
      <Button variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
        Schedule an interview
      </Button>
    )
  }
  function submit(event: FormEvent) {
    event.preventDefault()
    const parsed = InterviewScheduledPayloadSchema.safeParse({
      date: fields.date,
      time: fields.time,
      timeZone: fields.timeZone.trim(),
      location: fields.location.trim() || null,
      videoUrl: fields.videoUrl.trim() || null,
      people: fields.people
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    })
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!
      setProblem(`${String(issue.path[0] ?? 'Interview')}: ${issue.message}`)
      return
    }
    setProblem(null)
    recorder.mutate(
      { type: 'interview_scheduled', payload: parsed.data },
      { onSuccess: () => setOpen(false) },
    )
  }
  return (
    <form
      onSubmit={submit}
      aria-label="Schedule an interview"
      className="flex flex-col gap-3 rounded-lg border p-3"
    >
      <div className="grid grid-cols-2 gap-3">
        {(['date', 'time'] as const).map(interviewField)}
      </div>
      {(['timeZone', 'location', 'videoUrl', 'people'] as const).map(interviewField)}
      <FormAlert message={problem ?? recorder.error?.message} />
      <SaveOrCancel
        label="Save interview"
        pending={recorder.isPending}
        onCancel={() => setOpen(false)}
      />
    </form>
  )
}

/** A reminder to follow up on a day (a `follow_up` event; the status stays). */
export function FollowUpForm({ userId, applicationId }: { userId: string; applicationId: string }) {
  const [open, setOpen] = useState(false)
  const [remindOn, setRemindOn] = useState('')
  const recorder = useEventRecorder(userId, applicationId)
  if (!open) {
    return (
      <Button variant="outline" size="sm" className="self-start" onClick={() => setOpen(true)}>
        Remind me to follow up
      </Button>
    )
  }
  return (
    <form
      aria-label="Follow-up reminder"
      className="flex flex-col gap-3 rounded-lg border p-3"
      onSubmit={(event) => {
        event.preventDefault()
        if (!remindOn) return
        recorder.mutate(
          { type: 'follow_up', payload: { remindOn } },
          { onSuccess: () => setOpen(false) },
        )
      }}
    >
      <InputField
        label="Follow up on"
        id="follow-up-date"
        type="date"
        required
        value={remindOn}
        onChange={(event) => setRemindOn(event.target.value)}
      />
      <FormAlert message={recorder.error?.message} />
      <SaveOrCancel
        label="Save reminder"
        pending={recorder.isPending}
        onCancel={() => setOpen(false)}
      />
    </form>
  )
}

/** A small form's buttons: submit (with "Saving…" while pending) and Cancel. */
function SaveOrCancel({
  label,
  pending,
  onCancel,
}: {
  label: string
  pending: boolean
  onCancel: () => void
}) {
  return (
    <div className="flex gap-2">
      <PendingButton type="submit" size="sm" pending={pending} pendingLabel="Saving…">
        {label}
      </PendingButton>
      <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  )
}

type InputFieldProps = ComponentProps<typeof Input> & { label: string; id: string }

/** An input with its label above it. */
function InputField({ label, id, ...input }: InputFieldProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} {...input} />
    </div>
  )
}

export function WithdrawButton({
  userId,
  applicationId,
}: {
  userId: string
  applicationId: string
}) {
  const recorder = useEventRecorder(userId, applicationId)
  return (
    <div className="flex flex-col gap-2">
      <PendingButton
        variant="outline"
        size="sm"
        className="self-start"
        pending={recorder.isPending}
        pendingLabel="Withdrawing…"
        onClick={() => recorder.mutate({ type: 'withdrawn', payload: {} })}
      >
        Withdraw
      </PendingButton>
      <FormAlert message={recorder.error?.message} />
    </div>
  )
}

export function AppliedButton({
  userId,
  applicationId,
}: {
  userId: string
  applicationId: string
}) {
  const recorder = useEventRecorder(userId, applicationId)
  return (
    <PendingButton
      size="sm"
      className="self-start"
      pending={recorder.isPending}
      pendingLabel="Recording…"
      onClick={() => recorder.mutate({ type: 'applied', payload: {} })}
    >
      I applied
    </PendingButton>
  )
}

/** The seeker's own notes about the role (spec section 7), which the letter and practice use. */
export function AdditionalContext({ applicationId }: { applicationId: string }) {
  const queryClient = useQueryClient()
  const context = useQuery(additionalContextQueryOptions(applicationId))
  const [value, setValue] = useState<string | null>(null)
  const [saved, setSaved] = useState(false)
  const save = useMutation({
    mutationFn: (next: string) => saveAdditionalContext(applicationId, next),
    onSuccess: (answer) => {
      queryClient.setQueryData(applicationKeys.context(applicationId), answer)
      setValue(null)
      setSaved(true)
    },
  })
  useEffect(() => {
    if (!saved) return
    const timer = setTimeout(() => setSaved(false), 4000)
    return () => clearTimeout(timer)
  }, [saved])

  if (context.isPending) {
    return <p role="status">Loading your notes…</p>
  }
  if (context.isError) {
    return <FormAlert message={`We couldn't load your notes: ${context.error.message}`} />
  }
  const shown = value ?? context.data.value ?? ''
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault()
        save.mutate(shown)
      }}
    >
      <TextAreaField
        id="additional-context"
        label="What you know about this role: who referred you, what the team cares about. Your cover letter and interview practice use it."
        rows={4}
        maxLength={MAX_ADDITIONAL_CONTEXT_LENGTH}
        value={shown}
        onChange={(event) => {
          setValue(event.target.value)
          setSaved(false)
        }}
      />
      <FormAlert message={save.error?.message} />
      <div className="flex items-center gap-3">
        <PendingButton
          type="submit"
          size="sm"
          pending={save.isPending}
          pendingLabel="Saving…"
          disabled={value === null}
        >
          Save context
        </PendingButton>
        <p role="status" className="text-sm text-muted-foreground">
          {saved ? 'Saved.' : ''}
        </p>
      </div>
    </form>
  )
}

export function CoverLetter({ text, pdfPath }: { text: string | null; pdfPath: string | null }) {
  const download = useMutation({
    mutationFn: async (path: string) => {
      const blob = await downloadCoverLetter(path)
      const url = URL.createObjectURL(blob)
      const link = document.createElement('a')
      link.href = url
      link.download = 'cover-letter.pdf'
      link.click()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
    },
  })
  if (!text && !pdfPath) {
    return (
      <p className="text-sm text-muted-foreground">
        No cover letter yet. A right swipe prepares one; an application added by hand has none.
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      {text && (
        <div
          data-testid="cover-letter-text"
          className="rounded-lg bg-muted/40 p-3 text-sm whitespace-pre-line"
        >
          {text}
        </div>
      )}
      {pdfPath && (
        <PendingButton
          variant="outline"
          size="sm"
          className="self-start"
          pending={download.isPending}
          pendingLabel="Downloading…"
          onClick={() => download.mutate(pdfPath)}
        >
          <Download aria-hidden="true" />
          Download the PDF
        </PendingButton>
      )}
      <FormAlert message={download.error?.message} />
    </div>
  )
}

export function MatchReportView({ report }: { report: MatchReport | null }) {
  if (!report) {
    return (
      <p className="text-sm text-muted-foreground">No match report for this application yet.</p>
    )
  }
  return (
    <div className="flex flex-col gap-3 text-sm">
      <p>
        Match: <strong>{report.score}%</strong>
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <h3 className="font-medium">Your profile shows</h3>
          <ul className="list-disc pl-5">
            {report.matched.map((item) => (
              <li key={item.label}>
                {item.label}
                {item.evidence && <span className="text-muted-foreground"> — {item.evidence}</span>}
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h3 className="font-medium">Missing</h3>
          <ul className="list-disc pl-5">
            {report.missing.map((item) => (
              <li key={item.label}>{item.label}</li>
            ))}
          </ul>
        </div>
      </div>
      <div>
        <h3 className="font-medium">Suggestions</h3>
        <ul className="list-disc pl-5">
          {report.suggestions.map((suggestion) => (
            <li key={suggestion}>{suggestion}</li>
          ))}
        </ul>
      </div>
    </div>
  )
}

const REASON_LABELS: Record<FeedbackReason, string> = {
  great: 'Great as it is',
  tone: 'The tone',
  too_long: 'Too long',
  too_short: 'Too short',
  too_generic: 'Too generic',
  wrong_facts: 'Wrong facts',
  missing_skills: 'Missed my skills',
  wrong_language: 'Wrong language',
}

/** 1–5 stars, reasons and a comment on the letter or the report; the next letter uses it. */
export function FeedbackForm({ applicationId }: { applicationId: string }) {
  const [subject, setSubject] = useState<'cover_letter' | 'match_report'>('cover_letter')
  const [rating, setRating] = useState<number | null>(null)
  const [reasons, setReasons] = useState<FeedbackReason[]>([])
  const [comment, setComment] = useState('')
  const send = useMutation({
    mutationFn: () =>
      sendFeedback({
        jobApplicationId: applicationId,
        subject,
        rating: rating ?? 0,
        reasons,
        comment: comment.trim() || null,
      }),
  })
  if (send.isSuccess) {
    return (
      <p role="status" className="text-sm">
        Thank you: your feedback was sent. The next letter takes it into account.
      </p>
    )
  }
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault()
        if (rating) send.mutate()
      }}
    >
      <fieldset className="flex flex-wrap gap-3">
        <legend className="mb-1 text-sm font-medium">About</legend>
        {(
          [
            ['cover_letter', 'The cover letter'],
            ['match_report', 'The match report'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-1.5 text-sm">
            <input
              type="radio"
              name="feedback-subject"
              checked={subject === value}
              onChange={() => setSubject(value)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="mb-1 text-sm font-medium">Rating</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label
            key={value}
            className="relative flex h-10 min-w-10 cursor-pointer items-center justify-center rounded-lg border px-2 text-sm has-checked:border-primary has-checked:bg-primary has-checked:text-primary-foreground has-focus-visible:outline-2 has-focus-visible:outline-ring"
          >
            <input
              type="radio"
              name="feedback-rating"
              className="sr-only"
              checked={rating === value}
              onChange={() => setRating(value)}
              aria-label={`${value} out of 5`}
            />
            {value}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
        <legend className="mb-1 text-sm font-medium">What stood out (optional)</legend>
        {FEEDBACK_REASONS.map((reason) => (
          <label key={reason} className="flex items-center gap-1.5 text-sm">
            <input
              type="checkbox"
              checked={reasons.includes(reason)}
              onChange={(event) =>
                setReasons((current) =>
                  event.target.checked
                    ? [...current, reason]
                    : current.filter((item) => item !== reason),
                )
              }
            />
            {REASON_LABELS[reason]}
          </label>
        ))}
      </fieldset>
      <TextAreaField
        id="feedback-comment"
        label="Comment (optional)"
        rows={2}
        maxLength={2000}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
      />
      <FormAlert message={send.error?.message} />
      <PendingButton
        type="submit"
        size="sm"
        className="self-start"
        pending={send.isPending}
        pendingLabel="Sending…"
        disabled={!rating}
      >
        Send feedback
      </PendingButton>
    </form>
  )
}
