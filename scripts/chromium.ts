/**
 * The one Chromium of every browser run (the e2e journeys, `bun run
 * screenshots`, `bun run lighthouse`): the system's (CHROMIUM_PATH, else
 * `chromium` on the PATH), never a download, with the flags that keep it
 * talking to nobody but the server under test. Node-compatible: the
 * Playwright config loads it too.
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

/** What `chromium.launch` and Playwright's `use.launchOptions` take. */
export const chromiumLaunchOptions = { executablePath: chromiumPath, args: [...chromiumFlags] }
