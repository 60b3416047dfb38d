/**
 * A fake of the parts of GitHub's REST API the server reads, on loopback:
 * repositories with ETags (304 on a match), their languages and READMEs,
 * users' repository lists in pages linked by `Link`, 404 and 451, and a
 * switchable rate limit (403, `X-RateLimit-Remaining: 0`,
 * `X-RateLimit-Reset`). Every request is recorded. Served by `Bun.serve`
 * in the API tests, and by e2e/support/fake-github-server.ts for the
 * Playwright journey.
 */

export interface FakeRepo {
  owner: string
  name: string
  description?: string | null
  stars?: number
  forks?: number
  open_issues?: number
  language?: string | null
  /** Bytes per language, as GitHub answers. */
  languages?: Record<string, number>
  topics?: string[]
  license?: { spdx_id: string; name: string } | null
  archived?: boolean
  fork?: boolean
  pushed_at?: string
  homepage?: string | null
  default_branch?: string
  /** The README's Markdown; none: 404. */
  readme?: string
  /** Where the README is in the repository. */
  readme_path?: string
  /** What the answer claims the repository is called (its real `owner/name` when absent). */
  claimed_full_name?: string
  /** Bytes of filler in the repository's answer, sent in chunks without `Content-Length`. */
  filler_bytes?: number
}

export interface RecordedRequest {
  path: string
  ifNoneMatch: string | null
  authorization: string | null
}

