import { describe, expect, it } from 'vitest'
import { eventDetails, eventTitle } from './event-text'

describe('event text', () => {
  it('names every event type in words', () => {
    expect(eventTitle('interview_scheduled')).toBe('Interview scheduled')
    expect(eventTitle('rejection_received')).toBe('Rejected')
    expect(eventTitle('something_new')).toBe('something new')
  })

  it('details an interview: when, where, the link and the people', () => {
    expect(
      eventDetails('interview_scheduled', {
        date: '2026-12-08',
        time: '14:30',
        timeZone: 'Europe/Paris',
        location: '12 Rue de la Paix',
        videoUrl: 'https://meet.example.com/abc',
        people: ['Claire Dubois', 'Marc Petit'],
      }),
    ).toEqual([
      'Tue, 8 Dec 2026, 14:30 (Europe/Paris)',
      'Where: 12 Rue de la Paix',
      'Video link: https://meet.example.com/abc',
      'With Claire Dubois, Marc Petit',
    ])
  })

  it('details a note and a follow-up', () => {
    expect(eventDetails('note', { text: 'Called Ann' })).toEqual(['Called Ann'])
    expect(eventDetails('follow_up', { remindOn: '2026-12-01' })).toEqual([
      'Follow up on Tue, 1 Dec 2026',
    ])
    expect(eventDetails('applied', {})).toEqual([])
  })
})
