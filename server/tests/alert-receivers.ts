/**
 * Real receivers for the alert tests, on loopback: an SMTP server
 * (`smtp-server`, the one nodemailer's authors maintain) that keeps every
 * mail it accepts, and a webhook receiver (Bun.serve) that keeps every JSON
 * body. Both can start on a port chosen before (to be "down" first).
 */
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  /** Header names in lower case; folded lines joined. */
  headers: Record<string, string>
  body: string
  raw: string
  to: string[]
}

function parseMail(raw: string): Omit<ReceivedMail, 'to'> {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const headers: Record<string, string> = {}
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body: raw.slice(split + 4), raw }
}

export interface SmtpReceiver {
  port: number
  mails: ReceivedMail[]
  stop(): Promise<void>
}

export function startSmtpReceiver(port: number): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        mails.push({
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        })
        callback()
      })
    },
  })
  return new Promise((resolve, reject) => {
    server.on('error', reject)
    server.listen(port, '127.0.0.1', () =>
      resolve({
        port,
        mails,
        stop: () => new Promise<void>((done) => server.close(() => done())),
      }),
    )
  })
}

export interface WebhookReceiver {
  url: string
  bodies: Record<string, unknown>[]
  headers: Headers[]
  stop(): Promise<void>
}

export function startWebhookReceiver(port = 0): WebhookReceiver {
  const bodies: Record<string, unknown>[] = []
  const headers: Headers[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port,
    async fetch(request) {
      bodies.push((await request.json()) as Record<string, unknown>)
      headers.push(request.headers)
      return new Response(null, { status: 204 })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/hook`,
    bodies,
    headers,
    stop: () => server.stop(true),
  }
}

/** Waits until `done()` holds, checking every 50 ms; fails with `what` after `timeoutMs`. */
export async function until(
  what: string,
  done: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
) {
  const deadline = Date.now() + timeoutMs
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await Bun.sleep(50)
  }
}
