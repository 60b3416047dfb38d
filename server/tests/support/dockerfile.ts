/**
 * Reads the Dockerfile's runtime stage into a plan that docker-runtime.test.ts
 * can carry out without Docker: which files it copies, the install it runs,
 * its environment and its command. `docker build` cannot run on the machines
 * these tests run on, and a hand-kept copy of the stage would drift from the
 * Dockerfile; so the test follows the file, and any instruction this reader
 * does not understand is an error rather than something silently skipped.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, join, posix, relative } from 'node:path'

export interface Instruction {
  keyword: string
  args: string
  /** 1-based line of the instruction's first line, for error messages. */
  line: number
}

export interface Stage {
  image: string
  name?: string
  instructions: Instruction[]
}

/** Instructions joined across `\` continuations, comments and parser directives dropped. */
export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = []
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index++) {
    const start = index + 1
    let logical = ''
    let line = lines[index] ?? ''
    for (;;) {
      const trimmed = line.trim()
      // Comment lines end nothing: Docker drops them even inside a continuation.
      if (!trimmed.startsWith('#')) {
        if (!trimmed.endsWith('\\')) {
          logical += trimmed
          break
        }
        logical += `${trimmed.slice(0, -1).trim()} `
      }
      if (logical === '' || index + 1 >= lines.length) break
      line = lines[++index] ?? ''
    }
    logical = logical.trim()
    if (logical === '') continue
    const match = /^(\S+)\s*(.*)$/.exec(logical)
    if (!match) continue
    const keyword = (match[1] ?? '').toUpperCase()
    const args = match[2] ?? ''
    if (keyword === 'FROM') {
      const from = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)
      if (!from) throw new Error(`Dockerfile:${start}: FROM ${args} is not understood`)
      stages.push({ image: from[1] ?? '', name: from[2]?.toLowerCase(), instructions: [] })
      continue
    }
    const stage = stages.at(-1)
    if (!stage) throw new Error(`Dockerfile:${start}: ${keyword} before the first FROM`)
    stage.instructions.push({ keyword, args, line: start })
  }
  return stages
}

/**
 * Splits shell-like words: whitespace between them, '…' and "…" quoting
 * (also inside a word, as in `B="two words"`), backslash escapes.
 */
export function shellWords(text: string): string[] {
  const words: string[] = []
  let word: string | undefined
  let quote: '"' | "'" | undefined
  for (let index = 0; index < text.length; index++) {
    const char = text[index] ?? ''
    if (quote === "'" && char !== "'") word += char
    else if (char === '\\' && index + 1 < text.length) word = (word ?? '') + text[++index]
    else if (quote && char === quote) quote = undefined
    else if (quote) word += char
    else if (char === '"' || char === "'") {
      quote = char
      word ??= ''
    } else if (/\s/.test(char)) {
      if (word !== undefined) words.push(word)
      word = undefined
    } else word = (word ?? '') + char
  }
  if (quote) throw new Error(`unterminated ${quote} in: ${text}`)
  if (word !== undefined) words.push(word)
  return words
}

/** `ENV A=1 B="two words"` or the legacy `ENV A one value`. */
function parseEnv(args: string): Record<string, string> {
  const words = shellWords(args)
  const first = words[0]
  if (first !== undefined && !first.includes('=')) {
    return { [first]: args.trim().slice(first.length).trim() }
  }
  const env: Record<string, string> = {}
  for (const word of words) {
    const at = word.indexOf('=')
    env[word.slice(0, at)] = word.slice(at + 1)
  }
  return env
}

export type Step =
  /** COPY from the build context (the repository, minus .dockerignore). */
  | { kind: 'copy-context'; sources: string[]; dest: string; line: number }
  /** COPY --from=<the build stage> of the client build's output. */
  | { kind: 'copy-build'; source: string; dest: string; line: number }
  /** RUN bun install …, run as it is in the app directory. */
  | { kind: 'install'; argv: string[]; env: Record<string, string>; line: number }

export interface RuntimePlan {
  /** WORKDIR: the app directory, where COPY destinations and CMD are relative to. */
  workdir: string
  steps: Step[]
  /** Every ENV of the stage, in order. */
  env: Record<string, string>
  /** CMD, exec form. */
  cmd: string[]
  /** HEALTHCHECK CMD, as the shell command Docker runs (`/bin/sh -c`). */
  healthcheck?: string
  user?: string
  expose: string[]
  volumes: string[]
  /** The build stage's command whose output COPY --from takes (`bun run build`). */
  buildCommand: string
}

const globChars = /[*?[\]]/

/**
 * The plan of the stage named `runtime`. Each instruction is either carried
 * out by the test (COPY, RUN bun install, ENV, CMD, HEALTHCHECK), or has no
 * counterpart outside a container and is recorded (USER, VOLUME, EXPOSE, the
 * data directory's mkdir/chown), or is refused with its line number.
 */
