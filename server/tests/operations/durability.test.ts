/**
 * kill -9 durability: the real server as a child process takes concurrent
 * writes (messages, projects, timeline events, project renames),
 * is killed with SIGKILL mid-load, restarts on the same DATA_DIR (taking over
 * the stale lock) and must still hold every write it acknowledged. Several
 * cycles in a row, on PGlite always and on PostgreSQL when DATABASE_URL is set.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  type ChildServer,
  call,
  cleanupChildren,
  freshPostgresUrl,
  login,
  records,
  startServer,
  tempDir,
} from '../support/child-server'
import { isRecord } from '../support/harness'

afterAll(cleanupChildren)

const CYCLES = 3
const WORKERS = 12

interface Acknowledged {
  messages: Map<number, string>
  projects: Map<number, string>
  timeline: Map<number, string>
  /** Project renames: id → titles it may have (the last acknowledged one, or a rename in flight at the kill). */
  renamed: Map<number, { acked: string; pending: string | null; slugs: string[] }>
  sessions: string[]
}

function idOf(json: unknown): number {
  const id = isRecord(json) ? json.id : undefined
  if (typeof id !== 'number') throw new Error(`no id in ${JSON.stringify(json)}`)
  return id
}

/**
 * Runs WORKERS write loops until `until` resolves, recording every 201/200.
 * Returns how many requests were still outstanding when `until` resolved.
 */
async function load(
  server: ChildServer,
  token: string,
  cycle: number,
  acked: Acknowledged,
  until: (progress: () => number) => Promise<void>,
): Promise<{ acknowledged: number; inFlightAtStop: number; failures: number }> {
  let stop = false
  let inFlight = 0
  let count = 0
  let failures = 0
  const send = async (
    method: string,
    path: string,
    body: unknown,
    auth: boolean,
  ): Promise<{ status: number; json: unknown } | null> => {
    inFlight++
    try {
      return await call(server, method, path, auth ? { body, token } : { body })
    } catch {
      failures++ // the connection died with the server: not acknowledged
      return null
    } finally {
      inFlight--
    }
  }
  const worker = async (w: number) => {
    for (let i = 0; !stop; i++) {
      const tag = `c${cycle} w${w} n${i}`
      const kind = (w + i) % 4
      if (kind === 0 || kind === 1) {
        const message = `durable message ${tag}`
        const answer = await send(
          'POST',
          '/api/contact',
          { name: `Writer ${w}`, email: `w${w}@example.com`, message },
          false,
        )
        if (answer?.status === 201) {
          acked.messages.set(idOf(answer.json), message)
          count++
        } else if (answer && !stop) throw new Error(`message: ${answer.status}`)
      } else if (kind === 2) {
        const title = `Durable project ${tag}`
        const answer = await send(
          'POST',
          '/api/projects',
          { title, description: 'd', long_description: 'l', tags: ['durable'] },
          true,
        )
        if (answer?.status === 201) {
          const id = idOf(answer.json)
          acked.projects.set(id, title)
          count++
          if (w % 3 === 0) {
            // Rename it: the acknowledged new title and both slugs must survive.
            const slug = isRecord(answer.json) ? String(answer.json.slug) : ''
            const renamed = `Renamed project ${tag}`
            const entry: { acked: string; pending: string | null; slugs: string[] } = {
              acked: title,
              pending: renamed,
              slugs: [slug],
            }
            acked.renamed.set(id, entry)
            const put = await send(
              'PUT',
              `/api/projects/${id}`,
              { title: renamed, description: 'd', long_description: 'l' },
              true,
            )
            if (put?.status === 200) {
              entry.acked = renamed
              entry.pending = null
              entry.slugs.push(isRecord(put.json) ? String(put.json.slug) : '')
              acked.projects.set(id, renamed)
              count++
            }
          }
        } else if (answer && !stop) throw new Error(`project: ${answer.status}`)
      } else {
        const title = `Durable event ${tag}`
        const answer = await send('POST', '/api/timeline', { title, start_date: 'Jan 2024' }, true)
        if (answer?.status === 201) {
          acked.timeline.set(idOf(answer.json), title)
          count++
        } else if (answer && !stop) throw new Error(`timeline: ${answer.status}`)
      }
    }
  }
  const loops = Array.from({ length: WORKERS }, (_, w) => worker(w))
  await until(() => count)
  const inFlightAtStop = inFlight
  stop = true
  await Promise.all(loops)
  return { acknowledged: count, inFlightAtStop, failures }
}

