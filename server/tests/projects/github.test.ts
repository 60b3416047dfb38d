/**
 * GitHub repositories on projects, against a fake GitHub API on loopback
 * (server/tests/support/fake-github.ts), never the internet: the fetch after a
 * save, the refresh with conditional requests, GitHub's rate limit kept in
 * the database and respected, stale data kept on failure, unavailable
 * repositories hidden from visitors, the import of repositories as drafts,
 * and the token never leaving the server.
 */
import {
  afterAll,
  beforeAll,
  beforeEach,
  describe,
  expect,
  setDefaultTimeout,
  test,
} from 'bun:test'
import { sql } from 'drizzle-orm'
import { defaultGitHubSettings, type GitHubSettings } from '../../config'
import { auditLog, githubRepositories, githubState } from '../../db/schema'
import type { Logger } from '../../log'
import { createGitHubApi } from '../../services/github/api'
import { refreshGitHub } from '../../services/github/repositories'
import { createFakeGitHub } from '../support/fake-github'
import { createTestApp, isRecord, sample, type TestApp } from '../support/harness'

setDefaultTimeout(30_000)

const TOKEN = 'github_pat_11AAAAAAA0TESTTOKENnever_leaves_the_server_4f2a'
const HOUR = 3_600_000

const fake = createFakeGitHub({ pageSize: 2 })
let served: { url: string; stop: () => void }
let t: TestApp
let token: string
let settings: GitHubSettings
const logLines: string[] = []
const answers: string[] = []

const captureLog: Logger = {
  debug: (msg, fields) => logLines.push(`${msg} ${JSON.stringify(fields ?? {})}`),
  info: (msg, fields) => logLines.push(`${msg} ${JSON.stringify(fields ?? {})}`),
  warn: (msg, fields) => logLines.push(`${msg} ${JSON.stringify(fields ?? {})}`),
  error: (msg, fields) => logLines.push(`${msg} ${JSON.stringify(fields ?? {})}`),
}

const ENGINE_README = `# Engine

![Architecture](docs/architecture.png)

See the [guide](docs/guide.md), the [licence](/LICENSE) and [usage](#usage).

<img src="./screenshots/main.png" alt="Main screen">

## Usage

Run it.
`

function putEngine() {
  fake.put({
    owner: 'ada',
    name: 'analytical-engine',
    description: 'A general-purpose mechanical computer.',
    stars: 42,
    forks: 7,
    open_issues: 3,
    language: 'TypeScript',
    languages: { TypeScript: 7000, CSS: 2000, Shell: 1000 },
    topics: ['computing', 'history'],
    license: { spdx_id: 'MIT', name: 'MIT License' },
    pushed_at: '2026-11-20T10:00:00Z',
    homepage: 'https://engine.example.com',
    readme: ENGINE_README,
  })
}

function seedFake() {
  putEngine()
  fake.put({
    owner: 'ada',
    name: 'note_g',
    description: null,
    stars: 5,
    language: 'Python',
    languages: { Python: 100 },
    pushed_at: '2026-10-01T10:00:00Z',
    archived: true,
    readme: '# Note G\n\n![table](img/table.png)\n',
    readme_path: 'docs/README.md',
  })
  fake.put({ owner: 'ada', name: 'old-fork', fork: true, pushed_at: '2025-01-01T00:00:00Z' })
  fake.put({ owner: 'ada', name: 'dotfiles', pushed_at: '2026-11-25T00:00:00Z' })
  fake.put({ owner: 'ada', name: 'bernoulli', pushed_at: '2026-06-01T00:00:00Z', stars: 1 })
}

async function request(method: string, path: string, body?: unknown, withToken = true) {
  const response = await t.request(method, path, { body, token: withToken ? token : null })
  answers.push(response.text)
  for (const [, value] of response.headers) answers.push(value)
  return response
}

const deps = () => ({ db: t.db, settings, api: createGitHubApi(settings), log: captureLog })
const requestsSince = (mark: number) => fake.requests.slice(mark)

async function createProject(title: string, repo_url: string | null) {
  const created = await request('POST', '/api/projects', { ...sample.project(title), repo_url })
  expect(created.status).toBe(201)
  return created.body
}

