import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin, ResolvedConfig } from 'vite'

/**
 * Pre-compression of a built site (issue 21): next to every compressible file of the build, a
 * `.br` (brotli, maximum quality) and a `.gz` (gzip, level 9), which the server sends as they
 * are to a browser that accepts them (@fastify/static's `preCompressed`). Done once at build
 * time, so the slowest, smallest settings cost nothing per request.
 */

/** Text formats; images and fonts (png, woff2) are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|webmanifest|json|txt|xml)$/i
/** Below this, the saving does not pay for a second file and a header. */
export const MIN_BYTES = 1024

const brotli = promisify(brotliCompress)
const gzipCompress = promisify(gzip)

export type PrecompressedFile = {
  /** Relative to the directory, with `/` separators. */
  file: string
  bytes: number
  /** Sizes written; absent when that encoding was not smaller than the file. */
  brotliBytes?: number
  gzipBytes?: number
}

async function listFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of `directory` of at
 * least MIN_BYTES, each only if it is smaller than the file. Returns what it compressed.
 */
export async function precompressDirectory(directory: string): Promise<PrecompressedFile[]> {
  const files = (await listFiles(directory)).filter(
    (file) => COMPRESSIBLE.test(file) && !file.endsWith('.br') && !file.endsWith('.gz'),
  )
  const written: PrecompressedFile[] = []
  for (const file of files) {
    if ((await stat(file)).size < MIN_BYTES) {
      continue
    }
    const content = await readFile(file)
    const [brotliBytes, gzipBytes] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzipCompress(content, { level: constants.Z_BEST_COMPRESSION }),
    ])
    const entry: PrecompressedFile = {
      file: path.relative(directory, file).split(path.sep).join('/'),
      bytes: content.length,
    }
    if (brotliBytes.length < content.length) {
      await writeFile(`${file}.br`, brotliBytes)
      entry.brotliBytes = brotliBytes.length
    }
    if (gzipBytes.length < content.length) {
      await writeFile(`${file}.gz`, gzipBytes)
      entry.gzipBytes = gzipBytes.length
    }
    if (entry.brotliBytes !== undefined || entry.gzipBytes !== undefined) {
      written.push(entry)
    }
  }
  return written
}

/**
 * The Vite plugin: compresses the output directory once everything is written, after the
 * other plugins' `closeBundle` (`order: 'post'`), so vite-plugin-pwa's sw.js, which it writes
 * there, is compressed too (its manifest is part of the bundle already).
 */
export function precompress(): Plugin {
  let config: ResolvedConfig | undefined
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!config || config.build.ssr) {
          return
        }
        const outDir = path.resolve(config.root, config.build.outDir)
        const written = await precompressDirectory(outDir)
        const total = written.reduce((sum, entry) => sum + entry.bytes, 0)
        const brotliTotal = written.reduce(
          (sum, entry) => sum + (entry.brotliBytes ?? entry.bytes),
          0,
        )
        config.logger.info(
          `precompress: ${written.length} files, ${(total / 1024).toFixed(0)} KB → ` +
            `${(brotliTotal / 1024).toFixed(0)} KB brotli (and .gz beside each)`,
        )
      },
    },
  }
}
