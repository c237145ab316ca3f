/**
 * An HTTP PUT that reports upload progress. `fetch` cannot (a request body stream gives no
 * progress events and needs HTTP/2 in Chromium), so this is XMLHttpRequest, whose `upload`
 * object reports bytes sent.
 *
 * Resolves with any HTTP answer, whatever its status; rejects with `UploadNetworkError` when no
 * answer came, and with an `AbortError` DOMException when `signal` aborted it.
 */
export type PutAnswer = { status: number; body: string }

export class UploadNetworkError extends Error {
  override name = 'UploadNetworkError'
}

export function putWithProgress(
  url: string,
  body: Blob,
  options: {
    headers: Record<string, string>
    /** 0 to 100. */
    onProgress: (percent: number) => void
    signal?: AbortSignal
  },
): Promise<PutAnswer> {
  return new Promise((resolve, reject) => {
    const { signal } = options
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'))
      return
    }
    const request = new XMLHttpRequest()
    const onAbort = () => request.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    const settle = () => signal?.removeEventListener('abort', onAbort)

    request.open('PUT', url)
    for (const [name, value] of Object.entries(options.headers)) {
      request.setRequestHeader(name, value)
    }
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress(Math.round((event.loaded / event.total) * 100))
      }
    })
    request.addEventListener('load', () => {
      settle()
      resolve({ status: request.status, body: request.responseText })
    })
    request.addEventListener('error', () => {
      settle()
      reject(new UploadNetworkError(`The upload to ${new URL(url).host} got no answer`))
    })
    request.addEventListener('timeout', () => {
      settle()
      reject(new UploadNetworkError('The upload timed out'))
    })
    request.addEventListener('abort', () => {
      settle()
      reject(new DOMException('The upload was cancelled.', 'AbortError'))
    })
    request.send(body)
  })
}
