import { describe, expect, it } from 'vitest'
import { linksIn } from './message-links.ts'

describe('linksIn', () => {
  it('lists the web links of the HTML and then of the text, each once, decoded', () => {
    expect(
      linksIn({
        html: '<a href="https://a.example/?x=1&amp;y=2">A</a> <a href="https://b.example/">B</a>',
        text: 'A: https://a.example/?x=1&y=2\nC: http://c.example/path.\n(see https://d.example/)',
      }),
    ).toEqual([
      'https://a.example/?x=1&y=2',
      'https://b.example/',
      'http://c.example/path',
      'https://d.example/',
    ])
  })

  it('leaves out links that are not http(s)', () => {
    expect(
      linksIn({
        html: '<a href="javascript:alert(1)">x</a><a href="mailto:a@example.com">m</a>',
        text: 'data:text/html,<script>alert(1)</script>',
      }),
    ).toEqual([])
  })

  it('reads a message without HTML', () => {
    expect(linksIn({ html: null, text: 'Open https://app.example/upload?t=abc' })).toEqual([
      'https://app.example/upload?t=abc',
    ])
  })
})
