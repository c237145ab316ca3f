import type { JsonResumeBody, ProfileResume } from '@app/contracts'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Plus, Trash2 } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import {
  Controller,
  type FieldErrors,
  useFieldArray,
  useForm,
  type UseFormReturn,
} from 'react-hook-form'
import { FormAlert } from '@/components/form-alert'
import { FormField } from '@/components/form-field'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import { saveProfileResume } from '../api/resume'
import { describeResumeError } from '../lib/describe-error'
import {
  EMPTY_EDUCATION,
  EMPTY_WORK,
  type ResumeFormValues,
  ResumeFormSchema,
  toFormValues,
  toJsonResume,
} from '../lib/resume-form'
import { SkillChips } from './skill-chips'
import { TextAreaField } from '@/components/text-area-field'

type Form = UseFormReturn<ResumeFormValues>

const DATE_HINT = 'YYYY-MM, e.g. 2024-03'

/**
 * The parsed profile, every field editable. Save sends the whole JSON Resume
 * (`PUT /api/professional-profiles/{id}/resume`); what differs from the parse is kept as the
 * seeker's correction, which wins over any later parse.
 */
export function ResumeEditor({
  profile,
  onSaved,
}: {
  profile: ProfileResume
  onSaved: (saved: ProfileResume) => void
}) {
  const queryClient = useQueryClient()
  const form = useForm<ResumeFormValues>({
    resolver: zodResolver(ResumeFormSchema),
    defaultValues: toFormValues(profile.resume),
  })
  const save = useMutation({
    mutationFn: (resume: JsonResumeBody) =>
      saveProfileResume(profile.professionalProfileId, resume),
    onSuccess: (saved) => {
      onSaved(saved)
      form.reset(toFormValues(saved.resume))
      void queryClient.invalidateQueries({ queryKey: ['resume', 'latest'] })
    },
  })
  const { errors, isDirty, isSubmitted } = form.formState
  const invalid = isSubmitted && Object.keys(errors).length > 0

  return (
    <form
      noValidate
      aria-labelledby="profile-heading"
      className="flex flex-col gap-6"
      onSubmit={(event) =>
        void form.handleSubmit((values) => save.mutate(toJsonResume(values, profile.resume)))(event)
      }
    >
      <div className="flex flex-col gap-1">
        <h2 id="profile-heading" className="text-xl font-semibold">
          Your profile
        </h2>
        <p className="text-sm text-pretty text-muted-foreground">
          What we read from your resume. Correct anything we got wrong and save: your corrections
          win over a new analysis of the same or another file.
        </p>
        <CorrectedFields fields={profile.correctedFields} />
      </div>

      <BasicsFields form={form} />
      <WorkFields form={form} />
      <EducationFields form={form} />
      <SkillsFields form={form} />
      <LanguageFields form={form} />

      <div className="sticky bottom-[calc(env(safe-area-inset-bottom)+4.5rem)] z-10 flex flex-col gap-2 rounded-xl border bg-background/95 p-3 shadow-sm backdrop-blur md:bottom-4">
        <FormAlert
          message={
            invalid
              ? 'Some fields need fixing: see the messages next to them.'
              : save.error && describeResumeError(save.error)
          }
        />
        {save.isSuccess && !isDirty && (
          <p role="status" className="text-sm font-medium text-success-text">
            Your corrections are saved.
          </p>
        )}
        <PendingButton type="submit" pending={save.isPending} pendingLabel="Saving…">
          Save profile
        </PendingButton>
      </div>
    </form>
  )
}

const FIELD_NAMES: Record<string, string> = {
  'basics.name': 'name',
  'basics.label': 'headline',
  'basics.email': 'email',
  'basics.phone': 'phone',
  'basics.url': 'website',
  'basics.summary': 'summary',
  'basics.location': 'location',
  'basics.profiles': 'links',
  work: 'positions',
  education: 'education',
  skills: 'skills',
  languages: 'languages',
  certificates: 'certificates',
  projects: 'projects',
}

function CorrectedFields({ fields }: { fields: string[] }) {
  if (fields.length === 0) {
    return null
  }
  const names = fields.map((field) => FIELD_NAMES[field] ?? field)
  return (
    <p className="text-sm text-muted-foreground" data-testid="corrected-fields">
      You corrected: {names.join(', ')}.
    </p>
  )
}

function Section({
  title,
  description,
  children,
}: {
  title: string
  description?: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6"
    >
      <div className="flex flex-col gap-1">
        <h3 id={id} className="text-lg font-semibold">
          {title}
        </h3>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
      </div>
      {children}
    </section>
  )
}

