import { useEffect, useState } from 'react'

/**
 * False until the browser has painted the page once (one frame, then a task). What a page can do
 * without holding back its first paint waits for it: on a slow phone, work done in the same task
 * as the first render delays the largest paint and blocks the main thread (issue 21).
 */
export function useHasPainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0)
    })
    return () => {
      cancelAnimationFrame(frame)
      clearTimeout(timer)
    }
  }, [])
  return painted
}
