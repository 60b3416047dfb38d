import packageJson from '../package.json' with { type: 'json' }

/** The Bun versions the site runs on: package.json's `engines.bun`. */
export const supportedBun = packageJson.engines.bun

/**
 * Why this Bun cannot run the site, or undefined when it can. Older versions
 * failed in ways that named nothing (every page a 500 on one, a missing API on
 * another); this names the version and the range instead.
 */
export function unsupportedBun(version: string, range = supportedBun): string | undefined {
  if (Bun.semver.satisfies(version, range)) return undefined
  return `This site needs Bun ${range.replace('>=', '≥ ')}; this is Bun ${version}. Upgrade with \`bun upgrade\` (or \`npm install -g bun\`), then start again.`
}
