/**
 * The Docker image starts. `docker build` cannot run here, so this carries out
 * the Dockerfile's runtime stage in a temp dir, as server/tests/support/dockerfile.ts
 * reads it: exactly the files it copies (the context minus .dockerignore, and
 * the build stage's dist/), its `bun install --production`, its ENV and its
 * CMD. Then /healthz, the HEALTHCHECK command and the server-rendered home
 * page must answer, and SIGTERM must stop the server with exit code 0.
 * A file the stage forgets to copy, or a package only devDependencies bring,
 * fails here as it would fail in the image.
 *
 * What only a container has is stood in for: the /data volume by a temp
 * DATA_DIR, its network by a free port on 127.0.0.1, and USER bun (who cannot
 * write to the root-owned /app) by checking that the server wrote nothing in
 * the app directory.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import type { Subprocess } from 'bun'
import { clientBuildIsStale } from '../../build/client'
import { cleanupChildren, freePort, tempDir } from '../support/child-server'
import {
  copyFromContext,
  dockerignore,
  parseDockerfile,
  type RuntimePlan,
  runtimePlan,
  shellWords,
} from '../support/dockerfile'

const root = resolve(import.meta.dir, '../../..')
let server: Subprocess | undefined

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    server.kill('SIGKILL')
    await server.exited
  }
  await cleanupChildren()
})

function readPlan(text = readFileSync(join(root, 'Dockerfile'), 'utf8')): RuntimePlan {
  return runtimePlan(parseDockerfile(text))
}

/** Runs a command to its end (killed after `timeoutMs`): exit code and everything it printed. */
async function run(
  argv: string[],
  cwd: string,
  env: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<{ code: number; output: string }> {
  const child = Bun.spawn(argv, { cwd, env, stdin: 'ignore', stdout: 'pipe', stderr: 'pipe' })
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
  try {
    const [stdout, stderr, code] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ])
    return { code, output: `${stdout}${stderr}` }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The build stage's output: it runs `bun run build` on the same sources, so
 * the repository's dist/ is it when fresh; otherwise that command runs once.
 */
async function clientBuild(command: string): Promise<string> {
  const distDir = join(root, 'dist')
  if (clientBuildIsStale(root, distDir)) {
    const result = await run(shellWords(command), root, process.env, 150_000)
    if (result.code !== 0) throw new Error(`${command} failed (${result.code}):\n${result.output}`)
  }
  return distDir
}

/** Every path under dir with its size and mtime, to tell whether anything was written. */
function snapshot(dir: string, into = new Map<string, string>()): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    const stats = statSync(path, { throwIfNoEntry: false })
    into.set(relative(dir, path), stats ? `${stats.size}:${stats.mtimeMs}` : 'dangling')
    if (entry.isDirectory()) {
      for (const [child, value] of snapshot(path)) into.set(join(entry.name, child), value)
    }
  }
  return into
}

function changes(before: Map<string, string>, after: Map<string, string>): string[] {
  const paths = new Set([...before.keys(), ...after.keys()])
  return [...paths].filter((path) => before.get(path) !== after.get(path)).sort()
}

