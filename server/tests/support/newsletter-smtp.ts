/**
 * A real SMTP server (`smtp-server`) for the newsletter's tests, on
 * loopback: it keeps each mail it accepted, and can refuse a recipient with
 * a chosen reply (`550 No such user`) or hold a mail's DATA answer open (to
 * kill the sender mid-send). A mail whose sender went away before the
 * answer is not kept: the sender never heard "250", so it was not delivered.
 */
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  headers: Record<string, string>
  body: string
  raw: string
  to: string[]
}

export interface NewsletterSmtp {
  port: number
  mails: CapturedMail[]
  /** DATA commands begun (held or not). */
  started: number
  /** Connections that ended while a held mail waited for its answer. */
  closed: number
  /** Every mail, including held ones whose sender went away. */
  stop(): Promise<void>
}

export interface NewsletterSmtpOptions {
  /** A reply code for a recipient (e.g. 550), or null to take it. */
  refuse?: (address: string) => number | null
  /** Called before answering a mail's DATA; the answer waits for it. */
  hold?: (n: number) => Promise<void>
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`) as their text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function parse(raw: string) {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const headers: Record<string, string> = {}
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) {
      headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim())
    }
  }
  return { headers, body: raw.slice(split + 4), raw }
}

/** The text of a quoted-printable body, soft line breaks joined. */
export function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

export function startNewsletterSmtp(options: NewsletterSmtpOptions = {}): Promise<NewsletterSmtp> {
  const mails: CapturedMail[] = []
  const closed = new Set<string>()
  const state = { started: 0, closed: 0 }
  const holding = new Set<string>()
  const server = new SMTPServer({
    authOptional: true,
    // No reverse DNS of 127.0.0.1 (a lookup that can take seconds on a machine without DNS).
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = options.refuse?.(address.address) ?? null
      if (code) {
        const error = new Error(`No such user: ${address.address}`) as Error & {
          responseCode: number
        }
        error.responseCode = code
        callback(error)
      } else callback()
    },
    onClose(session) {
      closed.add(session.id)
      if (holding.has(session.id)) state.closed += 1
    },
    onData(stream, session, callback) {
      const n = state.started++
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', async () => {
        holding.add(session.id)
        await options.hold?.(n)
        holding.delete(session.id)
        if (closed.has(session.id)) return
        mails.push({
          ...parse(Buffer.concat(chunks).toString('utf8')),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        })
        callback()
      })
    },
  })
  return new Promise((resolve, reject) => {
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      resolve({
        port,
        mails,
        get started() {
          return state.started
        },
        get closed() {
          return state.closed
        },
        stop: () => new Promise<void>((done) => server.close(() => done())),
      })
    })
  })
}
