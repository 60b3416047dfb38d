/**
 * `bun run test:cluster`: three real server processes on one PostgreSQL
 * database and one S3 bucket (s3rver), with a webhook receiver, checked
 * through each instance directly: they behave as one site. Ends with 20 s
 * of 50-connection load spread over the three while one is killed
 * (`kill -9`): every acknowledged write is there afterwards.
 *
 * Needs DATABASE_URL (it makes a database of its own beside it and drops it);
 * without it, it says why and counts nothing (PGlite is one process by
 * design). Ends with one line: `N passed, N failed`.
 */
import { readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import postgres from 'postgres'
import S3rver from 's3rver'
import { startWebhookReceiver, until } from '../server/tests/support/alert-receivers'
import {
  type ChildServer,
  cleanupChildren,
  freshPostgresUrl,
  kill9,
  startServer,
  tempDir,
} from '../server/tests/support/child-server'
import { ADMIN, isRecord } from '../server/tests/support/harness'
import { blackPng } from '../server/tests/support/media-fixtures'

const databaseUrl = process.env.DATABASE_URL?.trim()
if (!databaseUrl) {
  console.log(
    '== cluster: skipped: several instances need one PostgreSQL database (DATABASE_URL); PGlite is single-instance by design',
  )
  console.log('0 passed, 0 failed')
  process.exit(0)
}

const LOAD_SECONDS = Number(process.env.CLUSTER_LOAD_SECONDS ?? 20)
const LOAD_CONNECTIONS = 50
const started = performance.now()
let passed = 0
let failed = 0
const failures: string[] = []

async function check(name: string, body: () => Promise<void>): Promise<void> {
  const t0 = performance.now()
  try {
    await body()
    passed++
    console.log(`(pass) ${name} [${Math.round(performance.now() - t0)} ms]`)
  } catch (error) {
    failed++
    const message = error instanceof Error ? error.message : String(error)
    failures.push(`${name}: ${message.split('\n')[0]}`)
    console.log(`(fail) ${name} [${Math.round(performance.now() - t0)} ms]\n  ${message}`)
  }
}

function expectThat(ok: boolean, what: string): asserts ok {
  if (!ok) throw new Error(what)
}

interface Answer {
  status: number
  headers: Headers
  text: string
  json: unknown
}

/** One request to one instance, as a browser or script at `ip` (the instances trust one proxy hop). */
async function req(
  server: ChildServer,
  method: string,
  path: string,
  options: {
    body?: unknown
    form?: FormData
    token?: string
    ip?: string
    ua?: string
    headers?: Record<string, string>
    timeoutMs?: number
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {
    'user-agent': options.ua ?? 'Mozilla/5.0 (X11; Linux x86_64) cluster-test',
    'x-forwarded-for': options.ip ?? '192.0.2.1',
    ...options.headers,
  }
  let body: BodyInit | undefined
  if (options.form) body = options.form
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json'
    body = JSON.stringify(options.body)
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers,
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
  })
  const text = await response.text()
  let json: unknown = null
  try {
    json = text ? JSON.parse(text) : null
  } catch {
    json = null
  }
  return { status: response.status, headers: response.headers, text, json }
}

const field = (answer: Answer, name: string): unknown =>
  isRecord(answer.json) ? answer.json[name] : undefined

/** Waits for `done` to hold within `ms`; answers how long it took. */
async function within(ms: number, what: string, done: () => Promise<boolean>): Promise<number> {
  const t0 = performance.now()
  for (;;) {
    if (await done()) return performance.now() - t0
    if (performance.now() - t0 > ms) throw new Error(`${what}: not within ${ms} ms`)
    await Bun.sleep(25)
  }
}

const root = resolve(import.meta.dir, '..')
const migrationCount = readdirSync(join(root, 'drizzle')).filter((f) => f.endsWith('.sql')).length
const bucket = 'portfolio-cluster'
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: tempDir('cluster-s3'),
  configureBuckets: [{ name: bucket }],
})
const { port: s3Port } = await s3.run()
const webhook = startWebhookReceiver()
const url = await freshPostgresUrl()
const sql = postgres(url, { max: 2, onnotice: () => {} })

