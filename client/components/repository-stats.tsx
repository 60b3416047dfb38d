import type { Repo } from '../../src/schemas/github'

/**
 * A project card's line about its GitHub repository: the stars and the main
 * language, from the stored data. Kept apart from the project page's panel
 * (repository-panel.tsx), so the cards, in the public entry, carry only this.
 */
export function RepositoryStats({ repo }: { repo: Repo }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs font-medium text-muted">
      <span className="inline-flex items-center gap-1">
        <svg viewBox="0 0 16 16" width="14" height="14" fill="currentColor" aria-hidden="true">
          <path d="M8 .25l2.3 4.7 5.2.75-3.75 3.66.9 5.16L8 12.07l-4.65 2.45.9-5.16L.5 5.7l5.2-.75z" />
        </svg>
        {repo.stars.toLocaleString('en')}
        <span className="sr-only"> {repo.stars === 1 ? 'star' : 'stars'} on GitHub</span>
      </span>
      {repo.language ? <span>{repo.language}</span> : null}
    </p>
  )
}
