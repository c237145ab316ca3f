/**
 * For tests: a tiny SMTP server on 127.0.0.1 speaking just enough RFC 5321 for nodemailer
 * (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no auth). It keeps what it receives, or
 * answers MAIL FROM with a refusal the test chooses, or stays silent to look like a dead server.
 */
import { once } from 'node:events'
import { createServer, type Socket } from 'node:net'

export type ReceivedMessage = {
  /** The envelope. */
  mailFrom: string
  rcptTo: string[]
  /** The message as sent (CRLF line ends), and the parts tests check. */
  raw: string
  headers: Record<string, string>
  text: string | null
  html: string | null
}

export type SmtpTestServer = {
  url: string
  messages: ReceivedMessage[]
  /** When each MAIL FROM arrived (one per delivery attempt). */
  attempts: Date[]
  close: () => Promise<void>
}

export async function startSmtpTestServer(
  options: {
    /** Answer every MAIL FROM with this reply, e.g. '451 4.3.0 Try again later'. */
    refuseWith?: string
    /** Never send the greeting, like a server that hangs. */
    silent?: boolean
  } = {},
): Promise<SmtpTestServer> {
  const messages: ReceivedMessage[] = []
  const attempts: Date[] = []
  const sockets = new Set<Socket>()

  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    if (options.silent) return

    const reply = (line: string) => socket.write(`${line}\r\n`)
    let buffered = ''
    let envelope = { mailFrom: '', rcptTo: [] as string[] }
    let data: string[] | null = null

    reply('220 localhost ESMTP test server')
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8')
      let end: number
      while ((end = buffered.indexOf('\r\n')) >= 0) {
        const line = buffered.slice(0, end)
        buffered = buffered.slice(end + 2)
        if (data) {
          if (line === '.') {
            const raw = data.join('\r\n')
            messages.push({ ...envelope, raw, ...parseMessage(raw) })
            envelope = { mailFrom: '', rcptTo: [] }
            data = null
            reply('250 2.0.0 OK: queued')
          } else {
            // Dot-stuffing: a line starting with "." was sent with one more.
            data.push(line.startsWith('..') ? line.slice(1) : line)
          }
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO' || command === 'HELO') {
          reply('250-localhost')
          reply('250 8BITMIME')
        } else if (command === 'MAIL') {
          attempts.push(new Date())
          if (options.refuseWith) {
            reply(options.refuseWith)
          } else {
            envelope.mailFrom = addressIn(line)
            reply('250 2.1.0 OK')
          }
        } else if (command === 'RCPT') {
          envelope.rcptTo.push(addressIn(line))
          reply('250 2.1.5 OK')
        } else if (command === 'DATA') {
          data = []
          reply('354 End data with <CR><LF>.<CR><LF>')
        } else if (command === 'RSET') {
          envelope = { mailFrom: '', rcptTo: [] }
          reply('250 2.0.0 OK')
        } else if (command === 'NOOP') {
          reply('250 2.0.0 OK')
        } else if (command === 'QUIT') {
          reply('221 2.0.0 Bye')
          socket.end()
        } else {
          reply('502 5.5.2 Command not recognized')
        }
      }
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') {
    throw new Error('the SMTP test server has no TCP address')
  }
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    messages,
    attempts,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function addressIn(command: string): string {
  return /<([^>]*)>/.exec(command)?.[1] ?? ''
}

/** Headers (unfolded, by lower-case name) and the text and HTML parts, decoded. */
export function parseMessage(raw: string): Pick<ReceivedMessage, 'headers' | 'text' | 'html'> {
  const { headers, body } = splitEntity(raw)
  const parts: Array<{ headers: Record<string, string>; body: string }> = []
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1]
  if (boundary) {
    for (const section of body.split(`--${boundary}`).slice(1)) {
      if (section.startsWith('--')) break
      parts.push(splitEntity(section.replace(/^\r\n/, '')))
    }
  } else {
    parts.push({ headers, body })
  }
  const partOfType = (type: string) => {
    const part = parts.find((candidate) => candidate.headers['content-type']?.startsWith(type))
    return part ? decodeBody(part.body, part.headers['content-transfer-encoding']) : null
  }
  return { headers, text: partOfType('text/plain'), html: partOfType('text/html') }
}

function splitEntity(entity: string): { headers: Record<string, string>; body: string } {
  const end = entity.indexOf('\r\n\r\n')
  const head = end >= 0 ? entity.slice(0, end) : entity
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) {
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
    }
  }
  return { headers, body: end >= 0 ? entity.slice(end + 4) : '' }
}

/** The part's content with LF line ends (the text as it was before sending). */
function decodeBody(body: string, encoding = '7bit'): string {
  const content = body.replace(/\r\n$/, '')
  const decoded =
    encoding.toLowerCase() === 'quoted-printable'
      ? decodeQuotedPrintable(content)
      : encoding.toLowerCase() === 'base64'
        ? Buffer.from(content, 'base64').toString('utf8')
        : content
  return decoded.replace(/\r\n/g, '\n')
}

function decodeQuotedPrintable(content: string): string {
  const joined = content.replace(/=\r\n/g, '') // soft line breaks
  const bytes: number[] = []
  for (let index = 0; index < joined.length; index++) {
    const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : ''
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      index += 2
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}