beforeAll(async () => {
  seedFake()
  served = fake.serve()
  settings = { ...defaultGitHubSettings, apiUrl: served.url, token: TOKEN, timeoutMs: 1_000 }
  t = await createTestApp({ config: { github: settings }, githubScheduler: true, log: captureLog })
  token = await t.login()
  // A fresh database on a loaded machine can take a while.
}, 120_000)

afterAll(async () => {
  await t.close()
  served.stop()
})

beforeEach(async () => {
  fake.state.rateLimitedUntil = null
  fake.state.delayMs = 0
  await t.db.delete(githubState)
})

describe('repository data on projects', () => {
  test('a project linking a GitHub repository gets its data right after the save', async () => {
    const mark = fake.requests.length
    const project = await createProject('Engine', 'https://github.com/Ada/analytical-engine')
    // Until the fetch: null for everyone, pending for the owner.
    expect(project.repo).toBeNull()
    expect(project.repo_sync).toMatchObject({ status: 'pending' })
    await t.github?.drain()
    expect(requestsSince(mark).map((r) => r.path)).toEqual([
      '/repos/ada/analytical-engine',
      '/repos/ada/analytical-engine/languages',
    ])
    const visitor = await request('GET', '/api/projects/engine', undefined, false)
    expect(visitor.body.repo).toEqual({
      full_name: 'ada/analytical-engine',
      description: 'A general-purpose mechanical computer.',
      stars: 42,
      forks: 7,
      open_issues: 3,
      language: 'TypeScript',
      languages: [
        { name: 'TypeScript', share: 0.7 },
        { name: 'CSS', share: 0.2 },
        { name: 'Shell', share: 0.1 },
      ],
      topics: ['computing', 'history'],
      license: 'MIT',
      archived: false,
      pushed_at: '2026-11-20T10:00:00Z',
      fetched_at: t.clock.now().toISOString(),
    })
    expect(visitor.body).not.toHaveProperty('repo_sync')
    const list = await request('GET', '/api/projects', undefined, false)
    expect(list.list.find((p) => isRecord(p) && p.slug === 'engine')).toMatchObject({
      repo: { stars: 42, language: 'TypeScript' },
    })
    const owner = await request('GET', '/api/projects/engine')
    expect(owner.body.repo_sync).toEqual({
      status: 'ok',
      error: null,
      error_at: null,
      fetched_at: t.clock.now().toISOString(),
    })
  })

  test('a project without a GitHub repository has repo null and no fetch', async () => {
    const mark = fake.requests.length
    const project = await createProject('Elsewhere', 'https://gitlab.com/ada/elsewhere')
    await t.github?.drain()
    expect(project.repo).toBeNull()
    expect(project).not.toHaveProperty('repo_sync')
    expect(requestsSince(mark)).toEqual([])
  })

  test('the refresh asks again only when due, with the stored ETag; a 304 keeps the data and moves fetched_at', async () => {
    let mark = fake.requests.length
    await refreshGitHub(deps(), t.clock.now())
    expect(requestsSince(mark)).toEqual([])

    t.clock.advance(6 * HOUR + 1000)
    mark = fake.requests.length
    const summary = await refreshGitHub(deps(), t.clock.now())
    expect(summary).toMatchObject({ unchanged: 1, updated: 0 })
    const asked = requestsSince(mark)
    expect(asked).toHaveLength(1)
    expect(asked[0]?.ifNoneMatch).toMatch(/^W\/"repo-ada\/analytical-engine-\d+"$/)
    const after304 = await request('GET', '/api/projects/engine', undefined, false)
    expect(after304.body.repo).toMatchObject({ stars: 42, fetched_at: t.clock.now().toISOString() })

    fake.update('ada', 'analytical-engine', { stars: 43, archived: true })
    t.clock.advance(6 * HOUR + 1000)
    await refreshGitHub(deps(), t.clock.now())
    const changed = await request('GET', '/api/projects/engine', undefined, false)
    expect(changed.body.repo).toMatchObject({ stars: 43, archived: true })
  })

  test("GitHub's rate limit is stored and respected: no request before its reset, on any instance", async () => {
    t.clock.advance(6 * HOUR + 1000)
    const reset = Math.floor((t.clock.now().getTime() + HOUR) / 1000)
    fake.state.rateLimitedUntil = reset
    let mark = fake.requests.length
    const summary = await refreshGitHub(deps(), t.clock.now())
    expect(requestsSince(mark)).toHaveLength(1)
    expect(summary.rate_limited_until).toBe(new Date(reset * 1000).toISOString())
    const [state] = await t.db.select().from(githubState)
    expect(state?.blocked_until?.getTime()).toBe(reset * 1000)

    // Half an hour later, from this instance's job, the owner's screens and a second "instance".
    t.clock.advance(HOUR / 2)
    mark = fake.requests.length
    await refreshGitHub(deps(), t.clock.now())
    await refreshGitHub({ ...deps(), api: createGitHubApi(settings) }, t.clock.now())
    const repos = await request('GET', '/api/github/repos')
    expect(repos.status).toBe(429)
    expect(repos.body.error).toMatch(/rate limit.*try again in 30 minutes/i)
    expect(repos.headers.get('retry-after')).toBe('1800')
    const imported = await request('POST', '/api/github/import', { repos: ['ada/dotfiles'] })
    expect(imported.status).toBe(429)
    expect(requestsSince(mark)).toEqual([])
    // The data from before is still shown.
    const page = await request('GET', '/api/projects/engine', undefined, false)
    expect(page.body.repo).toMatchObject({ full_name: 'ada/analytical-engine' })

    // After the reset, the repository is fetched again.
    fake.state.rateLimitedUntil = null
    t.clock.advance(HOUR / 2 + 1000)
    mark = fake.requests.length
    expect(await refreshGitHub(deps(), t.clock.now())).toMatchObject({
      unchanged: 1,
      rate_limited_until: null,
    })
    expect(requestsSince(mark)).toHaveLength(1)
  })

  test('a failed fetch keeps the last good data and shows the error to the owner only', async () => {
    fake.fail('ada', 'analytical-engine')
    t.clock.advance(6 * HOUR + 1000)
    expect(await refreshGitHub(deps(), t.clock.now())).toMatchObject({ failed: 1 })
    const visitor = await request('GET', '/api/projects/engine', undefined, false)
    expect(visitor.body.repo).toMatchObject({ full_name: 'ada/analytical-engine', stars: 43 })
    const owner = await request('GET', '/api/projects/engine')
    expect(owner.body.repo_sync).toMatchObject({
      status: 'error',
      error: 'GitHub answered 502.',
      error_at: t.clock.now().toISOString(),
    })
    fake.fail('ada', 'analytical-engine', false)

    // Slow: given up after the timeout, the data kept.
    fake.state.delayMs = 1_500
    t.clock.advance(HOUR)
    expect(await refreshGitHub(deps(), t.clock.now())).toMatchObject({ failed: 1 })
    fake.state.delayMs = 0
    const slow = await request('GET', '/api/projects/engine')
    expect(slow.body.repo).toMatchObject({ stars: 43 })
    expect(slow.body.repo_sync).toMatchObject({ error: 'GitHub did not answer within 1 s.' })
  })

  test('a repository GitHub no longer has (404) or withholds (451) is hidden from visitors, shown to the owner', async () => {
    await createProject('Withheld', 'https://github.com/ada/bernoulli')
    await t.github?.drain()
    fake.remove('ada', 'analytical-engine')
    fake.withhold('ada', 'bernoulli')
    t.clock.advance(7 * HOUR)
    expect(await refreshGitHub(deps(), t.clock.now())).toMatchObject({ unavailable: 2 })
    for (const slug of ['engine', 'withheld']) {
      const visitor = await request('GET', `/api/projects/${slug}`, undefined, false)
      expect(visitor.body.repo).toBeNull()
      const owner = await request('GET', `/api/projects/${slug}`)
      expect(owner.body.repo).not.toBeNull()
      expect(owner.body.repo_sync).toMatchObject({ status: 'unavailable' })
      expect(String(isRecord(owner.body.repo_sync) && owner.body.repo_sync.error)).toMatch(
        slug === 'engine' ? /404/ : /451/,
      )
    }
  })

  test('POST /api/github/refresh fetches every linked repository now, at most once a minute', async () => {
    expect((await request('POST', '/api/github/refresh', {}, false)).status).toBe(401)
    const mark = fake.requests.length
    const first = await request('POST', '/api/github/refresh', {})
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ unavailable: 2, rate_limited_until: null })
    expect(requestsSince(mark)).toHaveLength(2)
    const again = await request('POST', '/api/github/refresh', {})
    expect(again.status).toBe(429)
    expect(again.body.error).toMatch(/refreshed a moment ago/)
    // Back on GitHub: shown again after the next refresh.
    putEngine()
    t.clock.advance(61_000)
    expect((await request('POST', '/api/github/refresh', {})).body).toMatchObject({ updated: 1 })
    const shown = await request('GET', '/api/projects/engine', undefined, false)
    expect(shown.body.repo).toMatchObject({ full_name: 'ada/analytical-engine' })
  })
})

