import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createSaveQueue } from './save-queue'

type Patch = Record<string, unknown>

/** A save function whose calls the test settles one by one. */
function controllableSave() {
  const calls: { patch: Patch; resolve: () => void; reject: (error: Error) => void }[] = []
  const save = (patch: Patch) =>
    new Promise<Patch>((resolve, reject) => {
      calls.push({ patch, resolve: () => resolve(patch), reject })
    })
  return { save, calls }
}

const settle = () => vi.advanceTimersByTimeAsync(0)

describe('createSaveQueue', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('sends at once, merges what arrives meanwhile into one next save, and reports each result', async () => {
    const { save, calls } = controllableSave()
    const saved: Patch[] = []
    const queue = createSaveQueue({ save, onSaved: (result) => saved.push(result) })

    queue.enqueue({ a: 1 })
    expect(queue.getState()).toMatchObject({ status: 'saving', unsaved: { a: 1 } })
    queue.enqueue({ b: 2 })
    queue.enqueue({ b: 3, c: 4 })
    expect(calls).toHaveLength(1)
    expect(queue.getState().unsaved).toEqual({ a: 1, b: 3, c: 4 })

    calls[0]?.resolve()
    await settle()
    expect(calls.map((call) => call.patch)).toEqual([{ a: 1 }, { b: 3, c: 4 }])
    expect(queue.getState()).toMatchObject({ status: 'saving', unsaved: { b: 3, c: 4 } })

    calls[1]?.resolve()
    await settle()
    expect(saved).toEqual([{ a: 1 }, { b: 3, c: 4 }])
    expect(queue.getState()).toEqual({ status: 'saved', unsaved: null, retryAt: null, error: null })
  })

  it('keeps a failed change, retries it after a growing delay, and newer changes win', async () => {
    const { save, calls } = controllableSave()
    const queue = createSaveQueue({ save, retryDelaysMs: [1_000, 5_000], now: () => 0 })

    queue.enqueue({ step: 'a', answer: 1 })
    const networkError = new Error('Failed to fetch')
    calls[0]?.reject(networkError)
    await settle()
    expect(queue.getState()).toEqual({
      status: 'failed',
      unsaved: { step: 'a', answer: 1 },
      retryAt: 1_000,
      error: networkError,
    })

    await vi.advanceTimersByTimeAsync(999)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls[1]?.patch).toEqual({ step: 'a', answer: 1 })
    queue.enqueue({ step: 'b' })
    calls[1]?.reject(new Error('Failed to fetch'))
    await settle()
    expect(queue.getState()).toMatchObject({
      status: 'failed',
      unsaved: { step: 'b', answer: 1 },
      retryAt: 5_000,
    })

    await vi.advanceTimersByTimeAsync(5_000)
    expect(calls[2]?.patch).toEqual({ step: 'b', answer: 1 })
    calls[2]?.resolve()
    await settle()
    expect(queue.getState()).toMatchObject({ status: 'saved', unsaved: null })
  })

  it('retries at once when asked, or when a new change comes, without a second timer', async () => {
    const { save, calls } = controllableSave()
    const queue = createSaveQueue({ save, retryDelaysMs: [60_000] })
    queue.enqueue({ a: 1 })
    calls[0]?.reject(new Error('offline'))
    await settle()

    queue.retryNow()
    expect(calls[1]?.patch).toEqual({ a: 1 })
    calls[1]?.reject(new Error('offline'))
    await settle()

    queue.enqueue({ b: 2 })
    expect(calls[2]?.patch).toEqual({ a: 1, b: 2 })
    calls[2]?.resolve()
    await settle()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toHaveLength(3)
  })

  it('tells subscribers about every change of state', async () => {
    const { save, calls } = controllableSave()
    const queue = createSaveQueue({ save })
    const listener = vi.fn()
    const unsubscribe = queue.subscribe(listener)
    queue.enqueue({ a: 1 })
    calls[0]?.resolve()
    await settle()
    // enqueue, saving, saved
    expect(listener).toHaveBeenCalledTimes(3)
    unsubscribe()
    queue.enqueue({ a: 2 })
    expect(listener).toHaveBeenCalledTimes(3)
  })
})
