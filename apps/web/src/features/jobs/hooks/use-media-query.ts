import { useSyncExternalStore } from 'react'

/**
 * One MediaQueryList per query: `matchMedia` evaluates the query each time it is called, and
 * React reads the snapshot on every render of every component using it.
 */
const lists = new Map<string, MediaQueryList>()

function mediaQueryList(query: string): MediaQueryList {
  let list = lists.get(query)
  if (!list) {
    list = window.matchMedia(query)
    lists.set(query, list)
  }
  return list
}

/** Whether a CSS media query matches now, updated as it changes (a resize, a rotation). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQueryList(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => mediaQueryList(query).matches,
  )
}