describe('across instances', () => {
  test('passes running at once fetch each due repository once', async () => {
    for (const name of ['one', 'two', 'three', 'four', 'five']) {
      fake.put({ owner: 'babbage', name: `many-${name}`, pushed_at: '2026-02-01T00:00:00Z' })
      await createProject(`Many ${name}`, `https://github.com/babbage/many-${name}`)
    }
    await t.github?.drain()
    t.clock.advance(7 * HOUR)
    const mark = fake.requests.length
    const passes = await Promise.all([1, 2, 3].map(() => refreshGitHub(deps(), t.clock.now())))
    const fetched = requestsSince(mark)
      .map((r) => r.path)
      .filter((path) => !path.endsWith('/languages'))
    expect(fetched.length).toBe(new Set(fetched).size)
    // Every linked repository: the engine, the withheld one and the five.
    expect(new Set(fetched).size).toBe(7)
    expect(passes.reduce((sum, pass) => sum + pass.unchanged + pass.unavailable, 0)).toBe(7)
  })
})

describe('import from GitHub', () => {
  test("GET /api/github/repos lists the profile user's repositories, every page, last pushed first", async () => {
    expect((await request('GET', '/api/github/repos', undefined, false)).status).toBe(401)
    const mark = fake.requests.length
    const list = await request('GET', '/api/github/repos')
    expect(list.status).toBe(200)
    // Five repositories, two a page: three requests, each following `Link`.
    expect(requestsSince(mark).map((r) => r.path)).toEqual([
      '/users/ada/repos?type=owner&sort=pushed&per_page=100',
      '/users/ada/repos?per_page=2&page=2',
      '/users/ada/repos?per_page=2&page=3',
    ])
    expect(list.list.map((repo) => isRecord(repo) && repo.full_name)).toEqual([
      'ada/dotfiles',
      'ada/analytical-engine',
      'ada/note_g',
      'ada/bernoulli',
      'ada/old-fork',
    ])
    expect(list.list[2]).toEqual({
      full_name: 'ada/note_g',
      description: null,
      stars: 5,
      language: 'Python',
      topics: [],
      pushed_at: '2026-10-01T10:00:00Z',
      fork: false,
      archived: true,
      imported: false,
    })
    expect(list.list[1]).toMatchObject({ imported: true })
    expect(list.list[3]).toMatchObject({ imported: true })
    expect(list.list[4]).toMatchObject({ fork: true, imported: false })
  })

  test('importing creates one draft per repository, with its README made absolute, once', async () => {
    const imported = await request('POST', '/api/github/import', {
      repos: ['ada/note_g', 'ada/dotfiles', 'ada/bernoulli', 'ada/nope'],
    })
    expect(imported.status).toBe(201)
    expect(imported.body).toEqual({
      created: [
        { id: expect.any(Number), slug: 'note-g', title: 'Note G' },
        { id: expect.any(Number), slug: 'dotfiles', title: 'Dotfiles' },
      ],
      skipped: [
        { full_name: 'ada/bernoulli', reason: 'A project already links it.' },
        { full_name: 'ada/nope', reason: 'GitHub has no public repository of this name.' },
      ],
    })
    // Drafts: the owner sees them, visitors do not.
    expect((await request('GET', '/api/projects/note-g', undefined, false)).status).toBe(404)
    const noteG = await request('GET', '/api/projects/note-g')
    expect(noteG.body).toMatchObject({
      title: 'Note G',
      description: 'Note G, on GitHub.',
      is_published: false,
      repo_url: 'https://github.com/ada/note_g',
      tags: ['Python'],
      repo: { full_name: 'ada/note_g', archived: true, stars: 5 },
    })
    // The README sits in docs/: its image resolves in that folder.
    expect(noteG.body.long_description).toContain(
      '![table](https://raw.githubusercontent.com/ada/note_g/main/docs/img/table.png)',
    )
    expect(noteG.body.long_description_html).toContain(
      'src="https://raw.githubusercontent.com/ada/note_g/main/docs/img/table.png"',
    )

    // The same again: nothing new.
    const again = await request('POST', '/api/github/import', {
      repos: ['ada/note_g', 'ADA/Dotfiles'],
    })
    expect(again.status).toBe(201)
    expect(again.body.created).toEqual([])
    expect(again.body.skipped).toHaveLength(2)
  })

  test('an imported project takes title, description, tags, website and README from its repository', async () => {
    const mark = fake.requests.length
    await request('DELETE', `/api/projects/${(await request('GET', '/api/projects/engine')).id}`)
    const imported = await request('POST', '/api/github/import', {
      repos: ['ada/analytical-engine'],
    })
    expect(imported.status).toBe(201)
    expect(requestsSince(mark).map((r) => r.path)).toEqual([
      '/repos/ada/analytical-engine',
      '/repos/ada/analytical-engine/languages',
      '/repos/ada/analytical-engine/readme',
    ])
    const project = await request('GET', '/api/projects/analytical-engine')
    expect(project.body).toMatchObject({
      title: 'Analytical Engine',
      description: 'A general-purpose mechanical computer.',
      website_url: 'https://engine.example.com',
      tags: ['computing', 'history', 'TypeScript', 'CSS', 'Shell'],
      is_published: false,
    })
    const markdown = String(project.body.long_description)
    expect(markdown).toContain(
      '![Architecture](https://raw.githubusercontent.com/ada/analytical-engine/main/docs/architecture.png)',
    )
    expect(markdown).toContain(
      '[guide](https://github.com/ada/analytical-engine/blob/main/docs/guide.md)',
    )
    expect(markdown).toContain(
      '[licence](https://github.com/ada/analytical-engine/blob/main/LICENSE)',
    )
    expect(markdown).toContain('[usage](#usage)')
    expect(markdown).toContain(
      '<img src="https://raw.githubusercontent.com/ada/analytical-engine/main/screenshots/main.png" alt="Main screen">',
    )
    // Rendered and sanitised like any description.
    const html = String(project.body.long_description_html)
    expect(html).toContain(
      'href="https://github.com/ada/analytical-engine/blob/main/docs/guide.md"',
    )
    expect(html).not.toContain('<script')
  })

  test('odd data from GitHub (NUL, a javascript: homepage, a long topic) still makes a valid draft', async () => {
    fake.put({
      owner: 'babbage',
      name: 'odd',
      description: 'Bad\u0000byte',
      homepage: 'javascript:alert(1)',
      topics: ['t'.repeat(80)],
      readme: '<script>alert(1)</script>\n\n[x](javascript:alert(1))',
    })
    const imported = await request('POST', '/api/github/import', { repos: ['babbage/odd'] })
    expect(imported.status).toBe(201)
    const project = await request('GET', '/api/projects/odd')
    expect(project.body).toMatchObject({ description: 'Badbyte', website_url: null })
    expect(String((project.body.tags as string[])[0]).length).toBeLessThanOrEqual(50)
    expect(String(project.body.long_description_html)).not.toMatch(/<script|javascript:/)
  })

  test("the requested owner/name is used, never the answer's full_name", async () => {
    fake.put({
      owner: 'babbage',
      name: 'named',
      description: 'Named by its address.',
      claimed_full_name: '../../admin"><script>alert(1)</script>',
    })
    const imported = await request('POST', '/api/github/import', { repos: ['babbage/named'] })
    expect(imported.status).toBe(201)
    expect(imported.body.created).toEqual([
      { id: expect.any(Number), slug: 'named', title: 'Named' },
    ])
    const project = await request('GET', '/api/projects/named')
    expect(project.body).toMatchObject({
      title: 'Named',
      repo_url: 'https://github.com/babbage/named',
      repo: { full_name: 'babbage/named' },
    })
    expect(project.text).not.toContain('admin')
    // The refresh stores the same name.
    await request('POST', '/api/github/refresh')
    const again = await request('GET', '/api/projects/named')
    expect(again.body).toMatchObject({ repo: { full_name: 'babbage/named' } })
    expect(again.text).not.toContain('<script')
  })

  test('a README past the answer limit is left out; the import goes on with the description', async () => {
    const mark = fake.requests.length
    fake.put({
      owner: 'babbage',
      name: 'big-readme',
      description: 'Its README is huge.',
      readme: `# Big\n\n${'word '.repeat(1_000_000)}`,
    })
    const imported = await request('POST', '/api/github/import', { repos: ['babbage/big-readme'] })
    expect(imported.status).toBe(201)
    expect(requestsSince(mark).map((r) => r.path)).toContain('/repos/babbage/big-readme/readme')
    const project = await request('GET', '/api/projects/big-readme')
    expect(project.body).toMatchObject({
      description: 'Its README is huge.',
      long_description: 'Its README is huge.',
    })
  })

  test('an answer past the limit is not read to its end: the client stops and says so', async () => {
    fake.put({ owner: 'babbage', name: 'endless', filler_bytes: 64 * 1024 * 1024 })
    fake.state.fillerSent = 0
    const imported = await request('POST', '/api/github/import', { repos: ['babbage/endless'] })
    expect(imported.status).toBeGreaterThanOrEqual(400)
    expect(String(imported.body.error)).toContain('larger than 4 MB')
    // Stopped near the limit (4 MiB, plus what the sockets held), far from the 64 MiB offered.
    expect(fake.state.fillerSent).toBeLessThan(16 * 1024 * 1024)
    expect((await request('GET', '/api/projects/endless')).status).toBe(404)
  })

  test('bad input is a 400 with a readable error; nothing is asked of GitHub', async () => {
    const mark = fake.requests.length
    for (const body of [{}, { repos: [] }, { repos: ['not a repo'] }, { repos: 'ada/x' }]) {
      const answer = await request('POST', '/api/github/import', body)
      expect(answer.status).toBe(400)
      expect(typeof answer.body.error).toBe('string')
    }
    expect(requestsSince(mark)).toEqual([])
  })

  test('without a GitHub link on the profile, the list says where to set it', async () => {
    await t.db.execute(sql`update profile set github_url = 'https://github.com/'`)
    const list = await request('GET', '/api/github/repos')
    expect(list.status).toBe(400)
    expect(list.body.error).toMatch(/set it in Profile/)
    await t.db.execute(sql`update profile set github_url = 'https://github.com/ada'`)
  })
})

