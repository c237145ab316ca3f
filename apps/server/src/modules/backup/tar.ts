/**
 * The little of POSIX tar (pax interchange format) a backup archive needs: regular files with
 * names of any length (a pax `path` record when a name does not fit ustar's 100 bytes), written
 * and read as streams so neither side holds a whole file in memory. Any `tar` reads what this
 * writes (`tar -tzf backup.tar.gz`).
 */
import type { Writable } from 'node:stream'

const BLOCK = 512
const ZEROS = Buffer.alloc(BLOCK * 2)

export class ArchiveFormatError extends Error {
  override name = 'ArchiveFormatError'
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0'
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK)
  block.write(name, 0, 100, 'utf8')
  block.write(octal(0o644, 8), 100, 'ascii')
  block.write(octal(0, 8), 108, 'ascii')
  block.write(octal(0, 8), 116, 'ascii')
  block.write(octal(size, 12), 124, 'ascii')
  block.write(octal(mtime, 12), 136, 'ascii')
  block.write('        ', 148, 'ascii') // the checksum counts itself as spaces
  block.write(type, 156, 'ascii')
  block.write('ustar\0', 257, 'ascii')
  block.write('00', 263, 'ascii')
  let sum = 0
  for (const byte of block) {
    sum += byte
  }
  block.write(octal(sum, 7) + ' ', 148, 'ascii')
  return block
}

