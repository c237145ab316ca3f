/**
 * HTML that escapes by default: the `html` tag escapes every interpolated value unless it is
 * itself `SafeHtml` (another `html` fragment, or `raw` markup). Email templates and the
 * development mailbox build their markup with it, so no value reaches a page unescaped.
 */

/** Markup that is already safe to insert as is. */
export class SafeHtml {
  readonly value: string
  constructor(value: string) {
    this.value = value
  }
}

type Interpolation = SafeHtml | string | number | null | undefined | false | Interpolation[]

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Inverse of `escapeHtml` (reading attribute values back out of markup this module made). */
export function unescapeHtml(value: string): string {
  return value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
}

function render(value: Interpolation): string {
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  // null, undefined and false render nothing, so `condition && html`…`` reads naturally.
  if (value === null || value === undefined || value === false) return ''
  return escapeHtml(String(value))
}

export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  return new SafeHtml(
    strings.reduce((out, string, index) => out + render(values[index - 1]) + string),
  )
}

/** Markup trusted as it is (a constant, or a string this code built with `html`). */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup)
}
