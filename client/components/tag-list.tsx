import { Link } from '@tanstack/react-router'

/** Tag chips, each a link to the projects (or the notes) with that tag (`/projects?tag=…`). */
export function TagList({
  tags,
  size = 'sm',
  list = '/projects',
}: {
  tags: readonly string[]
  size?: 'sm' | 'md'
  list?: '/projects' | '/notes'
}) {
  // A repeated tag says nothing new, and unique tags make stable keys.
  const unique = [...new Set(tags)]
  if (unique.length === 0) return null
  const chip =
    size === 'md'
      ? 'rounded-full bg-accent-soft px-3 py-1 text-sm font-medium text-accent-ink ring-1 ring-accent-soft ring-inset'
      : 'rounded-full bg-surface-sunken px-2.5 py-0.5 text-xs font-medium text-muted'
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-2">
      {unique.map((tag) => (
        <li key={tag} className="flex">
          {/* Above a card's stretched title link, so a chip is its own target. */}
          <Link
            to={list}
            search={{ tag }}
            className={`relative z-10 wrap-anywhere hover:underline ${chip}`}
          >
            {tag}
          </Link>
        </li>
      ))}
    </ul>
  )
}
