import {
  INTERVIEW_FOCUSES,
  INTERVIEW_QUESTION_COUNT,
  type InterviewFocus,
  PlanRequiredDetailsSchema,
  type StartInterviewBody,
} from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Mic } from 'lucide-react'
import { useId, useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { SeePlansButton } from '@/components/paywall-slot'
import { PendingButton } from '@/components/pending-button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Label } from '@/components/ui/label'
import { isApiError } from '@/lib/api'
import { interviewKeys, practiseableApplicationsQuery, startInterview } from '../api/interviews'
import { describeInterviewError } from '../lib/describe-error'

const FOCUS_TEXT: Record<InterviewFocus, { label: string; hint: string }> = {
  behavioural: { label: 'Behavioural', hint: 'Stories from your experience' },
  role: { label: 'Role-specific', hint: 'The job’s own work' },
  mixed: { label: 'Mixed', hint: 'A bit of both' },
}

/** The fewest questions the card offers: fewer than 3 is not much of an interview. */
export const START_MIN_QUESTIONS = 3

const TYPED_ROLE = '__role__'

const selectClass =
  'h-10 w-full rounded-lg border border-input bg-card px-3 text-base shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:text-sm'

/**
 * Start a practice interview: for one of the seeker's applications (their saved jobs) or a role
 * they type; the focus; 3–10 questions (5 by default). Opens the interview room.
 */
export function StartCard({
  userId,
  jobApplicationId,
}: {
  userId: string
  /** Pre-selects this application (from "Practise an interview for this job"). */
  jobApplicationId?: string
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const applications = useQuery(practiseableApplicationsQuery(userId))
  const [target, setTarget] = useState<string | null>(jobApplicationId ?? null)
  const [role, setRole] = useState('')
  const [focus, setFocus] = useState<InterviewFocus>('mixed')
  const [count, setCount] = useState<number>(INTERVIEW_QUESTION_COUNT.default)
  const [roleError, setRoleError] = useState<string | null>(null)
  const ids = { target: useId(), count: useId(), focus: useId() }

  const list = applications.data ?? []
  // Without a choice yet: the first application, or a typed role when there is none.
  const selected = target ?? list[0]?.id ?? TYPED_ROLE
  // Until the applications are read, neither is chosen (no role field flashing in and out).
  const typedRole = selected === TYPED_ROLE && !applications.isPending

  const start = useMutation({
    mutationFn: (body: StartInterviewBody) => startInterview(body),
    onSuccess: async (interview) => {
      await queryClient.invalidateQueries({ queryKey: interviewKeys.list(userId) })
      queryClient.setQueryData(interviewKeys.detail(interview.id), interview)
      await navigate({ to: '/interviews/$interviewId', params: { interviewId: interview.id } })
    },
    onError: (error) => {
      const details = isApiError(error)
        ? (error.details as Record<string, unknown> | undefined)
        : undefined
      if (details && typeof details === 'object' && 'role' in details) {
        setRoleError(String(details.role))
      }
    },
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Practise an interview</h2>
        </CardTitle>
        <CardDescription>
          Answer aloud, as in the room. You get feedback on your pace, pauses and fillers, and on
          what you said.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            if (typedRole && role.trim().length < 2) {
              setRoleError('Type the role you’re practising for')
              return
            }
            setRoleError(null)
            start.mutate({
              ...(typedRole ? { role: role.trim() } : { jobApplicationId: selected }),
              focus,
              questionCount: count,
            })
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.target}>Practise for</Label>
            <select
              id={ids.target}
              className={selectClass}
              value={selected}
              disabled={applications.isPending}
              onChange={(event) => setTarget(event.target.value)}
            >
              {list.map((application) => (
                <option key={application.id} value={application.id}>
                  {application.company
                    ? `${application.title} · ${application.company}`
                    : application.title}
                </option>
              ))}
              <option value={TYPED_ROLE}>A role I’ll type</option>
            </select>
            {applications.isError && (
              <p className="text-sm text-muted-foreground">
                We couldn’t read your saved jobs; you can still type a role.
              </p>
            )}
          </div>
          {typedRole && (
            <FormField
              label="Role"
              placeholder="Product designer"
              value={role}
              maxLength={120}
              error={roleError ?? undefined}
              onChange={(event) => setRole(event.target.value)}
            />
          )}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium" id={ids.focus}>
              Focus
            </legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {INTERVIEW_FOCUSES.map((value) => (
                <label
                  key={value}
                  htmlFor={`${ids.focus}-${value}`}
                  className="flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm font-medium has-checked:border-primary has-checked:bg-primary/5"
                >
                  <input
                    id={`${ids.focus}-${value}`}
                    type="radio"
                    name="focus"
                    value={value}
                    checked={focus === value}
                    onChange={() => setFocus(value)}
                    className="mt-0.5 accent-primary"
                  />
                  <span className="flex flex-col">
                    {FOCUS_TEXT[value].label}
                    <span className="font-normal text-muted-foreground">
                      {FOCUS_TEXT[value].hint}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor={ids.count}>Questions</Label>
            <select
              id={ids.count}
              className={`${selectClass} sm:max-w-64`}
              value={count}
              onChange={(event) => setCount(Number(event.target.value))}
            >
              {Array.from(
                { length: INTERVIEW_QUESTION_COUNT.max - START_MIN_QUESTIONS + 1 },
                (_, i) => START_MIN_QUESTIONS + i,
              ).map((n) => (
                <option key={n} value={n}>
                  {n} questions (about {n * 2} min)
                </option>
              ))}
            </select>
          </div>
          <FormAlert
            message={start.error && !roleError ? describeInterviewError(start.error) : null}
          />
          {isApiError(start.error) && start.error.code === 'plan_required' && (
            <SeePlansButton
              variant="outline"
              reason={{
                kind: 'plan',
                feature: 'practiceInterviewsPerWeek',
                plans: PlanRequiredDetailsSchema.safeParse(start.error.details).data?.plans,
              }}
            />
          )}
          <PendingButton
            type="submit"
            size="lg"
            className="self-start"
            pending={start.isPending}
            disabled={applications.isPending}
            pendingLabel="Writing your questions…"
          >
            <Mic aria-hidden="true" />
            Start practice
          </PendingButton>
        </form>
      </CardContent>
    </Card>
  )
}
