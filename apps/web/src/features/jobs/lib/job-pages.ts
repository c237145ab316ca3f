import type { JobCard, JobListResponse } from '@app/contracts'
import type { InfiniteData } from '@tanstack/react-query'

/**
 * The loaded pages of `GET /api/jobs` as TanStack Query keeps them, and the edits a swipe makes
 * to them: take a card out at once, put it back where it was when the server refuses, put an
 * undone pass back on top. Pure, so the cache updates in `api/` stay one-liners.
 */
export type JobPages = InfiniteData<JobListResponse>

/** Where a card sat: page and index within it. */
export type CardPosition = { pageIndex: number; index: number }

/** The deck: every loaded job, in order. */
export function jobsOf(pages: JobPages | undefined): JobCard[] {
  return pages?.pages.flatMap((page) => page.jobs) ?? []
}

export function findCard(pages: JobPages, jobId: string): CardPosition | null {
  for (const [pageIndex, page] of pages.pages.entries()) {
    const index = page.jobs.findIndex((job) => job.id === jobId)
    if (index !== -1) {
      return { pageIndex, index }
    }
  }
  return null
}

export function withoutCard(pages: JobPages, jobId: string): JobPages {
  return {
    ...pages,
    pages: pages.pages.map((page) =>
      page.jobs.some((job) => job.id === jobId)
        ? { ...page, jobs: page.jobs.filter((job) => job.id !== jobId) }
        : page,
    ),
  }
}

/**
 * The pages with `job` at `position` (or as near as the pages now allow). A card that is already
 * there is not added twice: a refetch may have brought it back first.
 */
export function withCardAt(pages: JobPages, job: JobCard, position: CardPosition): JobPages {
  if (findCard(pages, job.id) || pages.pages.length === 0) {
    return pages
  }
  const pageIndex = Math.min(position.pageIndex, pages.pages.length - 1)
  return {
    ...pages,
    pages: pages.pages.map((page, index) => {
      if (index !== pageIndex) {
        return page
      }
      const jobs = [...page.jobs]
      jobs.splice(Math.min(position.index, jobs.length), 0, job)
      return { ...page, jobs }
    }),
  }
}

export const TOP_OF_DECK: CardPosition = { pageIndex: 0, index: 0 }
