import { describe, expect, test } from 'bun:test'
import { resolve } from 'node:path'

/**
 * The request log as a server writes it to a pipe (systemd, Docker): lines
 * are joined and written together, yet each one is out within LOG_FLUSH_MS,
 * and none is lost when the process exits.
 */
const server = resolve(import.meta.dir, '../..')
const script = (body: string) => `
const { createLogger } = await import(${JSON.stringify(resolve(server, 'log.ts'))})
const { logRequest } = await import(${JSON.stringify(resolve(server, 'http/infra/request-log.ts'))})
const log = createLogger('info')
${body}`

function lines(text: string) {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>)
}

/** What a process running `body` (with `log` and `logRequest`) wrote to stdout until it exited; read after `readAfterMs`. */
async function stdoutOf(body: string, readAfterMs = 0): Promise<string> {
  const child = Bun.spawn([process.execPath, '-e', script(body)], {
    stdout: 'pipe',
    stderr: 'inherit',
  })
  if (readAfterMs > 0) await Bun.sleep(readAfterMs)
  const text = await new Response(child.stdout).text()
  await child.exited
  return text
}

describe('the request log on a pipe', () => {
  test('a line is written within a moment, while the process goes on', async () => {
    const child = Bun.spawn(
      [
        process.execPath,
        '-e',
        script(`logRequest(log, { method: 'GET', path: '/projects/a"b', status: 200, startedAt: performance.now(), requestId: 'r-1' })
setTimeout(() => {}, 5000)`),
      ],
      { stdout: 'pipe', stderr: 'inherit' },
    )
    const reader = child.stdout.getReader()
    const first = await Promise.race([
      reader.read(),
      Bun.sleep(3000).then(() => ({ value: undefined, done: true })),
    ])
    const stillRunning = child.exitCode === null
    child.kill()
    await child.exited
    expect(stillRunning).toBe(true)
    const [line] = lines(new TextDecoder().decode(first.value))
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/projects/a"b',
      status: 200,
      request_id: 'r-1',
    })
    expect(Number.isNaN(Date.parse(String(line?.time)))).toBe(false)
  })

  test('every line of a burst is written, in order, when the process exits at once', async () => {
    // A reader slower than the burst (a busy journald): the pipe fills before the exit.
    const text = await stdoutOf(
      `for (let i = 0; i < 3000; i++) logRequest(log, { method: 'GET', path: '/n/' + i, status: 200 })
process.exit(0)`,
      500,
    )
    const paths = lines(text).map((line) => line.path)
    expect(paths).toEqual(Array.from({ length: 3000 }, (_, i) => `/n/${i}`))
  })

  test('lines of any length and script come out whole and in order, across the edges of the buffer', async () => {
    // Multi-byte paths fill the buffer unevenly; one line is larger than the buffer itself.
    const text = await stdoutOf(`for (let i = 0; i < 2000; i++) {
  logRequest(log, { method: 'GET', path: '/é/' + '日本'.repeat(i % 50) + '/' + i, status: 200 })
  if (i === 700) log.info('big', { text: 'é😀'.repeat(40000) })
}
process.exit(0)`)
    const written = lines(text)
    expect(written).toHaveLength(2001)
    const big = written[701] as { msg: string; text: string }
    expect(big.msg).toBe('big')
    expect(big.text).toBe('é😀'.repeat(40000))
    const paths = written.filter((line) => line.msg === 'request').map((line) => line.path)
    expect(paths).toEqual(
      Array.from({ length: 2000 }, (_, i) => `/é/${'日本'.repeat(i % 50)}/${i}`),
    )
  })

  test('each line is the same JSON object the logger makes, whatever the path or method holds', async () => {
    const cases = [
      {
        method: 'GET',
        path: '/notes/a"b\\c\u2028d/é',
        status: 200,
        requestId: '6f1c2d3e-0000-4000-8000-000000000001',
      },
      { method: 'HEAD', path: '/', status: 304 },
      { method: 'M"X', path: '/x', status: 405, requestId: 'id with "quotes"' },
    ]
    const text =
      await stdoutOf(`for (const line of ${JSON.stringify(cases)}) logRequest(log, { ...line, startedAt: performance.now() })
process.exit(0)`)
    const written = lines(text)
    expect(written).toHaveLength(3)
    written.forEach((line, index) => {
      const { requestId, ...fields } = cases[index] as (typeof cases)[number]
      expect(Object.keys(line)).toEqual([
        'time',
        'level',
        'msg',
        'method',
        'path',
        'status',
        'ms',
        ...(requestId === undefined ? [] : ['request_id']),
      ])
      expect(line).toMatchObject({ level: 'info', msg: 'request', ...fields })
      if (requestId !== undefined) expect(line.request_id).toBe(requestId)
      expect(typeof line.ms).toBe('number')
      expect(Number.isNaN(Date.parse(String(line.time)))).toBe(false)
    })
  })
})