function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`
  // The record starts with its own length in decimal, which counts its own digits.
  let length = Buffer.byteLength(body) + 1
  while (String(length).length + Buffer.byteLength(body) !== length) {
    length = String(length).length + Buffer.byteLength(body)
  }
  return Buffer.from(`${length}${body}`)
}

function padding(size: number): Buffer {
  const rest = size % BLOCK
  return rest === 0 ? Buffer.alloc(0) : Buffer.alloc(BLOCK - rest)
}

/** Writes entries to `out` (a gzip stream, a file), waiting whenever `out` asks to. */
export class TarWriter {
  #written = 0
  readonly out: Writable
  constructor(out: Writable) {
    this.out = out
  }

  /** Bytes written so far (before compression). */
  get written(): number {
    return this.#written
  }

  async #write(chunk: Buffer) {
    this.#written += chunk.byteLength
    if (!this.out.write(chunk)) {
      await new Promise<void>((resolve, reject) => {
        const onDrain = () => {
          this.out.off('error', onError)
          resolve()
        }
        const onError = (error: Error) => {
          this.out.off('drain', onDrain)
          reject(error)
        }
        this.out.once('drain', onDrain)
        this.out.once('error', onError)
      })
    }
  }

  async #header(name: string, size: number) {
    const mtime = Math.floor(Date.now() / 1000)
    const short = Buffer.byteLength(name) <= 100 && !/[^\x20-\x7e]/.test(name)
    if (!short) {
      const pax = paxRecord('path', name)
      await this.#write(header('././@PaxHeader', pax.byteLength, 'x', mtime))
      await this.#write(pax)
      await this.#write(padding(pax.byteLength))
    }
    await this.#write(
      header(short ? name : name.slice(0, 99).replace(/[^\x20-\x7e]/g, '_'), size, '0', mtime),
    )
  }

  /** One entry whose bytes are in memory. */
  async add(name: string, bytes: Buffer) {
    await this.#header(name, bytes.byteLength)
    await this.#write(bytes)
    await this.#write(padding(bytes.byteLength))
  }

  /**
   * One entry of `size` bytes read from `source`; fails (leaving the archive unusable, as it
   * should be) when the source gives more or fewer.
   */
  async addStream(
    name: string,
    size: number,
    source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  ) {
    await this.#header(name, size)
    let seen = 0
    for await (const chunk of source as AsyncIterable<Uint8Array>) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)
      seen += bytes.byteLength
      if (seen > size) {
        throw new ArchiveFormatError(`${name} grew while it was read (${size} bytes expected)`)
      }
      await this.#write(bytes)
    }
    if (seen !== size) {
      throw new ArchiveFormatError(`${name} has ${seen} bytes, ${size} were expected`)
    }
    await this.#write(padding(size))
  }

  /** The two zero blocks that end an archive. */
  async finish() {
    await this.#write(ZEROS)
  }
}

/** Reads exactly the bytes asked for from a stream of chunks. */
class ChunkReader {
  #pending: Buffer[] = []
  #pendingBytes = 0
  #done = false
  readonly source: AsyncIterator<Uint8Array>
  constructor(source: AsyncIterator<Uint8Array>) {
    this.source = source
  }

  async #fill(bytes: number): Promise<boolean> {
    while (this.#pendingBytes < bytes && !this.#done) {
      const next = await this.source.next()
      if (next.done) {
        this.#done = true
      } else {
        const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength)
        this.#pending.push(chunk)
        this.#pendingBytes += chunk.byteLength
      }
    }
    return this.#pendingBytes >= bytes
  }

  #take(bytes: number): Buffer {
    const all = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending)
    const taken = all.subarray(0, bytes)
    const rest = all.subarray(bytes)
    this.#pending = rest.byteLength > 0 ? [rest] : []
    this.#pendingBytes = rest.byteLength
    return taken
  }

  /** Exactly `bytes` bytes, or null at a clean end; throws when the stream stops halfway. */
  async read(bytes: number): Promise<Buffer | null> {
    if (!(await this.#fill(bytes))) {
      if (this.#pendingBytes === 0) {
        return null
      }
      throw new ArchiveFormatError('the archive ends in the middle of an entry (truncated)')
    }
    return this.#take(bytes)
  }

  /** `bytes` bytes as chunks, without gathering them. */
  async *stream(bytes: number): AsyncGenerator<Buffer> {
    let left = bytes
    while (left > 0) {
      if (this.#pendingBytes === 0 && !(await this.#fill(1))) {
        throw new ArchiveFormatError('the archive ends in the middle of an entry (truncated)')
      }
      const chunk = this.#take(Math.min(left, this.#pendingBytes))
      left -= chunk.byteLength
      yield chunk
    }
  }
}

export type TarEntry = {
  name: string
  size: number
  /** The entry's bytes; read them (or not) before asking for the next entry. */
  body: () => AsyncGenerator<Buffer>
}

function field(block: Buffer, start: number, length: number): string {
  const raw = block.subarray(start, start + length)
  const end = raw.indexOf(0)
  return raw.subarray(0, end === -1 ? length : end).toString('utf8')
}

function parseOctal(block: Buffer, start: number, length: number): number {
  const text = field(block, start, length).trim()
  if (!/^[0-7]+$/.test(text)) {
    throw new ArchiveFormatError('a tar header is damaged (not an archive written by backup?)')
  }
  return Number.parseInt(text, 8)
}

function checkHeader(block: Buffer) {
  const stored = parseOctal(block, 148, 8)
  let sum = 0
  for (let index = 0; index < BLOCK; index++) {
    sum += index >= 148 && index < 156 ? 0x20 : block[index]!
  }
  if (sum !== stored) {
    throw new ArchiveFormatError('a tar header fails its checksum (the archive is damaged)')
  }
}

/** The regular-file entries of a tar stream, in order; refuses a damaged or truncated one. */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const reader = new ChunkReader(source[Symbol.asyncIterator]())
  let longName: string | null = null
  for (;;) {
    const block = await reader.read(BLOCK)
    if (block === null) {
      throw new ArchiveFormatError('the archive ends without its end marker (truncated)')
    }
    if (block.every((byte) => byte === 0)) {
      return
    }
    checkHeader(block)
    const size = parseOctal(block, 124, 12)
    const type = String.fromCharCode(block[156] || 0x30)
    const padded = Math.ceil(size / BLOCK) * BLOCK
    if (type === 'x') {
      const records = (await reader.read(padded))?.subarray(0, size).toString('utf8') ?? ''
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(records)
      longName = path ? path[1]! : null
      continue
    }
    const prefix = field(block, 345, 155)
    const name = longName ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100))
    longName = null
    let consumed = false
    const body = async function* () {
      consumed = true
      yield* reader.stream(size)
      await reader.read(padded - size)
    }
    yield { name, size, body }
    if (!consumed) {
      for await (const chunk of reader.stream(size)) {
        void chunk
      }
      if (padded > size) {
        await reader.read(padded - size)
      }
    }
  }
}