function BasicsFields({ form }: { form: Form }) {
  const errors = form.formState.errors.basics
  const profiles = useFieldArray({ control: form.control, name: 'basics.profiles' })
  return (
    <Section title="Contact">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Full name"
          autoComplete="name"
          error={errors?.name?.message}
          {...form.register('basics.name')}
        />
        <FormField
          label="Headline"
          error={errors?.label?.message}
          {...form.register('basics.label')}
        />
        <FormField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          error={errors?.email?.message}
          {...form.register('basics.email')}
        />
        <FormField
          label="Phone"
          type="tel"
          autoComplete="tel"
          error={errors?.phone?.message}
          {...form.register('basics.phone')}
        />
        <FormField label="City" error={errors?.city?.message} {...form.register('basics.city')} />
        <FormField
          label="Region"
          error={errors?.region?.message}
          {...form.register('basics.region')}
        />
        <FormField
          label="Country code"
          hint="e.g. US, GB"
          error={errors?.countryCode?.message}
          {...form.register('basics.countryCode')}
        />
        <FormField
          label="Website"
          type="url"
          inputMode="url"
          error={errors?.url?.message}
          {...form.register('basics.url')}
        />
      </div>
      <TextAreaField
        label="Summary"
        rows={4}
        error={errors?.summary?.message}
        {...form.register('basics.summary')}
      />
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-medium">Links</legend>
        {profiles.fields.map((field, index) => (
          <div
            key={field.id}
            className="grid items-start gap-3 rounded-lg border p-3 sm:grid-cols-[10rem_1fr_auto]"
          >
            <FormField
              label={`Site ${index + 1}`}
              placeholder="LinkedIn"
              error={errors?.profiles?.[index]?.network?.message}
              {...form.register(`basics.profiles.${index}.network`)}
            />
            <FormField
              label={`Link ${index + 1}`}
              type="url"
              inputMode="url"
              error={errors?.profiles?.[index]?.url?.message}
              {...form.register(`basics.profiles.${index}.url`)}
            />
            <RemoveButton
              label={`Remove link ${index + 1}`}
              onClick={() => profiles.remove(index)}
            />
          </div>
        ))}
        <AddButton onClick={() => profiles.append({ network: '', username: '', url: '' })}>
          Add a link
        </AddButton>
      </fieldset>
    </Section>
  )
}

function WorkFields({ form }: { form: Form }) {
  const work = useFieldArray({ control: form.control, name: 'work' })
  const errors = form.formState.errors.work
  return (
    <Section
      title="Experience"
      description="Dates as YYYY-MM. Tick “I work here now” for a current position."
    >
      {work.fields.length === 0 && (
        <p className="text-sm text-muted-foreground">No positions yet.</p>
      )}
      {work.fields.map((field, index) => (
        <WorkEntry
          key={field.id}
          form={form}
          index={index}
          errors={errors?.[index]}
          onRemove={() => work.remove(index)}
        />
      ))}
      <AddButton onClick={() => work.append({ ...EMPTY_WORK })}>Add a position</AddButton>
    </Section>
  )
}

function WorkEntry({
  form,
  index,
  errors,
  onRemove,
}: {
  form: Form
  index: number
  errors: FieldErrors<ResumeFormValues['work'][number]> | undefined
  onRemove: () => void
}) {
  const n = index + 1
  const current = form.watch(`work.${index}.current`)
  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border p-3 sm:p-4" data-testid="work-entry">
      <legend className="px-1 text-sm font-medium">Position {n}</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Company"
          error={errors?.name?.message}
          {...form.register(`work.${index}.name`)}
        />
        <FormField
          label="Title"
          error={errors?.position?.message}
          {...form.register(`work.${index}.position`)}
        />
        <FormField
          label="Location"
          error={errors?.location?.message}
          {...form.register(`work.${index}.location`)}
        />
        <div className="hidden sm:block" />
        <FormField
          label="Start"
          hint={DATE_HINT}
          inputMode="numeric"
          error={errors?.startDate?.message}
          {...form.register(`work.${index}.startDate`)}
        />
        <FormField
          label="End"
          hint={current ? 'Current position' : DATE_HINT}
          inputMode="numeric"
          readOnly={current}
          error={current ? undefined : errors?.endDate?.message}
          {...form.register(`work.${index}.endDate`)}
        />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          {...form.register(`work.${index}.current`)}
        />
        I work here now
      </label>
      <TextAreaField
        label="Highlights"
        hint="One per line."
        rows={4}
        error={errors?.highlights?.message}
        {...form.register(`work.${index}.highlights`)}
      />
      <TextAreaField
        label="Description"
        rows={2}
        error={errors?.summary?.message}
        {...form.register(`work.${index}.summary`)}
      />
      <RemoveButton label={`Remove position ${n}`} onClick={onRemove} text="Remove this position" />
    </fieldset>
  )
}

