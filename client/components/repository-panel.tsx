import type { ReactNode } from 'react'
import type { Repo } from '../../src/schemas/github'

/**
 * A project's GitHub repository as the server last stored it: plain
 * server-rendered markup (no script of its own), read from the project
 * answer. Pages never ask GitHub; the data may be up to GITHUB_REFRESH old.
 */

/** GitHub's colours (linguist) for the most common languages; others get a steady hue of their own (a short list: it ships in the public entry). */
const languageColors: Record<string, string> = {
  TypeScript: '#3178c6',
  JavaScript: '#f1e05a',
  Python: '#3572a5',
  Java: '#b07219',
  Go: '#00add8',
  Rust: '#dea584',
  'C++': '#f34b7d',
  'C#': '#178600',
  HTML: '#e34c26',
  CSS: '#663399',
  Shell: '#89e051',
  'Jupyter Notebook': '#da5b0b',
}

export function languageColor(name: string): string {
  const known = languageColors[name]
  if (known) return known
  let hash = 0
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0
  return `hsl(${hash % 360} 55% 50%)`
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** "3 days ago", "last month": how long ago, in the largest whole unit. */
export function timeAgo(iso: string, now: Date): string {
  const elapsed = Date.parse(iso) - now.getTime()
  for (const [unit, ms] of units) {
    // Whole units, as GitHub counts: 20 months ago is "last year", not "2 years ago".
    if (Math.abs(elapsed) >= ms) return relative.format(Math.trunc(elapsed / ms), unit)
  }
  return 'just now'
}

/** The exact date and time, in UTC, for the `title`. */
function exactDate(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  })
}

const count = new Intl.NumberFormat('en')

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-1 truncate text-base font-semibold text-strong">{children}</dd>
    </div>
  )
}

/** The project page's panel: stars, forks, languages, last push, licence, Archived. */
export function RepositoryPanel({ repo, now = new Date() }: { repo: Repo; now?: Date }) {
  const languages = repo.languages.filter((language) => language.share > 0)
  return (
    <div className="mt-4 card p-5" data-testid="repository-panel">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <p className="min-w-0 font-mono text-sm font-semibold wrap-anywhere text-strong">
          {repo.full_name}
        </p>
        {repo.archived ? (
          <span className="rounded-full bg-warning-soft px-2.5 py-0.5 text-xs font-semibold text-warning-ink ring-1 ring-warning-line">
            Archived
          </span>
        ) : null}
      </div>
      {repo.description ? <p className="mt-2 text-sm text-muted">{repo.description}</p> : null}
      <dl className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Fact label="Stars">{count.format(repo.stars)}</Fact>
        <Fact label="Forks">{count.format(repo.forks)}</Fact>
        <Fact label="Licence">{repo.license ?? 'None'}</Fact>
        <Fact label="Last push">
          {repo.pushed_at ? (
            <time
              dateTime={repo.pushed_at}
              title={exactDate(repo.pushed_at)}
              // The server's and the browser's clocks may round differently.
              suppressHydrationWarning
            >
              {timeAgo(repo.pushed_at, now)}
            </time>
          ) : (
            'Never'
          )}
        </Fact>
      </dl>
      {languages.length > 0 ? (
        <div className="mt-5">
          <p className="text-xs font-semibold tracking-wide text-muted uppercase">Languages</p>
          <div
            aria-hidden="true"
            className="mt-2 flex h-2 overflow-hidden rounded-full bg-surface-sunken"
          >
            {languages.map((language) => (
              <span
                key={language.name}
                className="h-full"
                style={{
                  width: `${language.share * 100}%`,
                  backgroundColor: languageColor(language.name),
                }}
              />
            ))}
          </div>
          <ul aria-label="Languages" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {languages.map((language) => (
              <li key={language.name} className="inline-flex items-center gap-1.5">
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full"
                  style={{ backgroundColor: languageColor(language.name) }}
                />
                <span className="font-medium text-strong">{language.name}</span>
                <span className="text-muted">{formatShare(language.share)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

function formatShare(share: number): string {
  const percent = share * 100
  return percent < 0.1 ? '<0.1%' : `${percent < 10 ? percent.toFixed(1) : Math.round(percent)}%`
}
