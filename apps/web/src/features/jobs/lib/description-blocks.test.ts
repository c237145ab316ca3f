import { describe, expect, it } from 'vitest'
import { descriptionBlocks } from './description-blocks'

describe('descriptionBlocks', () => {
  it('splits paragraphs on blank lines and joins wrapped lines', () => {
    expect(descriptionBlocks('We build maps.\nFor everyone.\n\n\nJoin us.')).toEqual([
      { kind: 'paragraph', text: 'We build maps. For everyone.' },
      { kind: 'paragraph', text: 'Join us.' },
    ])
  })

  it('gathers bullet and numbered lines into lists', () => {
    const text = [
      'What you will do:',
      '- Design APIs',
      '* Review code',
      '• Mentor people',
      '',
      '1. Apply',
      '2) Talk to us',
      'Thanks!',
    ].join('\r\n')
    expect(descriptionBlocks(text)).toEqual([
      { kind: 'paragraph', text: 'What you will do:' },
      { kind: 'list', ordered: false, items: ['Design APIs', 'Review code', 'Mentor people'] },
      { kind: 'list', ordered: true, items: ['Apply', 'Talk to us'] },
      { kind: 'paragraph', text: 'Thanks!' },
    ])
  })

  it('keeps markup as text (it is never rendered as HTML)', () => {
    expect(descriptionBlocks('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', text: '<script>alert(1)</script>' },
    ])
  })

  it('gives nothing for an empty description', () => {
    expect(descriptionBlocks('  \n\n ')).toEqual([])
  })
})