function EducationFields({ form }: { form: Form }) {
  const education = useFieldArray({ control: form.control, name: 'education' })
  const errors = form.formState.errors.education
  return (
    <Section title="Education">
      {education.fields.length === 0 && (
        <p className="text-sm text-muted-foreground">No schools yet.</p>
      )}
      {education.fields.map((field, index) => {
        const n = index + 1
        const entry = errors?.[index]
        return (
          <fieldset
            key={field.id}
            className="flex flex-col gap-4 rounded-lg border p-3 sm:p-4"
            data-testid="education-entry"
          >
            <legend className="px-1 text-sm font-medium">School {n}</legend>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                label="School"
                error={entry?.institution?.message}
                {...form.register(`education.${index}.institution`)}
              />
              <FormField
                label="Degree"
                placeholder="Bachelor of Science"
                error={entry?.studyType?.message}
                {...form.register(`education.${index}.studyType`)}
              />
              <FormField
                label="Subject"
                error={entry?.area?.message}
                {...form.register(`education.${index}.area`)}
              />
              <FormField
                label="Grade"
                error={entry?.score?.message}
                {...form.register(`education.${index}.score`)}
              />
              <FormField
                label="Start"
                hint={DATE_HINT}
                inputMode="numeric"
                error={entry?.startDate?.message}
                {...form.register(`education.${index}.startDate`)}
              />
              <FormField
                label="End"
                hint={DATE_HINT}
                inputMode="numeric"
                error={entry?.endDate?.message}
                {...form.register(`education.${index}.endDate`)}
              />
            </div>
            <RemoveButton
              label={`Remove school ${n}`}
              onClick={() => education.remove(index)}
              text="Remove this school"
            />
          </fieldset>
        )
      })}
      <AddButton onClick={() => education.append({ ...EMPTY_EDUCATION })}>Add a school</AddButton>
    </Section>
  )
}

function SkillsFields({ form }: { form: Form }) {
  const groups = useFieldArray({ control: form.control, name: 'skillGroups' })
  const errors = form.formState.errors
  return (
    <Section title="Skills" description="Aim for ten or more, in the words job ads use.">
      {groups.fields.map((field, index) => (
        <fieldset
          key={field.id}
          className="flex flex-col gap-3 rounded-lg border p-3 sm:p-4"
          data-testid="skill-group"
        >
          <legend className="px-1 text-sm font-medium">Skill group {index + 1}</legend>
          <FormField
            label="Group name"
            error={errors.skillGroups?.[index]?.name?.message}
            {...form.register(`skillGroups.${index}.name`)}
          />
          <Controller
            control={form.control}
            name={`skillGroups.${index}.keywords`}
            render={({ field: keywords }) => (
              <SkillChips
                label={`Add a skill to group ${index + 1}`}
                skills={keywords.value}
                onChange={keywords.onChange}
              />
            )}
          />
          <RemoveButton
            label={`Remove skill group ${index + 1}`}
            onClick={() => groups.remove(index)}
            text="Remove this group"
          />
        </fieldset>
      ))}
      <Controller
        control={form.control}
        name="skills"
        render={({ field }) => (
          <SkillChips
            label={groups.fields.length > 0 ? 'Add a skill outside the groups' : 'Add a skill'}
            skills={field.value}
            onChange={field.onChange}
          />
        )}
      />
      {groups.fields.length > 0 && (
        <AddButton onClick={() => groups.append({ name: '', keywords: [] })}>
          Add a skill group
        </AddButton>
      )}
    </Section>
  )
}

function LanguageFields({ form }: { form: Form }) {
  const languages = useFieldArray({ control: form.control, name: 'languages' })
  const errors = form.formState.errors.languages
  return (
    <Section title="Languages">
      {languages.fields.map((field, index) => (
        <div
          key={field.id}
          className="grid items-start gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_1fr_auto]"
        >
          <FormField
            label={`Language ${index + 1}`}
            error={errors?.[index]?.language?.message}
            {...form.register(`languages.${index}.language`)}
          />
          <FormField
            label="Fluency"
            placeholder="Native, fluent, basic…"
            error={errors?.[index]?.fluency?.message}
            {...form.register(`languages.${index}.fluency`)}
          />
          <RemoveButton
            label={`Remove language ${index + 1}`}
            onClick={() => languages.remove(index)}
          />
        </div>
      ))}
      <AddButton onClick={() => languages.append({ language: '', fluency: '' })}>
        Add a language
      </AddButton>
    </Section>
  )
}

function AddButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button type="button" variant="outline" className="self-start" onClick={onClick}>
      <Plus aria-hidden="true" />
      {children}
    </Button>
  )
}

function RemoveButton({
  label,
  onClick,
  text,
}: {
  label: string
  onClick: () => void
  text?: string
}) {
  return (
    <Button
      type="button"
      variant="ghost"
      size={text ? 'sm' : 'icon'}
      className="self-start text-destructive sm:self-end"
      aria-label={text ? undefined : label}
      onClick={onClick}
    >
      <Trash2 aria-hidden="true" />
      {text}
    </Button>
  )
}
