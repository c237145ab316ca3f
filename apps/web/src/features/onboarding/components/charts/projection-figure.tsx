import { PROJECTION_ASSUMPTIONS } from '@app/contracts'
import type { ReactNode } from 'react'

export type FigureTable = { head: readonly string[]; rows: readonly (readonly string[])[] }

/**
 * A projection chart as a figure: the caption, the drawing (hidden from screen readers), a
 * sentence saying what it shows, and the numbers as a table that screen readers get instead.
 */
export function ProjectionFigure({
  caption,
  summary,
  table,
  children,
}: {
  caption: string
  summary: ReactNode
  table: FigureTable
  /** The SVG chart and its legend. */
  children: ReactNode
}) {
  return (
    <figure className="rounded-xl border bg-card p-4 shadow-sm">
      <figcaption className="font-semibold">{caption}</figcaption>
      <div aria-hidden="true" className="mt-3">
        {children}
      </div>
      <p className="mt-3 text-pretty">{summary}</p>
      {/* A table sizes to its content whatever its width, so it cannot be the sr-only box
          itself: a wide table would stretch the page. The wrapper clips it to 1 px. */}
      <div className="sr-only">
        <table>
          <caption>{caption}</caption>
          <thead>
            <tr>
              {table.head.map((heading) => (
                <th key={heading} scope="col">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.join('|')}>
                {row.map((cell, index) =>
                  index === 0 ? (
                    <th key={index} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={index}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}

/** The model's assumptions in words, under every projection (ADR 0012). */
export function ModelAssumptions() {
  return (
    <section aria-labelledby="model-assumptions" className="text-sm text-muted-foreground">
      <h2 id="model-assumptions" className="font-medium text-foreground">
        What this assumes
      </h2>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {PROJECTION_ASSUMPTIONS.map((assumption) => (
          <li key={assumption}>{assumption}</li>
        ))}
      </ul>
      <p className="mt-1">Averages from your answers, not a promise.</p>
    </section>
  )
}

/** The two series every comparison uses. */
export function ComparisonLegend() {
  return (
    <div className="mt-2 flex gap-4 text-sm text-muted-foreground">
      <span className="flex items-center gap-1.5">
        <span className="size-3 rounded-sm bg-muted-foreground/40" />
        Today
      </span>
      <span className="flex items-center gap-1.5">
        <span className="size-3 rounded-sm bg-primary" />
        With your plan
      </span>
    </div>
  )
}