export function runtimePlan(stages: Stage[], stageName = 'runtime'): RuntimePlan {
  const stage = stages.find((candidate) => candidate.name === stageName)
  if (!stage) throw new Error(`the Dockerfile has no stage "FROM … AS ${stageName}"`)
  const refuse = (instruction: Instruction, why: string): never => {
    throw new Error(
      `Dockerfile:${instruction.line}: ${instruction.keyword} ${instruction.args} — ${why}; teach server/tests/support/dockerfile.ts what it means`,
    )
  }
  let workdir: string | undefined
  const env: Record<string, string> = {}
  const steps: Step[] = []
  const plan: Omit<RuntimePlan, 'workdir' | 'cmd' | 'buildCommand'> & {
    cmd?: string[]
    buildCommand?: string
  } = { steps, env, expose: [], volumes: [] }

  const inApp = (instruction: Instruction, dest: string): string => {
    if (!workdir) return refuse(instruction, 'a COPY before WORKDIR is not understood')
    const absolute = posix.resolve(workdir, dest)
    const inside = posix.relative(workdir, absolute)
    if (inside.startsWith('..')) return refuse(instruction, `${dest} is outside WORKDIR`)
    // A trailing slash means "into this directory", which resolve() drops.
    return dest.endsWith('/') && inside !== '' ? `${inside}/` : inside === '' ? './' : inside
  }

  for (const instruction of stage.instructions) {
    const { keyword, args } = instruction
    switch (keyword) {
      case 'WORKDIR': {
        if (workdir !== undefined || steps.length > 0) {
          refuse(instruction, 'only one WORKDIR, before any COPY or RUN, is understood')
        }
        if (!args.startsWith('/')) refuse(instruction, 'a relative WORKDIR is not understood')
        workdir = args.trim()
        break
      }
      case 'ENV':
        Object.assign(env, parseEnv(args))
        break
      case 'COPY': {
        if (args.trim().startsWith('[')) refuse(instruction, 'the JSON form is not understood')
        const words = shellWords(args)
        const flags = words.filter((word) => word.startsWith('--'))
        const paths = words.filter((word) => !word.startsWith('--'))
        const dest = paths.pop()
        if (!dest || paths.length === 0) refuse(instruction, 'needs a source and a destination')
        if (paths.some((path) => globChars.test(path))) {
          refuse(instruction, 'wildcards are not understood')
        }
        const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length)
        const unknown = flags.filter((flag) => !flag.startsWith('--from='))
        if (unknown.length > 0) refuse(instruction, `${unknown.join(' ')} is not understood`)
        if (from === undefined) {
          steps.push({
            kind: 'copy-context',
            sources: paths,
            dest: inApp(instruction, dest ?? ''),
            line: instruction.line,
          })
          break
        }
        const buildStage = stages.find((candidate) => candidate.name === from.toLowerCase())
        if (!buildStage || buildStage === stage) {
          refuse(instruction, `--from=${from} is not a build stage of this Dockerfile`)
        }
        const build = buildStagePlan(buildStage as Stage, refuse)
        if (paths.length !== 1) refuse(instruction, 'one source from another stage is understood')
        const source = posix.relative(build.workdir, posix.resolve(build.workdir, paths[0] ?? ''))
        // Only the client build's output is known: anything else of the build
        // stage (its node_modules with devDependencies, say) has no local twin.
        if (source !== 'dist') {
          refuse(
            instruction,
            `only ${build.workdir}/dist (the output of ${build.command}) is known`,
          )
        }
        plan.buildCommand = build.command
        steps.push({
          kind: 'copy-build',
          source,
          dest: inApp(instruction, dest ?? ''),
          line: instruction.line,
        })
        break
      }
      case 'RUN': {
        const command = args.trim()
        const words = shellWords(command)
        if (words[0] === 'bun' && words[1] === 'install' && !/[;&|<>$`]/.test(command)) {
          steps.push({ kind: 'install', argv: words, env: { ...env }, line: instruction.line })
          break
        }
        // The volume for DATA_DIR, made writable for USER: the test gives the
        // server a temp DATA_DIR instead.
        const dataDir = env.DATA_DIR
        const prepare = /^mkdir -p (\S+) && chown -R \S+ (\S+)$/.exec(command)
        if (dataDir && prepare && prepare[1] === dataDir && prepare[2] === dataDir) break
        refuse(instruction, 'this RUN command is not understood')
        break
      }
      case 'USER':
        plan.user = args.trim()
        break
      case 'VOLUME': {
        const list = args.trim().startsWith('[') ? JSON.parse(args) : shellWords(args)
        plan.volumes.push(...(list as string[]))
        break
      }
      case 'EXPOSE':
        plan.expose.push(...shellWords(args))
        break
      case 'LABEL':
        break
      case 'HEALTHCHECK': {
        const match = /^(?:--\S+\s+)*CMD\s+(.+)$/is.exec(args.trim())
        if (args.trim().toUpperCase() === 'NONE') plan.healthcheck = undefined
        else if (!match) refuse(instruction, 'not understood')
        else {
          const command = (match[1] ?? '').trim()
          plan.healthcheck = command.startsWith('[')
            ? (JSON.parse(command) as string[]).join(' ')
            : command
        }
        break
      }
      case 'CMD': {
        let cmd: unknown
        try {
          cmd = JSON.parse(args)
        } catch {
          // The shell form puts /bin/sh in front of bun as PID 1, and sh does
          // not pass SIGTERM on: `docker stop` would end in a SIGKILL.
          refuse(instruction, 'only the exec form (a JSON array) is understood')
        }
        if (!Array.isArray(cmd) || !cmd.every((word) => typeof word === 'string')) {
          refuse(instruction, 'the exec form must be an array of strings')
        }
        plan.cmd = cmd as string[]
        break
      }
      default:
        refuse(instruction, 'this instruction is not understood')
    }
  }
  if (!workdir) throw new Error(`the ${stageName} stage has no WORKDIR`)
  if (!plan.cmd) throw new Error(`the ${stageName} stage has no CMD`)
  return { ...plan, workdir, cmd: plan.cmd, buildCommand: plan.buildCommand ?? '' }
}

/**
 * What the build stage is known to do: copy the context, `RUN bun run build`.
 * Its output is then the repository's own dist/ after that same command.
 */
function buildStagePlan(
  stage: Stage,
  refuse: (instruction: Instruction, why: string) => never,
): { workdir: string; command: string } {
  let workdir = '/'
  let command: string | undefined
  for (const instruction of stage.instructions) {
    const args = instruction.args.trim()
    if (instruction.keyword === 'WORKDIR') workdir = args
    if (instruction.keyword === 'RUN' && args === 'bun run build') command = args
  }
  if (!command) {
    const last = stage.instructions.at(-1)
    if (!last) throw new Error(`the ${stage.name} stage is empty`)
    refuse(last, `the ${stage.name} stage has no RUN bun run build`)
  }
  return { workdir, command: command ?? '' }
}

/**
 * .dockerignore as Docker reads it: patterns relative to the context root
 * (`node_modules` is only the top-level one), `**` across directories, a
 * match on a directory excludes what is in it, the last matching pattern
 * wins and `!` re-includes.
 */
export function dockerignore(contextDir: string): (relativePath: string) => boolean {
  const path = join(contextDir, '.dockerignore')
  const rules = existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '' && !line.startsWith('#'))
        .map((line) => {
          const negate = line.startsWith('!')
          const pattern = posix
            .normalize((negate ? line.slice(1) : line).trim())
            .replace(/^\/+/, '')
            .replace(/\/+$/, '')
          return { negate, glob: new Bun.Glob(pattern) }
        })
    : []
  return (relativePath) => {
    const parts = relativePath.split('/')
    let ignored = false
    for (const rule of rules) {
      for (let depth = 1; depth <= parts.length; depth++) {
        if (rule.glob.match(parts.slice(0, depth).join('/'))) {
          ignored = !rule.negate
          break
        }
      }
    }
    return ignored
  }
}

/** Carries out one COPY from the context: Docker's rules for files, directories and `dest/`. */
export function copyFromContext(
  contextDir: string,
  appDir: string,
  sources: string[],
  dest: string,
  ignored: (relativePath: string) => boolean,
): void {
  const intoDirectory = dest.endsWith('/') || sources.length > 1
  for (const source of sources) {
    const relativeSource = posix.normalize(source).replace(/^\/+/, '').replace(/\/+$/, '')
    const from = join(contextDir, relativeSource)
    if (relativeSource === '.' || relativeSource === '' || relativeSource.startsWith('..')) {
      throw new Error(`COPY ${source}: only paths inside the context are understood`)
    }
    if (!existsSync(from) || ignored(relativeSource)) {
      throw new Error(`COPY ${source}: not in the build context (missing or in .dockerignore)`)
    }
    if (statSync(from).isDirectory()) {
      // A directory's contents go to dest, whatever dest's trailing slash.
      const to = join(appDir, dest)
      mkdirSync(to, { recursive: true })
      for (const entry of readdirSync(from)) {
        cpSync(join(from, entry), join(to, entry), {
          preserveTimestamps: true,
          recursive: true,
          filter: (path) => !ignored(relative(contextDir, path)),
        })
      }
    } else {
      const to = intoDirectory ? join(appDir, dest, basename(from)) : join(appDir, dest)
      mkdirSync(join(to, '..'), { recursive: true })
      cpSync(from, to, { preserveTimestamps: true })
    }
  }
}
