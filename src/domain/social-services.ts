/**
 * The known services a profile link may point to, for its icon (docs/social-web.md): read
 * from the address alone. A Mastodon profile is any host's `/@name` (instances are many);
 * anything else unknown is a plain link.
 */
export type SocialService =
  | 'mastodon'
  | 'bluesky'
  | 'github'
  | 'linkedin'
  | 'youtube'
  | 'x'
  | 'orcid'
  | 'rss'

const byHost: [RegExp, SocialService][] = [
  [/(^|\.)bsky\.app$/, 'bluesky'],
  [/(^|\.)github\.com$/, 'github'],
  [/(^|\.)linkedin\.com$/, 'linkedin'],
  [/(^|\.)(youtube\.com|youtu\.be)$/, 'youtube'],
  [/(^|\.)(twitter\.com|x\.com)$/, 'x'],
  [/(^|\.)orcid\.org$/, 'orcid'],
]

export function socialServiceOf(url: string): SocialService | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  const host = parsed.hostname.toLowerCase()
  for (const [pattern, service] of byHost) if (pattern.test(host)) return service
  if (/^\/@[\w.-]+\/?$/.test(parsed.pathname)) return 'mastodon'
  if (/\/(feed|rss)(\.xml)?\/?$|\.(rss|atom)$/i.test(parsed.pathname)) return 'rss'
  return null
}
