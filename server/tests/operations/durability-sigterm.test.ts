/**
 * SIGTERM under load. Two kinds of requests are on the wire before the signal:
 * - many complete requests, written to their own connections (with PGlite the
 *   server works through them in one go, usually before it even sees the signal);
 * - a few "slow" ones: headers and half the body sent before the signal, the
 *   rest only once the server has logged that it is shutting down. These are
 *   in flight inside their handlers while the server stops, for certain.
 * Every one must get its normal answer (201), the process must exit 0, and
 * every acknowledged row must be there after a restart. PGlite always,
 * PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Socket } from 'bun'
import {
  type ChildServer,
  call,
  cleanupChildren,
  exitWithin,
  freshPostgresUrl,
  login,
  records,
  startServer,
  tempDir,
} from '../support/child-server'

afterAll(cleanupChildren)

const PIPELINED = 120
const SLOW = 8

interface RawAnswer {
  status: number | null
  body: string
  error: string | null
}

interface RawRequest {
  kind: 'message' | 'project'
  /** Resolves once every byte handed to `send` so far reached the kernel. */
  written: Promise<void>
  /** Sends the held-back end of the body. */
  finish(): Promise<void>
  answer: Promise<RawAnswer>
}

/**
 * One HTTP/1.1 request on its own TCP connection (`Connection: close`), so the
 * test knows exactly what was sent when, and what came back. With `holdBack`,
 * that many bytes of the body are only sent by `finish()`.
 */
async function rawRequest(
  server: ChildServer,
  kind: RawRequest['kind'],
  body: unknown,
  options: { token?: string; holdBack?: number } = {},
): Promise<RawRequest> {
  const payload = Buffer.from(JSON.stringify(body))
  const head = [
    `POST ${kind === 'message' ? '/api/contact' : '/api/projects'} HTTP/1.1`,
    `Host: 127.0.0.1:${server.port}`,
    'Content-Type: application/json',
    `Content-Length: ${payload.length}`,
    'Connection: close',
    ...(options.token ? [`Authorization: Bearer ${options.token}`] : []),
    '',
    '',
  ].join('\r\n')
  const cut = payload.length - (options.holdBack ?? 0)
  const rest = payload.subarray(cut)
  let pending = Buffer.concat([Buffer.from(head), payload.subarray(0, cut)])
  let received = ''
  let onWritten: () => void = () => {}
  let written = new Promise<void>((resolve) => {
    onWritten = resolve
  })
  let finishAnswer: (answer: RawAnswer) => void = () => {}
  const answer = new Promise<RawAnswer>((resolve) => {
    finishAnswer = resolve
  })
  const settle = (error: string | null) => {
    const status = /^HTTP\/1\.1 (\d{3})/.exec(received)
    const separator = received.indexOf('\r\n\r\n')
    finishAnswer({
      status: status ? Number(status[1]) : null,
      body: separator >= 0 ? received.slice(separator + 4) : '',
      error,
    })
  }
  const flush = (socket: Socket<undefined>) => {
    if (pending.length === 0) return
    const sent = socket.write(pending)
    pending = pending.subarray(Math.max(0, sent))
    if (pending.length === 0) onWritten()
  }
  const socket = await Bun.connect({
    hostname: '127.0.0.1',
    port: server.port,
    socket: {
      open: flush,
      drain: flush,
      data(_socket, chunk) {
        received += chunk.toString('utf8')
      },
      close: () => settle(null),
      error: (_socket, error) => settle(error.message),
      connectError: (_socket, error) => settle(error.message),
    },
  })
  return {
    kind,
    written,
    answer,
    finish: async () => {
      written = new Promise<void>((resolve) => {
        onWritten = resolve
      })
      pending = Buffer.concat([pending, rest])
      flush(socket)
      await written
    },
  }
}

/** The id in a JSON (possibly chunked) body. */
function idIn(body: string): number | null {
  const match = /"id":(\d+)/.exec(body)
  return match ? Number(match[1]) : null
}

function bodyFor(kind: RawRequest['kind'], i: number) {
  return kind === 'message'
    ? { name: 'Term', email: 'term@example.com', message: `sigterm message ${i}` }
    : { title: `Sigterm project ${i}`, description: 'd', long_description: 'l' }
}

