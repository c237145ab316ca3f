import { MAX_IMPORT_ROWS } from '@app/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import Papa from 'papaparse'
import { type ChangeEvent, useId, useMemo, useState } from 'react'
import { FormAlert } from '@/components/form-alert'
import { PendingButton } from '@/components/pending-button'
import { Button } from '@/components/ui/button'
import { applicationKeys } from '../api/applications'
import {
  downloadApplicationsCsv,
  importApplications,
  reminderSettingsQueryOptions,
  saveReminderSettings,
  trackerDataKeys,
} from '../api/tracker-data'
import {
  type ColumnMapping,
  guessColumns,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  toImportRow,
} from '../lib/csv-import'

type ParsedFile = { name: string; headers: string[]; records: Record<string, string>[] }
type Summary = { imported: number; skipped: Array<{ line: number; reason: string }> }

const PREVIEW_ROWS = 5
const SELECT =
  'h-9 rounded-md border bg-background px-2 text-sm focus-visible:outline-2 focus-visible:outline-ring'

/**
 * Import a CSV file (Huntr, Teal or any): pick the file, check the columns guessed for each
 * field, see what the first rows become, import; then a summary of what was imported and what
 * was skipped, and why. The server skips rows imported before, so uploading twice is harmless.
 */
function CsvImport({ userId, onDone }: { userId: string; onDone: () => void }) {
  const queryClient = useQueryClient()
  const inputId = useId()
  const [file, setFile] = useState<ParsedFile | null>(null)
  const [mapping, setMapping] = useState<ColumnMapping | null>(null)
  const [parseError, setParseError] = useState<string | null>(null)
  const [summary, setSummary] = useState<Summary | null>(null)
  const today = new Date().toISOString().slice(0, 10)

  const preview = useMemo(
    () =>
      file && mapping ? file.records.map((record) => toImportRow(record, mapping, today)) : [],
    [file, mapping, today],
  )

  const run = useMutation({
    mutationFn: async () => {
      const skipped: Summary['skipped'] = []
      const rows: Array<{
        line: number
        row: Extract<(typeof preview)[number], { ok: true }>['row']
      }> = []
      preview.forEach((entry, index) => {
        // Line 1 is the header.
        if (entry.ok) rows.push({ line: index + 2, row: entry.row })
        else skipped.push({ line: index + 2, reason: entry.reason })
      })
      let imported = 0
      for (let start = 0; start < rows.length; start += MAX_IMPORT_ROWS) {
        const part = rows.slice(start, start + MAX_IMPORT_ROWS)
        const result = await importApplications(part.map((entry) => entry.row))
        imported += result.imported
        for (const skip of result.skipped) {
          skipped.push({ line: part[skip.row]!.line, reason: 'imported before' })
        }
      }
      return { imported, skipped: skipped.sort((a, b) => a.line - b.line) }
    },
    onSuccess: async (result) => {
      setSummary(result)
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationKeys.all }),
        queryClient.invalidateQueries({ queryKey: trackerDataKeys.stats(userId) }),
      ])
    },
  })

  function pick(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0]
    setSummary(null)
    setParseError(null)
    if (!chosen) return
    Papa.parse<Record<string, string>>(chosen, {
      header: true,
      skipEmptyLines: 'greedy',
      complete: (result) => {
        const headers = (result.meta.fields ?? []).filter((header) => header.trim() !== '')
        if (!headers.length || !result.data.length) {
          setParseError('This file has no rows we can read: is it a CSV file with a header line?')
          setFile(null)
          return
        }
        setFile({ name: chosen.name, headers, records: result.data })
        setMapping(guessColumns(headers))
      },
      error: (error) => setParseError(`We couldn't read this file: ${error.message}`),
    })
  }

  const ready = preview.filter((entry) => entry.ok).length
  return (
    <div className="flex flex-col gap-3 rounded-xl border bg-card p-4">
      <h2 className="text-base font-semibold">Import applications from a CSV file</h2>
      <p className="text-sm text-muted-foreground">
        From Huntr, Teal or a spreadsheet: company, job title, status, date applied, link, notes.
      </p>
      <label htmlFor={inputId} className="flex flex-col gap-1 text-sm font-medium">
        CSV file
        <input id={inputId} type="file" accept=".csv,text/csv" onChange={pick} />
      </label>
      <FormAlert message={parseError} />
      {file && mapping && !summary ? (
        <>
          <fieldset className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <legend className="mb-1 text-sm font-medium">Columns of {file.name}</legend>
            {IMPORT_FIELDS.map((field) => (
              <div key={field} className="flex items-center justify-between gap-2 text-sm">
                <label htmlFor={`${inputId}-${field}`}>{IMPORT_FIELD_LABELS[field]}</label>
                <select
                  id={`${inputId}-${field}`}
                  className={SELECT}
                  value={mapping[field] ?? ''}
                  onChange={(event) =>
                    setMapping({ ...mapping, [field]: event.target.value || null })
                  }
                >
                  <option value="">(none)</option>
                  {file.headers.map((header) => (
                    <option key={header} value={header}>
                      {header}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </fieldset>
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" aria-label="Preview">
              <caption className="text-left text-muted-foreground">
                The first {Math.min(PREVIEW_ROWS, preview.length)} of {preview.length} rows
              </caption>
              <thead>
                <tr>
                  <th scope="col">Company</th>
                  <th scope="col">Job title</th>
                  <th scope="col">Becomes</th>
                </tr>
              </thead>
              <tbody>
                {preview.slice(0, PREVIEW_ROWS).map((entry, index) => (
                  <tr key={index}>
                    <td>{entry.ok ? entry.row.company : entry.company}</td>
                    <td>{entry.ok ? entry.row.title : entry.title}</td>
                    <td>
                      {entry.ok
                        ? `${entry.row.status}${entry.row.dateApplied ? `, applied ${entry.row.dateApplied}` : ''}`
                        : `Skipped: ${entry.reason}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <FormAlert message={run.error?.message ?? null} />
          <PendingButton
            pending={run.isPending}
            pendingLabel="Importing…"
            disabled={ready === 0}
            onClick={() => run.mutate()}
          >
            {`Import ${ready} ${ready === 1 ? 'application' : 'applications'}`}
          </PendingButton>
        </>
      ) : null}
      {summary ? (
        <div role="status" className="flex flex-col gap-1 text-sm">
          <p className="font-medium">
            Imported {summary.imported} {summary.imported === 1 ? 'application' : 'applications'}
            {summary.skipped.length ? `, skipped ${summary.skipped.length}` : ''}.
          </p>
          {summary.skipped.length ? (
            <ul className="list-disc pl-5 text-muted-foreground">
              {summary.skipped.map((skip) => (
                <li key={skip.line}>
                  Line {skip.line}: {skip.reason}
                </li>
              ))}
            </ul>
          ) : null}
          <Button variant="outline" className="self-start" onClick={onDone}>
            Done
          </Button>
        </div>
      ) : null}
    </div>
  )
}

const REMINDER_CHOICES = [3, 5, 7, 10, 14, 21, 30]

/** "Remind me to follow up after N days" (1–60, or off). */
function ReminderSetting({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  const id = useId()
  const settings = useQuery(reminderSettingsQueryOptions(userId))
  const save = useMutation({
    mutationFn: saveReminderSettings,
    onSuccess: (saved) => queryClient.setQueryData(trackerDataKeys.reminders(userId), saved),
  })
  if (!settings.isSuccess) return null
  const days = settings.data.followUpAfterDays
  const choices =
    days === null || REMINDER_CHOICES.includes(days)
      ? REMINDER_CHOICES
      : [...REMINDER_CHOICES, days].sort((a, b) => a - b)
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id}>Follow-up reminder emails</label>
      <select
        id={id}
        className={SELECT}
        value={days === null ? 'off' : String(days)}
        disabled={save.isPending}
        onChange={(event) =>
          save.mutate({
            followUpAfterDays: event.target.value === 'off' ? null : Number(event.target.value),
          })
        }
      >
        {choices.map((choice) => (
          <option key={choice} value={String(choice)}>
            after {choice} quiet days
          </option>
        ))}
        <option value="off">off</option>
      </select>
    </div>
  )
}

/** Import and export as CSV, and the follow-up reminder setting, under the tracker's toolbar. */
export function TrackerCsvTools({ userId }: { userId: string }) {
  const [importing, setImporting] = useState(false)
  const exporting = useMutation({ mutationFn: downloadApplicationsCsv })
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          onClick={() => setImporting(!importing)}
          aria-expanded={importing}
        >
          Import CSV
        </Button>
        <PendingButton
          variant="outline"
          pending={exporting.isPending}
          pendingLabel="Exporting…"
          onClick={() => exporting.mutate()}
        >
          Export CSV
        </PendingButton>
        <ReminderSetting userId={userId} />
      </div>
      <FormAlert message={exporting.error?.message ?? null} />
      {importing ? <CsvImport userId={userId} onDone={() => setImporting(false)} /> : null}
    </div>
  )
}
