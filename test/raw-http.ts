import { writeFile } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

export type RawResponse = {
  status: number
  headers: Record<string, string | string[] | undefined>
  /** The bytes as they came over the wire: still compressed if the server compressed them. */
  body: Buffer
}

/**
 * One HTTP request whose answer is not decoded (`fetch` undoes a `content-encoding` by
 * itself and asks for one on its own), to see exactly what a browser would be sent.
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        )
      },
    )
    outgoing.on('error', reject)
    outgoing.end()
  })
}

/** Writes `relative` under `dir` with its `.br` and `.gz` beside it, as the build does. */
export async function writeWithCompressed(dir: string, relative: string, content: string) {
  const file = path.join(dir, relative)
  await writeFile(file, content)
  await writeFile(`${file}.br`, brotliCompressSync(content))
  await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }))
}
