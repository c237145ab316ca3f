import type { JobCard } from '@app/contracts'
import { describe, expect, it } from 'vitest'
import { findCard, jobsOf, type JobPages, TOP_OF_DECK, withCardAt, withoutCard } from './job-pages'

/** Only the id matters to these edits. */
function job(id: string): JobCard {
  return { id } as JobCard
}

function pagesOf(...pages: string[][]): JobPages {
  return {
    pages: pages.map((ids, index) => ({
      jobs: ids.map(job),
      nextCursor: index < pages.length - 1 ? `cursor-${index + 1}` : null,
      filters: {},
    })),
    pageParams: pages.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
  }
}

const ids = (pages: JobPages) => jobsOf(pages).map((card) => card.id)

describe('the loaded job pages', () => {
  const pages = pagesOf(['a', 'b'], ['c', 'd'])

  it('flatten into the deck in order', () => {
    expect(ids(pages)).toEqual(['a', 'b', 'c', 'd'])
    expect(jobsOf(undefined)).toEqual([])
  })

  it('find where a card sits', () => {
    expect(findCard(pages, 'c')).toEqual({ pageIndex: 1, index: 0 })
    expect(findCard(pages, 'z')).toBeNull()
  })

  it('lose a swiped card and get it back at the same place', () => {
    const position = findCard(pages, 'c')
    const without = withoutCard(pages, 'c')
    expect(ids(without)).toEqual(['a', 'b', 'd'])
    expect(ids(withCardAt(without, job('c'), position ?? TOP_OF_DECK))).toEqual(ids(pages))
  })

  it('leave the other pages and the paging cursors untouched', () => {
    const without = withoutCard(pages, 'a')
    expect(without.pages[1]).toBe(pages.pages[1])
    expect(without.pageParams).toBe(pages.pageParams)
    expect(without.pages[0]?.nextCursor).toBe('cursor-1')
  })

  it('put a card on top, and never twice', () => {
    const back = withCardAt(withoutCard(pages, 'd'), job('d'), TOP_OF_DECK)
    expect(ids(back)).toEqual(['d', 'a', 'b', 'c'])
    expect(withCardAt(pages, job('b'), TOP_OF_DECK)).toBe(pages)
  })

  it('put a card back as near its place as pages that shrank allow', () => {
    const shrunk = pagesOf(['a'])
    expect(ids(withCardAt(shrunk, job('x'), { pageIndex: 3, index: 5 }))).toEqual(['a', 'x'])
    expect(withCardAt(pagesOf(), job('x'), TOP_OF_DECK).pages).toEqual([])
  })
})