describe('the Docker runtime stage', () => {
  test('starts with exactly what the stage copies, serves /healthz and /, stops on SIGTERM with 0', async () => {
    const plan = readPlan()
    const work = tempDir('docker')
    const appDir = join(work, 'app')
    // The container has no node_modules above /app; a temp dir below one
    // (TMPDIR inside the repository, say) would lend the server packages
    // the image does not have.
    for (let dir = dirname(appDir); dir !== dirname(dir); dir = dirname(dir)) {
      if (existsSync(join(dir, 'node_modules'))) {
        throw new Error(`${join(dir, 'node_modules')} is above the app directory: set TMPDIR`)
      }
    }

    // The image's own settings that this test replaces must be there to replace.
    expect(plan.expose).toContain(plan.env.PORT ?? 'ENV PORT is missing')
    expect(plan.volumes).toContain(plan.env.DATA_DIR ?? 'ENV DATA_DIR is missing')

    const ignored = dockerignore(root)
    for (const step of plan.steps) {
      if (step.kind === 'copy-context') {
        copyFromContext(root, appDir, step.sources, step.dest, ignored)
      } else if (step.kind === 'copy-build') {
        const distDir = await clientBuild(plan.buildCommand)
        cpSync(distDir, join(appDir, step.dest), { recursive: true, preserveTimestamps: true })
      } else {
        // The image's environment so far; HOME and PATH for bun and its
        // package cache (the image downloads instead).
        const result = await run(step.argv, appDir, { ...process.env, ...step.env }, 120_000)
        if (result.code !== 0) {
          throw new Error(`Dockerfile:${step.line} ${step.argv.join(' ')}:\n${result.output}`)
        }
      }
    }

    const dataDir = join(work, 'data')
    // USER bun's home exists in the image; bun may keep caches there.
    const home = join(work, 'home')
    mkdirSync(home)
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: home,
      ...plan.env,
      PORT: String(freePort()),
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
    }
    const url = `http://127.0.0.1:${env.PORT}`
    const before = snapshot(appDir)
    const outPath = join(work, 'server.out')
    writeFileSync(outPath, '')
    server = Bun.spawn(plan.cmd, {
      cwd: appDir,
      env,
      stdin: 'ignore',
      stdout: Bun.file(outPath),
      stderr: Bun.file(join(work, 'server.err')),
    })
    const child = server
    const output = () => {
      const read = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8') : '')
      return `${read(outPath)}${read(join(work, 'server.err'))}`.slice(-6000)
    }
    const fail = (what: string): never => {
      throw new Error(`${what}\n--- ${plan.cmd.join(' ')} printed ---\n${output()}`)
    }

    const deadline = Date.now() + 90_000
    for (;;) {
      if (child.exitCode !== null) fail(`the server exited with ${child.exitCode} at start`)
      if (Date.now() > deadline) fail('the server did not answer /healthz in 90 s')
      const status = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.status,
        () => 0,
      )
      if (status === 200) break
      await Bun.sleep(200)
    }

    if (plan.healthcheck) {
      // Docker runs it with the container's environment, through /bin/sh -c.
      const check = await run(['sh', '-c', plan.healthcheck], appDir, env, 30_000)
      if (check.code !== 0) fail(`HEALTHCHECK exited with ${check.code}:\n${check.output}`)
    }

    const page = await fetch(`${url}/`, { signal: AbortSignal.timeout(30_000) })
    const html = await page.text()
    if (page.status !== 200) fail(`GET / answered ${page.status}:\n${html.slice(0, 2000)}`)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(html.slice(0, 20).toLowerCase()).toBe('<!doctype html><html')
    // Rendered on the server with the route components, not an empty frame: a new site
    // whose owner has given no name yet says so (visitors never see a placeholder).
    expect(html).toContain('This site is being set up.')
    expect(html).toContain('id="timeline-title"')
    // …and with the client build's hashed entry script, which is served.
    const manifest = JSON.parse(
      readFileSync(join(appDir, 'dist', '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; isEntry?: boolean }>
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)
    if (!entry) throw new Error('the client build has no entry chunk')
    expect(html).toContain(`/${entry.file}`)
    const script = await fetch(`${url}/${entry.file}`, { signal: AbortSignal.timeout(10_000) })
    expect(script.status).toBe(200)
    expect(script.headers.get('content-type')).toContain('javascript')
    await script.arrayBuffer()
    // The other public pages, the client-rendered sign-in frame, a 404.
    const pages = [
      ['/projects', 200],
      ['/contact-me', 200],
      ['/login', 200],
      ['/no-such-page', 404],
      ['/sitemap.xml', 200],
    ] as const
    for (const [path, status] of pages) {
      const answer = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(30_000) })
      await answer.arrayBuffer()
      if (answer.status !== status) fail(`GET ${path} answered ${answer.status}, not ${status}`)
    }

    child.kill('SIGTERM')
    const code = await Promise.race([child.exited, Bun.sleep(30_000).then(() => null)])
    if (code === null) fail('still running 30 s after SIGTERM')
    if (code !== 0) fail(`exited with ${code} after SIGTERM`)
    // The server itself stopped cleanly (not only `bun run`): it released
    // the DATA_DIR lock and no longer listens.
    expect(existsSync(join(dataDir, 'portfolio.lock'))).toBe(false)
    const after = await fetch(`${url}/healthz`).then(
      () => 'answered',
      () => 'refused',
    )
    expect(after).toBe('refused')

    expect(changes(before, snapshot(appDir))).toEqual([])
  }, 180_000)
})

