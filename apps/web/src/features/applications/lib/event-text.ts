/**
 * An application's event in words, for its timeline: "Interview scheduled", and for an interview
 * its details ("Tue 8 Dec 2026, 14:30 (Europe/Paris) · Video call · With Claire Dubois").
 */
const TITLES: Record<string, string> = {
  applied: 'Applied',
  interview_invitation: 'Invited to an interview',
  interview_scheduled: 'Interview scheduled',
  offer_received: 'Offer received',
  rejection_received: 'Rejected',
  withdrawn: 'Withdrawn',
  note: 'Note',
  follow_up: 'Follow-up reminder',
}

export function eventTitle(type: string): string {
  return TITLES[type] ?? type.replaceAll('_', ' ')
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null

const DAY = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})

function formatDay(isoDay: string): string {
  const date = new Date(`${isoDay}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? isoDay : DAY.format(date)
}

/** The lines that detail an event (empty for one without details). */
export function eventDetails(type: string, payload: Record<string, unknown>): string[] {
  if (type === 'interview_scheduled') {
    const lines: string[] = []
    const date = text(payload.date)
    const time = text(payload.time)
    const zone = text(payload.timeZone)
    if (date) {
      lines.push(`${formatDay(date)}${time ? `, ${time}` : ''}${zone ? ` (${zone})` : ''}`)
    }
    const location = text(payload.location)
    if (location) lines.push(`Where: ${location}`)
    const video = text(payload.videoUrl)
    if (video) lines.push(`Video link: ${video}`)
    const people = Array.isArray(payload.people)
      ? payload.people.map(text).filter((name): name is string => name !== null)
      : []
    if (people.length > 0) lines.push(`With ${people.join(', ')}`)
    return lines
  }
  if (type === 'follow_up') {
    const day = text(payload.remindOn)
    const note = text(payload.text)
    return [...(day ? [`Follow up on ${formatDay(day)}`] : []), ...(note ? [note] : [])]
  }
  const note = text(payload.text)
  return note ? [note] : []
}
