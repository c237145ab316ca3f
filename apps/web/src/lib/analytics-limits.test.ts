import { describe, expect, it } from 'vitest'
import {
  limitElementsChain,
  limitEventProperties,
  MAX_ATTRIBUTE_VALUE,
  MAX_ELEMENT_TEXT,
} from './analytics-limits'

describe('the spec limits on analytics events (§9)', () => {
  it('cuts element text at 255 characters and each attribute value at 1,024', () => {
    const properties = limitEventProperties({
      $el_text: 'x'.repeat(400),
      $elements: [
        { tag_name: 'button', $el_text: 'y'.repeat(400), 'attr__data-a': 'v'.repeat(1027) },
      ],
      $elements_chain: `button:attr__data-a="${'v'.repeat(1027)}"nth-child="1"text="${'t'.repeat(300)}"`,
    })
    expect(properties.$el_text).toBe('x'.repeat(MAX_ELEMENT_TEXT))
    expect(properties.$elements).toEqual([
      { tag_name: 'button', $el_text: 'y'.repeat(255), 'attr__data-a': 'v'.repeat(1024) },
    ])
    expect(properties.$elements_chain).toBe(
      `button:attr__data-a="${'v'.repeat(MAX_ATTRIBUTE_VALUE)}"nth-child="1"text="${'t'.repeat(255)}"`,
    )
  })

  it('keeps escaped quotes whole and masks emails in texts', () => {
    expect(limitElementsChain('a:text="say \\"hi\\" to ana@example.com"')).toBe(
      'a:text="say \\"hi\\" to [email]"',
    )
  })

  it('drops hashes and masks query values of URLs (a reset link carries a session)', () => {
    const properties = limitEventProperties({
      $current_url: 'https://app.example.com/forgot-password?x=1#access_token=eyJa.eyJb.c',
      $pathname: '/forgot-password',
    })
    expect(properties.$current_url).toBe('https://app.example.com/forgot-password?x=[filtered]')
    expect(properties.$pathname).toBe('/forgot-password')
  })
})