describe('reading the Dockerfile', () => {
  const build = 'FROM oven/bun:1 AS build\nWORKDIR /app\nCOPY . .\nRUN bun run build\n'
  // The runtime stage's body starts on line 7.
  const runtimeStage = (body: string) =>
    `FROM oven/bun:1 AS runtime\nWORKDIR /app\n${body}\nCMD ["bun", "run", "start"]\n`
  const runtime = (body: string) => `${build}${runtimeStage(body)}`

  test("the repository's runtime stage", () => {
    const plan = readPlan()
    expect(plan.workdir).toBe('/app')
    expect(plan.cmd).toEqual(['bun', 'run', 'start'])
    expect(plan.env.NODE_ENV).toBe('production')
    // Without it the server would run Vite at start, which production installs lack.
    expect(plan.env.SKIP_CLIENT_BUILD).toBe('1')
    expect(plan.healthcheck).toContain('/healthz')
    expect(plan.steps.map((step) => step.kind)).toContain('install')
    expect(plan.steps).toContainEqual(expect.objectContaining({ kind: 'copy-build', dest: 'dist' }))
  })

  test('continuations, comments inside them, both ENV forms', () => {
    const plan = readPlan(
      runtime(
        'ENV A=1 \\\n  # a comment\n  B="two words"\nENV C three words\nCOPY server ./server',
      ),
    )
    expect(plan.env).toEqual({ A: '1', B: 'two words', C: 'three words' })
    expect(plan.steps).toEqual([
      { kind: 'copy-context', sources: ['server'], dest: 'server', line: 11 },
    ])
  })

  test('refuses what it does not understand, with the line', () => {
    const refused = [
      ['COPY --from=build /app/node_modules ./node_modules', /Dockerfile:7: .*only \/app\/dist/],
      ['COPY --from=other /app/dist ./dist', /Dockerfile:7: .*not a build stage/],
      ['COPY --chown=bun:bun server ./server', /Dockerfile:7: .*--chown=bun:bun/],
      ['COPY client/*.ts ./client/', /Dockerfile:7: .*wildcards/],
      ['ADD server ./server', /Dockerfile:7: ADD .*not understood/],
      ['ENTRYPOINT ["tini", "--"]', /Dockerfile:7: ENTRYPOINT/],
      ['RUN apt-get install -y curl', /Dockerfile:7: RUN .*not understood/],
    ] as const
    for (const [body, error] of refused) expect(() => readPlan(runtime(body))).toThrow(error)
    expect(() => readPlan(`${build}${runtimeStage('CMD bun run start')}`)).toThrow(/exec form/)
    const noBuild = 'FROM oven/bun:1 AS build\nWORKDIR /app\nRUN bun install\n'
    expect(() =>
      readPlan(`${noBuild}${runtimeStage('COPY --from=build /app/dist ./dist')}`),
    ).toThrow(/no RUN bun run build/)
  })

  test('.dockerignore: anchored at the context root, directories, negation', () => {
    const dir = tempDir('dockerignore')
    writeFileSync(
      join(dir, '.dockerignore'),
      '# comment\nnode_modules\n/dist/\n**/*.log\n!keep.log\n',
    )
    const ignored = dockerignore(dir)
    expect(ignored('node_modules')).toBe(true)
    expect(ignored('node_modules/react/index.js')).toBe(true)
    expect(ignored('server/node_modules')).toBe(false)
    expect(ignored('dist/index.html')).toBe(true)
    expect(ignored('server/debug.log')).toBe(true)
    expect(ignored('keep.log')).toBe(false)
    expect(ignored('server/index.ts')).toBe(false)
  })
})
