import { describe, expect, it } from 'vitest'
import { parseForm } from './local-stripe.ts'

describe("parseForm (Stripe's bracket notation)", () => {
  it('expands nested keys, indexed and empty-bracket arrays', () => {
    const params = parseForm(
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=2&line_items[1][price]=price_2' +
        '&metadata[userId]=u%201&expand[]=line_items&expand[]=subscription&lookup_keys[0]=a&lookup_keys[1]=b',
    )
    expect({ ...params }).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '2' }, { price: 'price_2' }],
      metadata: { userId: 'u 1' },
      expand: ['line_items', 'subscription'],
      lookup_keys: ['a', 'b'],
    })
  })

  it('reads percent-encoded brackets and ignores prototype keys', () => {
    const params = parseForm('metadata%5Bplan%5D=pro&__proto__[polluted]=1&metadata[constructor]=x')
    expect(JSON.parse(JSON.stringify(params))).toEqual({ metadata: { plan: 'pro' } })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
