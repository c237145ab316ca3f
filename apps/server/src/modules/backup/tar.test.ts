import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ArchiveFormatError, readTar, TarWriter } from './tar.ts'

async function archiveOf(entries: [string, Buffer][]): Promise<Buffer> {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on('data', (chunk: Buffer) => chunks.push(chunk))
  const tar = new TarWriter(out)
  for (const [name, bytes] of entries) {
    if (bytes.byteLength > 1000) {
      await tar.addStream(name, bytes.byteLength, [bytes.subarray(0, 700), bytes.subarray(700)])
    } else {
      await tar.add(name, bytes)
    }
  }
  await tar.finish()
  out.end()
  return Buffer.concat(chunks)
}

async function entriesOf(archive: Buffer) {
  const read: [string, string][] = []
  async function* chunks() {
    yield archive.subarray(0, 1000)
    yield archive.subarray(1000)
  }
  for await (const entry of readTar(chunks())) {
    const chunks: Buffer[] = []
    for await (const chunk of entry.body()) chunks.push(chunk)
    read.push([entry.name, Buffer.concat(chunks).toString()])
  }
  return read
}

describe('the backup archive’s tar', () => {
  const long = `files/resumes/${'a-very-long-folder-name/'.repeat(8)}Lebenslauf – Müller ✓.pdf`
  const entries: [string, Buffer][] = [
    ['backup.json', Buffer.from('{"format":"x"}')],
    [long, Buffer.from('unicode and a name past 100 bytes')],
    ['tables/public.jobs/000001.jsonl', Buffer.from('["1"]\n'.repeat(400))],
    ['empty', Buffer.alloc(0)],
  ]

  it('reads back what it writes: long and non-ASCII names, streamed entries, empty ones', async () => {
    const archive = await archiveOf(entries)
    expect(archive.byteLength % 512).toBe(0)
    expect(await entriesOf(archive)).toEqual(
      entries.map(([name, bytes]) => [name, bytes.toString()]),
    )
  })

  it('writes what the system tar lists, names included', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'tar-'))
    try {
      const file = path.join(folder, 'a.tar')
      await writeFile(file, await archiveOf(entries))
      const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n')
      expect(listed).toEqual(entries.map(([name]) => name))
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })

  it('refuses a truncated archive and a damaged header', async () => {
    const archive = await archiveOf(entries)
    await expect(entriesOf(archive.subarray(0, archive.byteLength - 1024 - 100))).rejects.toThrow(
      ArchiveFormatError,
    )
    await expect(entriesOf(archive.subarray(0, 512 * 3))).rejects.toThrow(/truncated/)
    const damaged = Buffer.from(archive)
    damaged[10] = 0x41
    await expect(entriesOf(damaged)).rejects.toThrow(/checksum/)
  })

  it('refuses an entry whose source gives more or fewer bytes than announced', async () => {
    const tar = new TarWriter(new PassThrough())
    await expect(tar.addStream('x', 3, [Buffer.from('four')])).rejects.toThrow(/grew/)
    await expect(tar.addStream('y', 5, [Buffer.from('four')])).rejects.toThrow(/has 4 bytes/)
  })
})