const serverEnv: Record<string, string> = {
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_BUCKET: bucket,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  NOTIFY_WEBHOOK_URL: webhook.url,
  NOTIFY_POLL: '500ms',
  NOTIFY_RETRY_BASE: '500ms',
  CONTACT_MIN_FILL_TIME: '1ms',
  CONTACT_MAX_PER_IP: '3',
  ANALYTICS_FLUSH: '300ms',
  JOBS_POLL: '300ms',
  TRUST_PROXY: '1',
  SITE_URL: 'http://cluster.test',
}
/** A job only this test knows (server/tests/support/cluster-probe-job.ts), preloaded into each instance. */
const probe = join(root, 'server/tests/support/cluster-probe-job.ts')
const start = (name: string) =>
  startServer({
    dataDir: join(tempDir(`cluster-${name}`), 'data'),
    databaseUrl: url,
    env: serverEnv,
    bunArgs: ['--preload', probe],
  })

let servers: ChildServer[] = []
let token = ''

try {
  await check(
    'three instances started together on an empty database all come up, migrated once',
    async () => {
      servers = await Promise.all([start('a'), start('b'), start('c')])
      const [migrations] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`
      expectThat(
        migrations?.n === migrationCount,
        `${migrations?.n} migration rows, not ${migrationCount}`,
      )
      const [admins] = await sql`select count(*)::int as n from admin_users`
      expectThat(admins?.n === 1, `${admins?.n} admins`)
      for (const server of servers) {
        const health = await req(server, 'GET', '/healthz')
        expectThat(health.status === 200, `/healthz ${health.status} on ${server.url}`)
      }
    },
  )
  if (servers.length !== 3)
    throw new Error('the instances did not start; nothing else can be checked')
  let [a, b, c] = servers as [ChildServer, ChildServer, ChildServer]

  await check(
    'a session made on A works on B and C; signed out on C, it is refused by A and B',
    async () => {
      const login = await req(a, 'POST', '/api/auth/login', { body: ADMIN, ip: '198.51.100.1' })
      token = String(field(login, 'token'))
      expectThat(login.status === 200, `login ${login.status}`)
      for (const server of [b, c]) {
        const me = await req(server, 'GET', '/api/auth/me', { token })
        expectThat(me.status === 200, `me ${me.status} on ${server.url}`)
      }
      const other = await req(b, 'POST', '/api/auth/login', { body: ADMIN, ip: '198.51.100.1' })
      const second = String(field(other, 'token'))
      const out = await req(c, 'POST', '/api/auth/logout', { token: second })
      expectThat(out.status === 204, `logout ${out.status}`)
      for (const server of [a, b]) {
        const me = await req(server, 'GET', '/api/auth/me', { token: second })
        expectThat(me.status === 401, `a signed-out session answered ${me.status} on ${server.url}`)
      }
    },
  )

  await check(
    'a project created on A is served by B and C (API, page, list page and its ETag) within 1 s',
    async () => {
      const before = await Promise.all([b, c].map((s) => req(s, 'GET', '/projects')))
      const title = `Cluster project ${Date.now()}`
      const created = await req(a, 'POST', '/api/projects', {
        token,
        body: {
          title,
          description: 'Made on A',
          long_description: 'Seen everywhere',
          tags: ['cluster'],
        },
      })
      expectThat(created.status === 201, `create ${created.status} ${created.text.slice(0, 200)}`)
      const slug = String(field(created, 'slug'))
      const waits: number[] = []
      for (const [i, server] of [b, c].entries()) {
        waits.push(
          await within(1_000, `the project on ${server.url}`, async () => {
            const api = await req(server, 'GET', `/api/projects/${slug}`)
            const page = await req(server, 'GET', `/projects/${slug}`)
            const list = await req(server, 'GET', '/projects')
            return (
              api.status === 200 &&
              field(api, 'title') === title &&
              page.status === 200 &&
              page.text.includes(title) &&
              list.text.includes(title) &&
              list.headers.get('etag') !== before[i]?.headers.get('etag')
            )
          }),
        )
      }
      console.log(
        `  seen on B after ${Math.round(waits[0] ?? 0)} ms, on C after ${Math.round(waits[1] ?? 0)} ms`,
      )
    },
  )

  await check('an image uploaded on B is served by C', async () => {
    const form = new FormData()
    form.set('file', new File([new Uint8Array(blackPng(48, 32))], 'dot.png', { type: 'image/png' }))
    form.set('alt', 'A black rectangle')
    const uploaded = await req(b, 'POST', '/api/media', { token, form })
    expectThat(uploaded.status === 201, `upload ${uploaded.status} ${uploaded.text.slice(0, 200)}`)
    const path = String(field(uploaded, 'url'))
    const served = await fetch(`${c.url}${path}`)
    const bytes = new Uint8Array(await served.arrayBuffer())
    expectThat(served.status === 200, `GET ${path} on C: ${served.status}`)
    expectThat(
      bytes.length > 0 && (served.headers.get('content-type') ?? '').startsWith('image/'),
      'not an image',
    )
    const listed = await req(c, 'GET', '/api/media', { token })
    expectThat(listed.text.includes(path), 'C does not list the image')
  })

  await check(
    'a share link made on A redirects on B, and its later views through C and A are credited',
    async () => {
      const made = await req(a, 'POST', '/api/share-links', {
        token,
        body: { name: 'Cluster recruiter', target_path: '/projects' },
      })
      expectThat(made.status === 201 || made.status === 200, `share link ${made.status}`)
      const code = String(field(made, 'code'))
      const visitor = { ip: '203.0.113.50', ua: 'Mozilla/5.0 (Macintosh) recruiter' }
      const redirect = await req(b, 'GET', `/r/${code}`, visitor)
      const location = redirect.headers.get('location') ?? ''
      expectThat(
        redirect.status >= 300 && redirect.status < 400,
        `/r/ answered ${redirect.status} on B`,
      )
      expectThat(location === `/projects?ref=${code}`, `Location ${location}`)
      expectThat((await req(b, 'GET', location, visitor)).status === 200, 'target page')
      expectThat((await req(c, 'GET', '/', visitor)).status === 200, 'later view on C')
      expectThat((await req(a, 'GET', '/projects', visitor)).status === 200, 'later view on A')
      await within(5_000, 'three views credited to the link', async () => {
        const links = await req(a, 'GET', '/api/share-links', { token })
        const link = Array.isArray(links.json)
          ? links.json.find((l) => isRecord(l) && l.code === code)
          : null
        return isRecord(link) && link.views === 3 && link.visitors === 1
      })
    },
  )

  await check('page views counted on A and B add up exactly in GET /api/analytics', async () => {
    const totals = async () => {
      const s = await req(c, 'GET', '/api/analytics?days=1', { token })
      const t = isRecord(s.json) && isRecord(s.json.totals) ? s.json.totals : {}
      return Number(t.views ?? -1)
    }
    // Let every instance write what it counted so far.
    await Bun.sleep(1_000)
    const before = await totals()
    for (let i = 0; i < 7; i++) await req(a, 'GET', '/', { ip: `203.0.113.${100 + i}` })
    for (let i = 0; i < 5; i++) await req(b, 'GET', '/projects', { ip: `203.0.113.${120 + i}` })
    await within(5_000, '12 more views', async () => (await totals()) === before + 12)
    await Bun.sleep(1_000)
    const after = await totals()
    expectThat(after === before + 12, `${after - before} views counted, not 12`)
  })

  await check(
    'a message sent through C alerts exactly once (three instances polling the outbox)',
    async () => {
      const form = await req(c, 'GET', '/api/contact/form-token', { ip: '198.51.100.77' })
      const message = `Hello from the cluster ${Date.now()}`
      const sent = await req(c, 'POST', '/api/contact', {
        ip: '198.51.100.77',
        body: {
          name: 'Grace',
          email: 'grace@example.com',
          message,
          form_token: field(form, 'token'),
        },
      })
      expectThat(sent.status === 201, `message ${sent.status} ${sent.text.slice(0, 200)}`)
      const about = () =>
        webhook.bodies.filter((body) => JSON.stringify(body).includes(message)).length
      await until('the webhook', () => about() >= 1, 15_000)
      // Several polls of every instance later, still once.
      await Bun.sleep(2_000)
      expectThat(about() === 1, `${about()} webhook calls`)
    },
  )

  await check(
    "the contact form's per-address limit is shared: 3 through A, B, C, the 4th refused",
    async () => {
      const ip = '198.51.100.88'
      for (const server of [a, b, c]) {
        const sent = await req(server, 'POST', '/api/contact', {
          ip,
          body: { name: 'Limit', email: 'limit@example.com', message: `Limit ${server.port}` },
        })
        expectThat(sent.status === 201, `${sent.status} on ${server.url}`)
      }
      const fourth = await req(a, 'POST', '/api/contact', {
        ip,
        body: { name: 'Limit', email: 'limit@example.com', message: 'Limit 4' },
      })
      expectThat(fourth.status === 429, `the 4th answered ${fourth.status}`)
    },
  )

  await check(
    '5 wrong passwords on A, then one on B: 429; the owner’s device cookie from A still signs in on C',
    async () => {
      const device = await req(a, 'POST', '/api/auth/login', { body: ADMIN, ip: '198.51.100.5' })
      const cookie = (device.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
      expectThat(
        device.status === 200 && cookie.startsWith('portfolio_device='),
        'no device cookie',
      )
      const wrong = { username: ADMIN.username, password: 'not the password at all' }
      for (let i = 0; i < 5; i++) {
        const answer = await req(a, 'POST', '/api/auth/login', { body: wrong, ip: '192.0.2.66' })
        expectThat(answer.status === 401, `wrong password ${i + 1}: ${answer.status}`)
      }
      const locked = await req(b, 'POST', '/api/auth/login', { body: wrong, ip: '192.0.2.67' })
      expectThat(locked.status === 429, `on B: ${locked.status}`)
      const right = await req(b, 'POST', '/api/auth/login', { body: ADMIN, ip: '192.0.2.68' })
      expectThat(
        right.status === 429,
        `the right password without the device on B: ${right.status}`,
      )
      const owner = await req(c, 'POST', '/api/auth/login', {
        body: ADMIN,
        ip: '198.51.100.5',
        headers: { cookie },
      })
      expectThat(owner.status === 200, `with the device cookie on C: ${owner.status}`)
    },
  )

  await check(
    'the per-address sign-in cap is shared: 100 failures spread over A, B, C, the next refused',
    async () => {
      const ip = '192.0.2.200'
      let n = 0
      const worker = async () => {
        while (n < 100) {
          const i = n++
          const server = [a, b, c][i % 3] as ChildServer
          const answer = await req(server, 'POST', '/api/auth/login', {
            body: { username: `nobody-${i}`, password: 'wrong password here' },
            ip,
          })
          if (answer.status !== 401) throw new Error(`failure ${i + 1} answered ${answer.status}`)
        }
      }
      await Promise.all([worker(), worker(), worker(), worker(), worker(), worker()])
      for (const server of [a, b, c]) {
        const next = await req(server, 'POST', '/api/auth/login', {
          body: { username: 'nobody-else', password: 'wrong password here' },
          ip,
        })
        expectThat(next.status === 429, `the 101st on ${server.url}: ${next.status}`)
      }
    },
  )

  await check(
    'a job claimed by one instance, killed with kill -9 mid-run, is completed by another',
    async () => {
      await sql`create table if not exists cluster_probe (id serial primary key, pid int not null, step text not null, at timestamptz not null default now())`
      await sql`update jobs set next_run_at = now() where name = 'cluster-probe'`
      let holder = 0
      await until(
        'the probe job to start',
        async () => {
          const [row] =
            await sql`select pid from cluster_probe where step = 'started' order by id limit 1`
          holder = Number(row?.pid ?? 0)
          return holder > 0
        },
        15_000,
      )
      const victim = servers.find((s) => s.process.pid === holder)
      expectThat(victim !== undefined, `pid ${holder} is none of the instances`)
      await kill9(victim)
      const t0 = performance.now()
      // The killed instance comes back for the load, whatever this check finds.
      const index = servers.indexOf(victim)
      const restarted = start(`again-${index}`)
      restarted.catch(() => {})
      await until(
        'another instance to finish the job',
        async () => (await sql`select 1 from cluster_probe where step = 'finished'`).length > 0,
        20_000,
      )
      const rows = await sql`select pid, step from cluster_probe order by id`
      const finished = rows.filter((r) => r.step === 'finished')
      expectThat(finished.length === 1, `${finished.length} finished runs`)
      expectThat(Number(finished[0]?.pid) !== holder, 'finished by the killed instance')
      console.log(
        `  taken over ${Math.round(performance.now() - t0)} ms after the kill (lease 3 s)`,
      )
      await until(
        'the job to be let go by the instance that finished it',
        async () =>
          (await sql`select 1 from jobs where name = 'cluster-probe' and locked_until is null`)
            .length === 1,
        5_000,
      )
      servers[index] = await restarted
      ;[a, b, c] = servers as [ChildServer, ChildServer, ChildServer]
    },
  )

  await check(
    `${LOAD_SECONDS} s of ${LOAD_CONNECTIONS}-connection load over the three, one killed: every acknowledged write is there`,
    async () => {
      const acked = { messages: new Map<number, string>(), events: new Map<number, string>() }
      let errors = 0
      const unexpected: string[] = []
      let refused = 0
      let stop = false
      let n = 0
      const victim = servers[1] as ChildServer
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const server = servers[(w + i) % 3] as ChildServer
          const tag = `w${w}-n${i}`
          try {
            if (i % 2 === 0) {
              const message = `Load message ${tag}`
              const answer = await req(server, 'POST', '/api/contact', {
                ip: `10.${w}.${Math.floor(i / 250) % 250}.${i % 250}`,
                body: { name: `Load ${w}`, email: `load${w}@example.com`, message },
                timeoutMs: 10_000,
              })
              if (answer.status === 201) acked.messages.set(Number(field(answer, 'id')), message)
              else if (answer.status !== 503) {
                errors++
                unexpected.push(`message ${answer.status} ${answer.text.slice(0, 160)}`)
              }
            } else {
              const title = `Load event ${tag}`
              const answer = await req(server, 'POST', '/api/timeline', {
                token,
                body: { title, start_date: 'Jan 2024' },
                timeoutMs: 10_000,
              })
              if (answer.status === 201) acked.events.set(Number(field(answer, 'id')), title)
              else if (answer.status !== 503) {
                errors++
                unexpected.push(`timeline ${answer.status} ${answer.text.slice(0, 160)}`)
              }
            }
            n++
          } catch {
            // The killed instance: the write was not acknowledged.
            refused++
            if (server === victim) await Bun.sleep(50)
          }
        }
      }
      const workers = Array.from({ length: LOAD_CONNECTIONS }, (_, w) => worker(w))
      await Bun.sleep((LOAD_SECONDS * 1000) / 3)
      await kill9(victim)
      await Bun.sleep((LOAD_SECONDS * 2000) / 3)
      stop = true
      await Promise.all(workers)
      const messageIds = [...acked.messages.keys()]
      const eventIds = [...acked.events.keys()]
      const storedMessages =
        await sql`select id, message from messages where id in ${sql(messageIds)}`
      const storedEvents =
        await sql`select id, title from timeline_events where id in ${sql(eventIds)}`
      const lost = [
        ...messageIds.filter(
          (id) => !storedMessages.some((r) => r.id === id && r.message === acked.messages.get(id)),
        ),
        ...eventIds.filter(
          (id) => !storedEvents.some((r) => r.id === id && r.title === acked.events.get(id)),
        ),
      ]
      console.log(
        `  ${n} answered (${acked.messages.size} messages and ${acked.events.size} events acknowledged), ${refused} refused by the killed instance, ${errors} other answers; ${(n / LOAD_SECONDS).toFixed(0)} answers/s`,
      )
      expectThat(
        acked.messages.size > 100 && acked.events.size > 100,
        'too few writes to prove anything',
      )
      expectThat(errors === 0, `${errors} unexpected answers: ${unexpected.slice(0, 3).join('; ')}`)
      expectThat(
        lost.length === 0,
        `${lost.length} acknowledged writes missing: ${lost.slice(0, 5).join(', ')}`,
      )
      // The survivors still answer through the same database.
      for (const server of servers.filter((s) => s !== victim)) {
        expectThat((await req(server, 'GET', '/healthz')).status === 200, `${server.url} unhealthy`)
      }
    },
  )
} catch (error) {
  failed++
  failures.push(String(error))
  console.log(`(fail) ${String(error)}`)
} finally {
  await sql.end()
  await cleanupChildren()
  await webhook.stop()
  await s3.close()
}

console.log(`\n== cluster: ${((performance.now() - started) / 1000).toFixed(0)} s`)
if (failures.length > 0) {
  console.log('== what failed')
  for (const line of failures) console.log(`cluster: ${line}`)
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed > 0 ? 1 : 0)
