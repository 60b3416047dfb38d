/**
 * GitHub names, as pure rules shared by the server and the admin screens.
 * Owners: letters, digits and single hyphens (at most 39); repository
 * names: letters, digits, `.`, `-`, `_` (at most 100). GitHub compares both
 * without regard to case, so the stored key is lower-cased.
 */
const ownerPattern = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/
const namePattern = /^[A-Za-z0-9._-]{1,100}$/

export interface RepoName {
  owner: string
  name: string
  /** `owner/name` as written. */
  full_name: string
  /** `owner/name`, lower-cased: one per repository. */
  key: string
}

/** `owner/name` (as `POST /api/github/import` takes it), or null when it is not one. */
export function parseRepoName(value: string): RepoName | null {
  const parts = value.trim().split('/')
  if (parts.length !== 2) return null
  const [owner = '', rawName = ''] = parts
  const name = rawName.replace(/\.git$/i, '')
  if (!ownerPattern.test(owner) || !namePattern.test(name) || name === '.' || name === '..') {
    return null
  }
  const full_name = `${owner}/${name}`
  return { owner, name, full_name, key: full_name.toLowerCase() }
}

/** The path segments of an http(s) link to github.com (with or without `www.`), or null. */
function githubPath(url: string | null | undefined): string[] | null {
  if (!url) return null
  let parsed: URL
  try {
    parsed = new URL(url.trim())
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null
  if (!/^(www\.)?github\.com$/i.test(parsed.hostname)) return null
  return parsed.pathname.split('/').filter(Boolean)
}

/**
 * The repository a project's `repo_url` names when it is one on GitHub
 * (`https://github.com/{owner}/{repo}`, with or without `www.`, `.git`, a
 * trailing slash or a deeper path such as `/tree/main`); null otherwise.
 */
export function repoNameFromUrl(url: string | null | undefined): RepoName | null {
  const [owner, name] = githubPath(url) ?? []
  if (!owner || !name) return null
  return parseRepoName(`${owner}/${name}`)
}

/** The GitHub user a profile link names (`https://github.com/{user}`), or null. */
export function githubUserFromUrl(url: string | null | undefined): string | null {
  const [user] = githubPath(url) ?? []
  return user && ownerPattern.test(user) ? user : null
}

/** A repository's name as a title: `my-cool_tool` → `My Cool Tool`; `vite.config` → `Vite Config`. */
export function readableRepoName(name: string): string {
  const words = name
    .replace(/\.git$/i, '')
    .split(/[-_.\s]+/)
    .filter(Boolean)
  if (words.length === 0) return name
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ')
}
