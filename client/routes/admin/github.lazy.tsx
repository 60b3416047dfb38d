import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createLazyFileRoute, Link } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type {
  GithubImportResult,
  GithubRefreshResult,
  GithubRepoListItem,
} from '../../../src/schemas/github'
import {
  cardClass,
  ErrorAlert,
  primaryButtonClass,
  StatusMessage,
  secondaryButtonClass,
} from '../../components/admin/ui/form-controls'
import { Badge } from '../../components/admin/ui/list-parts'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { failureText } from '../../lib/admin-errors'
import { plural } from '../../lib/analytics'
import { useTrpc } from '../../lib/trpc'

export const Route = createLazyFileRoute('/admin/github')({
  component: GitHubScreen,
})

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })
const count = new Intl.NumberFormat()

function RepoOption({
  repo,
  checked,
  onChange,
}: {
  repo: GithubRepoListItem
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = `repo-${repo.full_name.replace(/[^a-z0-9]+/gi, '-')}`
  return (
    <li className="flex gap-3 p-3 sm:p-4">
      <input
        id={id}
        type="checkbox"
        className="mt-1 size-4 shrink-0 accent-accent"
        checked={repo.imported || checked}
        disabled={repo.imported}
        aria-describedby={`${id}-details`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <label htmlFor={id} className="font-mono text-sm font-semibold wrap-anywhere text-strong">
            {repo.full_name}
          </label>
          {repo.fork ? <Badge tone="slate">Fork</Badge> : null}
          {repo.archived ? <Badge tone="amber">Archived</Badge> : null}
          {repo.imported ? <Badge tone="green">Imported</Badge> : null}
        </div>
        <div id={`${id}-details`} className="space-y-1">
          {repo.description ? (
            <p className="text-sm wrap-anywhere text-muted">{repo.description}</p>
          ) : null}
          <p className="text-xs text-muted">
            {[
              repo.language,
              `${count.format(repo.stars)} ${repo.stars === 1 ? 'star' : 'stars'}`,
              repo.pushed_at ? `pushed ${dateFormat.format(new Date(repo.pushed_at))}` : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
      </div>
    </li>
  )
}

function ImportResultView({ result }: { result: GithubImportResult }) {
  return (
    <div className="space-y-3 text-sm">
      {result.created.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-body">
          {result.created.map((project) => (
            <li key={project.id}>
              <Link
                to="/admin/projects/edit/$id"
                params={{ id: String(project.id) }}
                className="font-medium text-accent-ink hover:underline"
              >
                Edit {project.title}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {result.skipped.length > 0 ? (
        <div>
          <h3 className="font-semibold text-strong">Not imported</h3>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-muted">
            {result.skipped.map((entry) => (
              <li key={entry.full_name}>
                {entry.full_name}: {entry.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  )
}

function refreshText(result: GithubRefreshResult): string {
  const parts = [
    `${plural(result.updated + result.unchanged, 'repository', 'repositories')} up to date`,
    result.unavailable > 0 ? `${result.unavailable} no longer on GitHub` : null,
    result.failed > 0 ? `${result.failed} could not be fetched` : null,
  ].filter(Boolean)
  const limited = result.rate_limited_until
    ? ` GitHub's rate limit stops the rest until ${new Date(result.rate_limited_until).toLocaleTimeString()}.`
    : ''
  return `Refreshed: ${parts.join(', ')}.${limited}`
}

function GitHubScreen() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const repos = useQuery({ ...trpc.github.repos.queryOptions(), retry: false })
  const importing = useMutation(trpc.github.import.mutationOptions())
  const refreshing = useMutation(trpc.github.refresh.mutationOptions())
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const [result, setResult] = useState<GithubImportResult | null>(null)
  const [refreshError, setRefreshError] = useState<string | null>(null)
  const [refreshDone, setRefreshDone] = useState<string | null>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    setDone(null)
    setResult(null)
    if (chosen.size === 0) {
      setError('Choose at least one repository.')
      return
    }
    try {
      const imported = await importing.mutateAsync({ repos: [...chosen] })
      setResult(imported)
      setChosen(new Set())
      setDone(
        imported.created.length > 0
          ? `Imported ${plural(imported.created.length, 'repository', 'repositories')} as draft projects.`
          : 'Nothing imported.',
      )
      await Promise.all([
        queryClient.invalidateQueries(trpc.projects.pathFilter()),
        queryClient.invalidateQueries(trpc.github.repos.pathFilter()),
      ])
    } catch (failure) {
      setError(failureText(failure, 'The import failed.'))
    }
  }

  async function refresh() {
    setRefreshError(null)
    setRefreshDone(null)
    try {
      setRefreshDone(refreshText(await refreshing.mutateAsync()))
      await queryClient.invalidateQueries(trpc.projects.pathFilter())
    } catch (failure) {
      setRefreshError(failureText(failure, 'The refresh failed.'))
    }
  }

  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Import from GitHub."
        lead="Your public repositories become draft projects, kept up to date."
      />
      <section aria-labelledby="github-repos-title" className={`space-y-4 ${cardClass}`}>
        <h2 id="github-repos-title" className="text-xl font-bold tracking-tight text-strong">
          Your repositories
        </h2>
        <p className="text-sm text-muted">
          The public repositories of the GitHub account in your{' '}
          <Link to="/admin/profile" className="font-medium text-accent-ink hover:underline">
            profile
          </Link>
          , last pushed first. Each one you import becomes a draft project: its name, description,
          topics, languages, website and README filled in, ready for you to edit and publish.
        </p>
        {repos.isPending ? <p className="text-sm text-muted">Asking GitHub…</p> : null}
        {repos.isError ? (
          <div className="space-y-3">
            <ErrorAlert
              message={failureText(repos.error, 'Your repositories could not be listed.')}
            />
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={() => void repos.refetch()}
            >
              Try again
            </button>
          </div>
        ) : null}
        {repos.data ? (
          repos.data.length === 0 ? (
            <p className="text-sm text-muted">This account has no public repositories.</p>
          ) : (
            <form onSubmit={submit} className="space-y-4" noValidate>
              <fieldset>
                <legend className="text-sm font-medium text-strong">
                  Repositories to import ({chosen.size} chosen)
                </legend>
                <ul className="mt-2 divide-y divide-line rounded-control border border-line">
                  {repos.data.map((repo) => (
                    <RepoOption
                      key={repo.full_name}
                      repo={repo}
                      checked={chosen.has(repo.full_name)}
                      onChange={(checked) =>
                        setChosen((current) => {
                          const next = new Set(current)
                          if (checked) next.add(repo.full_name)
                          else next.delete(repo.full_name)
                          return next
                        })
                      }
                    />
                  ))}
                </ul>
              </fieldset>
              <ErrorAlert message={error} />
              <StatusMessage message={done} />
              {result ? <ImportResultView result={result} /> : null}
              <button type="submit" className={primaryButtonClass} disabled={importing.isPending}>
                {importing.isPending ? 'Importing…' : 'Import selected'}
              </button>
            </form>
          )
        ) : null}
      </section>
      <section aria-labelledby="github-refresh-title" className={`space-y-3 ${cardClass}`}>
        <h2 id="github-refresh-title" className="text-xl font-bold tracking-tight text-strong">
          Repository data
        </h2>
        <p className="text-sm text-muted">
          Stars, forks, languages and the last push of every project's repository are fetched by the
          server and refreshed every few hours; visitors see the stored copy. Each project shows
          when it was last fetched, and any error, in the project list.
        </p>
        <ErrorAlert message={refreshError} />
        <StatusMessage message={refreshDone} />
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={refresh}
          disabled={refreshing.isPending}
        >
          {refreshing.isPending ? 'Refreshing…' : 'Refresh now'}
        </button>
      </section>
    </div>
  )
}