describe('public pages read stored data only', () => {
  test('GitHub down or slow: visitors get the stored data, and nothing is asked of GitHub', async () => {
    fake.state.delayMs = 5_000
    const mark = fake.requests.length
    for (const path of ['/api/projects', '/api/projects/withheld', '/api/projects/many-one']) {
      const answer = await request('GET', path, undefined, false)
      expect(answer.status).toBe(200)
    }
    const page = await request('GET', '/api/projects/many-one', undefined, false)
    expect(page.body.repo).toMatchObject({ full_name: 'babbage/many-one' })
    expect(requestsSince(mark)).toEqual([])
    fake.state.delayMs = 0
  })
})

describe('the token', () => {
  test('is sent to GitHub and appears in no answer, log line, audit entry or backup', async () => {
    const sent = fake.requests.filter((r) => r.authorization !== null)
    expect(sent.length).toBeGreaterThan(0)
    expect(new Set(sent.map((r) => r.authorization))).toEqual(new Set([`Bearer ${TOKEN}`]))

    const backup = await request('GET', '/api/backup')
    expect(backup.status).toBe(200)
    const audit = await t.db.select().from(auditLog)
    expect(audit.length).toBeGreaterThan(0)
    const stored = await t.db.select().from(githubRepositories)
    const haystacks = {
      answers: answers.join('\n'),
      log: logLines.join('\n'),
      audit: JSON.stringify(audit),
      backup: backup.text,
      stored: JSON.stringify(stored),
    }
    expect(logLines.length).toBeGreaterThan(0)
    for (const [where, text] of Object.entries(haystacks)) {
      expect({ where, leaked: text.includes(TOKEN) || text.includes(TOKEN.slice(10, 30)) }).toEqual(
        {
          where,
          leaked: false,
        },
      )
    }
  })
})
