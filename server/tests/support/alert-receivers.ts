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
  /** The user names and passwords it accepted (with `auth`). */
  logins: { user: string; pass: string }[]
  stop(): Promise<void>
}

/**
 * With `auth`, the server asks for a login (over the plain loopback
 * connection) and takes mail only after that user and password.
 */
export function startSmtpReceiver(
  port: number,
  options: { auth?: { user: string; pass: string } } = {},
): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = []
  const logins: { user: string; pass: string }[] = []
  const { auth } = options
  const server = new SMTPServer({
    authOptional: !auth,
    allowInsecureAuth: true,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    onAuth(login, _session, callback) {
      const user = login.username ?? ''
      const pass = login.password ?? ''
      if (auth && user === auth.user && pass === auth.pass) {
        logins.push({ user, pass })
        callback(null, { user })
      } else callback(new Error('Invalid username or password'))
    },
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
        logins,
        stop: () => new Promise<void>((done) => server.close(() => done())),
      }),
    )
  })
}

export interface WebhookReceiver {
  url: string
  bodies: Record<string, unknown>[]
  headers: Headers[]
  /** The address each POST was sent to (path and query included). */
  urls: URL[]
  stop(): Promise<void>
}

/**
 * Keeps every POSTed JSON body. `answer` (by default 204 at once) gives the
 * status for the n-th request (from 0) and may wait, to hold a request open.
 */
export function startWebhookReceiver(
  port = 0,
  answer: (n: number) => number | Promise<number> = () => 204,
): WebhookReceiver {
  const bodies: Record<string, unknown>[] = []
  const headers: Headers[] = []
  const urls: URL[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port,
    idleTimeout: 60,
    async fetch(request) {
      const n = bodies.length
      bodies.push((await request.json()) as Record<string, unknown>)
      headers.push(request.headers)
      urls.push(new URL(request.url))
      return new Response(null, { status: await answer(n) })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/hook`,
    bodies,
    headers,
    urls,
    stop: () => server.stop(true),
  }
}

/** A notification as an ntfy server would show it. */
export interface NtfyNotification {
  topic: string
  title: string
  message: string
}

/**
 * A stand-in for an ntfy server's publish endpoint (`POST /<topic>`), as its
 * documentation and server code describe it (docs/publish.md "Message
 * templating", server.go `handleBodyAsTemplatedTextMessage`): with `tpl`
 * (or `template`, `X-Template`) set to yes/1, the body must be JSON and the
 * `t`/`title` and `m`/`message` parameters are templates filled from it; the
 * resulting message may be at most 4,096 bytes (else 400). Without it, the
 * body itself is the message (what shows our JSON raw). Only the template
 * form `{{.field.field}}` is understood here, the one the README uses.
 */
export function startNtfyReceiver(): {
  base: string
  shown: NtfyNotification[]
  refused: string[]
  stop(): Promise<void>
} {
  const shown: NtfyNotification[] = []
  const refused: string[] = []
  const param = (url: URL, headers: Headers, ...names: string[]) => {
    for (const name of names) {
      const value = url.searchParams.get(name) ?? headers.get(`x-${name}`) ?? headers.get(name)
      if (value !== null) return value
    }
    return ''
  }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url)
      const topic = url.pathname.slice(1)
      const body = (await request.text()).trim()
      const refuse = (why: string) => {
        refused.push(why)
        return Response.json({ error: why }, { status: 400 })
      }
      if (!/^[-_A-Za-z0-9]{1,64}$/.test(topic)) return refuse(`invalid topic ${topic}`)
      let title = param(url, request.headers, 'title', 't')
      let message = param(url, request.headers, 'message', 'm')
      const template = ['yes', '1', 'true'].includes(
        param(url, request.headers, 'template', 'tpl').toLowerCase(),
      )
      if (!template) {
        shown.push({ topic, title, message: body })
        return Response.json({ id: String(shown.length) })
      }
      let data: unknown
      try {
        data = JSON.parse(body)
      } catch {
        return refuse('template: body is not JSON')
      }
      const fill = (text: string) =>
        text.replace(/\{\{\s*\.([A-Za-z0-9_.]+)\s*\}\}/g, (_, path: string) => {
          let value: unknown = data
          for (const key of path.split('.')) {
            value =
              value && typeof value === 'object'
                ? (value as Record<string, unknown>)[key]
                : undefined
          }
          // Go's text/template prints a missing key of a map as "<no value>".
          return value === undefined ? '<no value>' : String(value)
        })
      title = fill(title)
      message = fill(message)
      if (/\{\{/.test(title + message)) return refuse('template: not understood by this stand-in')
      if (Buffer.byteLength(message) > 4096) return refuse('template: message too large')
      shown.push({ topic, title, message })
      return Response.json({ id: String(shown.length) })
    },
  })
  return {
    base: `http://127.0.0.1:${server.port}`,
    shown,
    refused,
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
