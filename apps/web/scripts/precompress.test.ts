import { randomBytes } from 'node:crypto'
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIN_BYTES, precompressDirectory } from './precompress.ts'

/** The build step that writes .br and .gz beside the built files (issue 21). */
describe('precompressDirectory', () => {
  let directory: string

  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), 'precompress-'))
    await mkdir(path.join(directory, 'assets'))
  })

  afterEach(async () => {
    await rm(directory, { recursive: true, force: true })
  })

  const text = (bytes: number) => 'const answer = 42; // repeated text\n'.repeat(bytes / 36 + 1)

  it('writes a brotli and a gzip file that decompress to each compressible file', async () => {
    const files = {
      'index.html': `<!doctype html>${text(4000)}`,
      'sw.js': text(3000),
      'manifest.webmanifest': JSON.stringify({ name: text(2000) }),
      'assets/app-abc123.js': text(50_000),
      'assets/styles-abc123.css': `.a{color:red}\n${text(2000)}`,
      'assets/icon-abc123.svg': `<svg>${text(2000)}</svg>`,
    }
    for (const [name, content] of Object.entries(files)) {
      await writeFile(path.join(directory, name), content)
    }

    const written = await precompressDirectory(directory)

    expect(written.map((entry) => entry.file).sort()).toEqual(Object.keys(files).sort())
    for (const [name, content] of Object.entries(files)) {
      const file = path.join(directory, name)
      expect(brotliDecompressSync(await readFile(`${file}.br`)).toString()).toBe(content)
      expect(gunzipSync(await readFile(`${file}.gz`)).toString()).toBe(content)
      const entry = written.find((candidate) => candidate.file === name)
      expect(entry?.brotliBytes).toBeLessThan(content.length)
      expect(entry?.gzipBytes).toBeLessThan(content.length)
    }
  })

  it('skips small files, images and fonts, and what would not shrink', async () => {
    await writeFile(path.join(directory, 'assets', 'tiny-abc123.js'), text(MIN_BYTES - 100))
    await writeFile(path.join(directory, 'icon-512.png'), text(5000))
    await writeFile(path.join(directory, 'assets', 'font-abc123.woff2'), text(5000))
    // Random bytes do not compress: neither file would be smaller.
    await writeFile(path.join(directory, 'assets', 'noise-abc123.js'), randomBytes(8000))

    const written = await precompressDirectory(directory)

    expect(written).toEqual([])
    const names = await readdir(directory, { recursive: true })
    expect(names.filter((name) => name.endsWith('.br') || name.endsWith('.gz'))).toEqual([])
  })

  it('does not compress its own output again when run twice', async () => {
    await writeFile(path.join(directory, 'index.html'), text(4000))
    await precompressDirectory(directory)
    const again = await precompressDirectory(directory)
    expect(again.map((entry) => entry.file)).toEqual(['index.html'])
    const names = await readdir(directory)
    expect(names.sort()).toEqual(['assets', 'index.html', 'index.html.br', 'index.html.gz'])
  })
})
