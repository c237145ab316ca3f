/**
 * A raw RFC 5322 message (an .eml file, an SMTP DATA payload) to the classifier's input, with
 * mailparser: MIME parts, quoted-printable and base64, charsets, encoded headers. A forwarded
 * message attached as message/rfc822 is inlined by mailparser as a header block the classifier
 * reads like a forward.
 */
import { simpleParser } from 'mailparser'
import { htmlToText } from './prepare.ts'
import type { EmailMessage } from './types.ts'

export class EmailParseError extends Error {
  override name = 'EmailParseError'
}

export async function parseRawEmail(raw: Buffer | string): Promise<EmailMessage> {
  const bytes = typeof raw === 'string' ? Buffer.from(raw) : raw
  // Anything without a header block is not a message (mailparser would accept it as a body).
  const head = bytes.subarray(0, 4096).toString('latin1')
  if (!/^[\w-]+:[^\n]*\r?\n/m.test(head.split(/\r?\n\r?\n/)[0] ?? '')) {
    throw new EmailParseError('not an email message: no header block')
  }
  let parsed
  try {
    // Our own HTML-to-text keeps paragraphs unwrapped (mailparser's wraps lines at 80 characters).
    parsed = await simpleParser(bytes, {
      skipImageLinks: true,
      skipHtmlToText: true,
      skipTextToHtml: true,
    })
  } catch (error) {
    throw new EmailParseError(`could not parse the message: ${(error as Error).message}`)
  }
  if (!parsed.from && !parsed.subject && !parsed.text && !parsed.html) {
    throw new EmailParseError('not an email message: no From, Subject or body')
  }
  const sender = parsed.from?.value[0]
  return {
    subject: parsed.subject ?? '',
    from: { name: sender?.name ?? '', address: (sender?.address ?? '').toLowerCase() },
    text: parsed.text ?? (typeof parsed.html === 'string' ? htmlToText(parsed.html) : null),
    html: typeof parsed.html === 'string' ? parsed.html : null,
    date: parsed.date ?? null,
  }
}
