/**
 * A few large buffers, allocated once and lent out again and again. Every freshly allocated
 * Buffer is memory outside V8's heap that V8 counts: each few dozen MB of it starts a full
 * garbage collection of the whole heap, which in a server process holding every module costs
 * about as much as serving the bytes (a 4 MiB download cost ~20 ms of CPU, 4 ms of it the
 * file and the socket; see docs/performance.md). Downloads read into a lent buffer instead,
 * so serving files allocates nothing that grows with their size.
 */
export type BufferPool = {
  /** A buffer of at least `size` bytes (its first `size` bytes), or null: too large, or all lent. */
  borrow: (size: number) => Buffer | null
  /** Gives a borrowed buffer back (the subarray `borrow` returned). */
  giveBack: (buffer: Buffer) => void
}

export function createBufferPool(options: { bufferBytes: number; buffers: number }): BufferPool {
  const free: Buffer[] = []
  let allocated = 0
  return {
    borrow(size) {
      if (size > options.bufferBytes) {
        return null
      }
      let buffer = free.pop()
      if (!buffer) {
        if (allocated >= options.buffers) {
          return null
        }
        buffer = Buffer.allocUnsafeSlow(options.bufferBytes)
        allocated++
      }
      return buffer.subarray(0, size)
    },
    giveBack(borrowed) {
      free.push(Buffer.from(borrowed.buffer, borrowed.byteOffset, options.bufferBytes))
    },
  }
}
