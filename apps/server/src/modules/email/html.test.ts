import { describe, expect, it } from 'vitest'
import { escapeHtml, html, raw, unescapeHtml } from './html.ts'

describe('the html tag', () => {
  it('escapes interpolated strings and numbers, and keeps nested fragments as markup', () => {
    const name = `<img src=x onerror="alert('1')">&`
    const fragment = html`<b>${name}</b>`
    expect(html`<p title="${name}">${fragment} ${42}</p>`.value).toBe(
      '<p title="&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;">' +
        '<b>&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;</b> 42</p>',
    )
  })

  it('renders lists, and nothing for null, undefined and false', () => {
    // prettier-ignore
    const list = html`<ul>${['a', 'b'].map((item) => html`<li>${item}</li>`)}</ul>`
    expect(list.value).toBe('<ul><li>a</li><li>b</li></ul>')
    expect(html`[${null}${undefined}${false}]`.value).toBe('[]')
  })

  it('inserts raw markup as it is', () => {
    // prettier-ignore
    const style = html`<style>${raw('a > b { color: red }')}</style>`
    expect(style.value).toBe('<style>a > b { color: red }</style>')
  })

  it('unescapes what it escaped', () => {
    const text = `a & b < c > d "e" 'f' &amp;`
    expect(unescapeHtml(escapeHtml(text))).toBe(text)
  })
})