export function createFakeGitHub(options: { pageSize?: number } = {}) {
  const pageSize = options.pageSize ?? 2
  const repos = new Map<string, FakeRepo & { version: number }>()
  const gone451 = new Set<string>()
  const failing = new Set<string>()
  const requests: RecordedRequest[] = []
  const state = {
    /** Epoch seconds until which every request is answered 403 (rate limited); null: none. */
    rateLimitedUntil: null as number | null,
    /** Every answer waits this long (a slow GitHub). */
    delayMs: 0,
    /** Filler bytes the last streamed answer sent before it was read to the end or cancelled. */
    fillerSent: 0,
  }
  let base = ''

  const keyOf = (owner: string, name: string) => `${owner}/${name}`.toLowerCase()
  const etagOf = (repo: FakeRepo & { version: number }, part: string) =>
    `W/"${part}-${keyOf(repo.owner, repo.name)}-${repo.version}"`

  function repoJson(repo: FakeRepo) {
    const full_name = `${repo.owner}/${repo.name}`
    return {
      id: 1,
      name: repo.name,
      full_name: repo.claimed_full_name ?? full_name,
      private: false,
      owner: { login: repo.owner },
      html_url: `https://github.com/${full_name}`,
      description: repo.description ?? null,
      fork: repo.fork ?? false,
      homepage: repo.homepage ?? null,
      stargazers_count: repo.stars ?? 0,
      watchers_count: repo.stars ?? 0,
      forks_count: repo.forks ?? 0,
      open_issues_count: repo.open_issues ?? 0,
      language: repo.language ?? null,
      topics: repo.topics ?? [],
      license: repo.license === undefined ? null : repo.license,
      archived: repo.archived ?? false,
      pushed_at: repo.pushed_at ?? '2026-01-01T00:00:00Z',
      default_branch: repo.default_branch ?? 'main',
    }
  }

  function json(body: unknown, headers: Record<string, string> = {}, status = 200) {
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
    })
  }

  /**
   * `body` with a `filler` field of `bytes` spaces, streamed in 64 KiB chunks
   * with no `Content-Length`; `state.fillerSent` counts what left.
   */
  function streamed(body: Record<string, unknown>, bytes: number) {
    const head = new TextEncoder().encode(`${JSON.stringify(body).slice(0, -1)},"filler":"`)
    const chunk = new Uint8Array(65_536).fill(0x20)
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head)
      },
      pull(controller) {
        if (sent >= bytes) {
          controller.enqueue(new TextEncoder().encode('"}'))
          controller.close()
          return
        }
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent))
        sent += piece.length
        state.fillerSent = sent
        controller.enqueue(piece)
      },
    })
    return new Response(stream, { headers: { 'content-type': 'application/json; charset=utf-8' } })
  }

  function conditional(request: Request, etag: string, body: () => unknown) {
    if (request.headers.get('if-none-match') === etag) {
      return new Response(null, { status: 304, headers: { etag } })
    }
    return json(body(), { etag })
  }

  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    requests.push({
      path: `${url.pathname}${url.search}`,
      ifNoneMatch: request.headers.get('if-none-match'),
      authorization: request.headers.get('authorization'),
    })
    if (state.delayMs > 0) await Bun.sleep(state.delayMs)
    if (state.rateLimitedUntil !== null) {
      return json(
        { message: 'API rate limit exceeded' },
        {
          'x-ratelimit-limit': '60',
          'x-ratelimit-remaining': '0',
          'x-ratelimit-reset': String(state.rateLimitedUntil),
        },
        403,
      )
    }
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
    if (parts[0] === 'users' && parts[1] && parts[2] === 'repos' && parts.length === 3) {
      const user = parts[1].toLowerCase()
      const owned = [...repos.values()].filter((repo) => repo.owner.toLowerCase() === user)
      if (owned.length === 0) return json({ message: 'Not Found' }, {}, 404)
      const page = Math.max(1, Number(url.searchParams.get('page') ?? '1'))
      const pages = Math.ceil(owned.length / pageSize)
      const link = (n: number) => `<${base}/users/${parts[1]}/repos?per_page=${pageSize}&page=${n}>`
      const links = [
        ...(page < pages ? [`${link(page + 1)}; rel="next"`, `${link(pages)}; rel="last"`] : []),
        ...(page > 1 ? [`${link(1)}; rel="first"`, `${link(page - 1)}; rel="prev"`] : []),
      ]
      return json(
        owned.slice((page - 1) * pageSize, page * pageSize).map(repoJson),
        links.length > 0 ? { link: links.join(', ') } : {},
      )
    }
    if (parts[0] !== 'repos' || !parts[1] || !parts[2]) {
      return json({ message: 'Not Found' }, {}, 404)
    }
    const key = keyOf(parts[1], parts[2])
    if (gone451.has(key)) return json({ message: 'Repository access blocked' }, {}, 451)
    if (failing.has(key)) return json({ message: 'Server Error' }, {}, 502)
    const repo = repos.get(key)
    if (!repo) return json({ message: 'Not Found' }, {}, 404)
    const rest = parts.slice(3).join('/')
    if (rest === '' && repo.filler_bytes) return streamed(repoJson(repo), repo.filler_bytes)
    if (rest === '') return conditional(request, etagOf(repo, 'repo'), () => repoJson(repo))
    if (rest === 'languages') {
      return conditional(request, etagOf(repo, 'languages'), () => repo.languages ?? {})
    }
    if (rest === 'readme' && repo.readme !== undefined) {
      const path = repo.readme_path ?? 'README.md'
      const branch = repo.default_branch ?? 'main'
      const full = `${repo.owner}/${repo.name}`
      return json({
        name: path.split('/').pop(),
        path,
        encoding: 'base64',
        content: Buffer.from(repo.readme, 'utf8').toString('base64'),
        html_url: `https://github.com/${full}/blob/${branch}/${path}`,
        download_url: `https://raw.githubusercontent.com/${full}/${branch}/${path}`,
      })
    }
    return json({ message: 'Not Found' }, {}, 404)
  }

  return {
    handle,
    requests,
    state,
    /** Adds or replaces a repository (a change gives it new ETags). */
    put(repo: FakeRepo) {
      const key = keyOf(repo.owner, repo.name)
      const version = (repos.get(key)?.version ?? 0) + 1
      repos.set(key, { ...repo, version })
    },
    /** Changes some fields of a repository (new ETags). */
    update(owner: string, name: string, change: Partial<FakeRepo>) {
      const key = keyOf(owner, name)
      const repo = repos.get(key)
      if (!repo) throw new Error(`no fake repository ${key}`)
      repos.set(key, { ...repo, ...change, version: repo.version + 1 })
    },
    remove(owner: string, name: string) {
      repos.delete(keyOf(owner, name))
    },
    withhold(owner: string, name: string) {
      gone451.add(keyOf(owner, name))
    },
    fail(owner: string, name: string, on = true) {
      if (on) failing.add(keyOf(owner, name))
      else failing.delete(keyOf(owner, name))
    },
    /** Serves the fake on loopback; its address is the API root to configure. */
    serve(port = 0) {
      const server = Bun.serve({ hostname: '127.0.0.1', port, fetch: handle })
      base = `http://127.0.0.1:${server.port}`
      return { url: base, stop: () => server.stop(true) }
    },
  }
}

export type FakeGitHub = ReturnType<typeof createFakeGitHub>
