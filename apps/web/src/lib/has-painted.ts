import { useEffect, useState } from 'react'

/**
 * Runs `run` once the browser has painted the next frame (one frame, then a task); returns what
 * cancels it. Work that would force a layout or block the main thread inside React's commit
 * moves there: on a slow phone the page's first render and its first layout are then two
 * shorter tasks instead of one long one (issue 21).
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/**
 * False until the browser has painted the page once. What a page can do without holding back its
 * first paint waits for it: on a slow phone, work done in the same task as the first render
 * delays the largest paint and blocks the main thread (issue 21).
 */
export function useHasPainted(): boolean {
  const [painted, setPainted] = useState(false)
  useEffect(() => afterNextPaint(() => setPainted(true)), [])
  return painted
}
