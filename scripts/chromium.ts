/**
 * The Chromium of every browser run (the e2e journeys, `bun run
 * screenshots`, `bun run lighthouse`): the system's (CHROMIUM_PATH, else
 * `chromium` on the PATH; the journeys take its headless shell when
 * installed), never a download, with the flags that keep it talking to
 * nobody but the server under test. Node-compatible: the Playwright config
 * loads it too.
 */
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name)
    if (dir && existsSync(candidate)) return candidate
  }
  return undefined
}

/** Undefined when there is none: Playwright then uses its own, if installed. */
export const chromiumPath: string | undefined =
  process.env.CHROMIUM_PATH ||
  (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined) ||
  onPath('chromium') ||
  onPath('chromium-browser')

/** No sandbox (containers), no GPU, no QUIC, and no calls home of its own. */
export const chromiumFlags: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** What `chromium.launch` takes: the browser (`bun run screenshots`). */
export const chromiumLaunchOptions = { executablePath: chromiumPath, args: [...chromiumFlags] }

/**
 * The journeys' Chromium: CHROMIUM_PATH when set, else Debian's headless shell when installed
 * (package chromium-headless-shell: the same Chromium source and version as the browser, built
 * without the browser's window machinery; the build Playwright itself runs headless tests on),
 * else the browser. The same journeys, on 2 cores, ran in 140 s on 237 core-seconds with the
 * shell against 192 s on 352 with the browser (docs/decisions/0386-ci-under-30-minutes.md).
 * Lighthouse and the screenshots a person looks at keep the browser, as visitors have it.
 */
export const journeyChromiumPath: string | undefined =
  process.env.CHROMIUM_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell')
    ? '/usr/bin/chromium-headless-shell'
    : undefined) ||
  onPath('chromium-headless-shell') ||
  chromiumPath

/** Playwright's `use.launchOptions` for the journeys. */
export const journeyLaunchOptions = {
  executablePath: journeyChromiumPath,
  args: [...chromiumFlags],
}