async function sigtermUnderLoad(databaseUrl: string) {
  const dataDir = join(tempDir('sigterm'), 'data')
  // LOG_LEVEL info: the test watches for the "shutting down" line.
  let server = await startServer({ dataDir, databaseUrl, env: { LOG_LEVEL: 'info' } })
  const token = await login(server)

  const requests: RawRequest[] = []
  for (let i = 0; i < SLOW; i++) {
    const kind = i % 2 === 0 ? 'message' : 'project'
    requests.push(await rawRequest(server, kind, bodyFor(kind, i), { token, holdBack: 10 }))
  }
  for (let i = SLOW; i < SLOW + PIPELINED; i++) {
    const kind = i % 2 === 0 ? 'message' : 'project'
    requests.push(await rawRequest(server, kind, bodyFor(kind, i), { token }))
  }
  await Promise.all(requests.map((request) => request.written))
  let answered = 0
  for (const request of requests) void request.answer.then(() => answered++)
  // The server is at work on them when the signal comes.
  const deadline = Date.now() + 20_000
  while (answered < 3 && Date.now() < deadline) await Bun.sleep(1)
  const answeredBeforeSignal = answered
  server.process.kill('SIGTERM')

  // Once the server says it is stopping, the slow requests send the end of their bodies.
  while (!server.output(1_000_000).includes('"msg":"shutting down"')) {
    if (Date.now() > deadline) throw new Error(`no "shutting down" line:\n${server.output()}`)
    await Bun.sleep(5)
  }
  const slowUnanswered = (
    await Promise.all(
      requests
        .slice(0, SLOW)
        .map((request) => Promise.race([request.answer.then(() => 0), Bun.sleep(0).then(() => 1)])),
    )
  ).reduce((sum, open) => sum + open, 0)
  await Promise.all(requests.slice(0, SLOW).map((request) => request.finish()))

  const answers = await Promise.all(requests.map((request) => request.answer))
  const code = await exitWithin(server)
  const failures = answers
    .map((answer, index) => ({ index, ...answer }))
    .filter((answer) => answer.status !== 201)
    .map((answer) => `#${answer.index}: ${answer.status ?? answer.error ?? 'no answer'}`)
  expect(failures).toEqual([])
  // The slow ones were all still open while the server was shutting down.
  expect(slowUnanswered).toBe(SLOW)
  expect(code).toBe(0)
  expect(server.output(1_000_000)).toContain('"msg":"stopped"')
  if (!databaseUrl) expect(existsSync(join(dataDir, 'portfolio.lock'))).toBe(false)

  // Everything acknowledged is there after a restart.
  server = await startServer({ dataDir, databaseUrl })
  const adminToken = await login(server)
  const messageIds = new Set(
    records(await call(server, 'GET', '/api/contact', { token: adminToken })).map((row) => row.id),
  )
  const projectIds = new Set(
    records(await call(server, 'GET', '/api/projects')).map((row) => row.id),
  )
  const lost: string[] = []
  for (const [index, answer] of answers.entries()) {
    const id = idIn(answer.body)
    const kind = requests[index]?.kind
    if (id === null) lost.push(`#${index}: no id in ${answer.body.slice(0, 80)}`)
    else if (!(kind === 'message' ? messageIds : projectIds).has(id)) lost.push(`${kind} ${id}`)
  }
  expect(lost).toEqual([])
  server.process.kill('SIGTERM')
  expect(await exitWithin(server)).toBe(0)
  console.log(
    `[sigterm ${databaseUrl ? 'postgres' : 'pglite'}] ${SLOW + PIPELINED} requests on the wire (${SLOW} mid-body), ${SLOW + PIPELINED - answeredBeforeSignal} unanswered at SIGTERM; all answered 201, exit 0, all ${answers.length} rows found after restart`,
  )
}

describe('SIGTERM under load', () => {
  test(
    'PGlite: in-flight requests finish, exit 0, nothing lost',
    () => sigtermUnderLoad(''),
    120_000,
  )

  test.if(Boolean(process.env.DATABASE_URL))(
    'PostgreSQL: in-flight requests finish, exit 0, nothing lost',
    async () => sigtermUnderLoad(await freshPostgresUrl()),
    120_000,
  )
})