/** Every acknowledged write is there, with the content that was acknowledged. */
async function verify(server: ChildServer, acked: Acknowledged): Promise<number> {
  const token = await login(server)
  const missing: string[] = []
  for (const [index, old] of acked.sessions.entries()) {
    // The sign-ins were acknowledged too: their sessions survived.
    const me = await call(server, 'GET', '/api/auth/me', { token: old })
    if (me.status !== 200) missing.push(`session ${index + 1} (${me.status})`)
  }
  const stored = new Map(
    records(await call(server, 'GET', '/api/contact', { token })).map((row) => [
      Number(row.id),
      row,
    ]),
  )
  const projects = new Map(
    records(await call(server, 'GET', '/api/projects')).map((row) => [Number(row.id), row]),
  )
  const timeline = new Map(
    records(await call(server, 'GET', '/api/timeline')).map((row) => [Number(row.id), row]),
  )
  for (const [id, message] of acked.messages) {
    if (stored.get(id)?.message !== message) missing.push(`message ${id}`)
  }
  for (const [id, title] of acked.projects) {
    const row = projects.get(id)
    const rename = acked.renamed.get(id)
    const allowed = rename?.pending ? [title, rename.pending] : [title]
    if (!row || !allowed.includes(String(row.title))) missing.push(`project ${id} (${title})`)
  }
  for (const [id, title] of acked.timeline) {
    if (timeline.get(id)?.title !== title) missing.push(`timeline ${id}`)
  }
  for (const [id, rename] of acked.renamed) {
    for (const slug of rename.slugs) {
      const answer = await call(server, 'GET', `/api/projects/${encodeURIComponent(slug)}`)
      if (answer.status !== 200 || idOf(answer.json) !== id) missing.push(`slug ${slug}`)
    }
  }
  expect(missing).toEqual([])
  return (
    acked.sessions.length +
    acked.messages.size +
    acked.projects.size +
    acked.timeline.size +
    [...acked.renamed.values()].reduce((sum, rename) => sum + rename.slugs.length, 0)
  )
}

async function killCycles(databaseUrl: string) {
  const dir = tempDir('durability')
  const dataDir = join(dir, 'data')
  const acked: Acknowledged = {
    messages: new Map(),
    projects: new Map(),
    timeline: new Map(),
    renamed: new Map(),
    sessions: [],
  }
  let server = await startServer({ dataDir, databaseUrl })
  const figures: string[] = []
  for (let cycle = 1; cycle <= CYCLES; cycle++) {
    const token = await login(server)
    acked.sessions.push(token)
    const victim = server
    const result = await load(server, token, cycle, acked, async (progress) => {
      // Mid-load: enough acknowledged writes in this cycle, then the kill.
      const started = Date.now()
      while (progress() < 60 + cycle * 20 && Date.now() - started < 20_000) await Bun.sleep(20)
      victim.process.kill('SIGKILL')
    })
    await victim.process.exited
    expect(result.inFlightAtStop).toBeGreaterThan(0)
    if (!databaseUrl) {
      // The lock file is left behind by the killed process: the restart must take it over.
      expect(readFileSync(join(dataDir, 'portfolio.lock'), 'utf8').trim()).toBe(
        String(victim.process.pid),
      )
    }
    server = await startServer({ dataDir, databaseUrl })
    const checked = await verify(server, acked)
    figures.push(
      `cycle ${cycle}: ${result.acknowledged} acknowledged, ${result.inFlightAtStop} in flight at the kill, ${checked} rows checked`,
    )
  }
  server.process.kill('SIGTERM')
  expect(await server.process.exited).toBe(0)
  if (!databaseUrl) expect(existsSync(join(dataDir, 'portfolio.lock'))).toBe(false)
  console.log(
    `[durability ${databaseUrl ? 'postgres' : 'pglite'}] ${figures.join('; ')}; total ${acked.messages.size} messages, ${acked.projects.size} projects (${acked.renamed.size} renamed), ${acked.timeline.size} events`,
  )
}

describe('kill -9 under concurrent writes loses no acknowledged write', () => {
  test(`PGlite: ${CYCLES} SIGKILL/restart cycles on one DATA_DIR`, () => killCycles(''), 180_000)

  test.if(Boolean(process.env.DATABASE_URL))(
    `PostgreSQL: ${CYCLES} SIGKILL/restart cycles`,
    async () => killCycles(await freshPostgresUrl()),
    180_000,
  )
})
