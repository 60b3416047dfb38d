import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { contentFieldLabels } from '../../../../src/domain/content-kinds'
import type { Revision } from '../../../../src/schemas/revisions'
import { failureText } from '../../../lib/admin-errors'
import { CheckboxField, cardClass, ErrorAlert, smallButtonClass } from '../ui/form-controls'
import { useToast } from '../ui/toasts'
import { useSessionEnd } from '../ui/use-session-end'

/** Column names as the forms call them. */
const fieldLabels: Record<string, string> = {
  // A kind's columns (src/domain/content-kinds.ts), then the profile's.
  ...contentFieldLabels,
  name: 'Name',
  birth_year: 'Birth year',
  email: 'Email',
  university: 'University',
  major: 'Major',
  focus: 'Focus',
  minor: 'Minor',
  headline: 'Headline',
  linkedin_url: 'LinkedIn URL',
  fediverse_account: 'Fediverse account',
  atproto_did: 'Bluesky DID',
  orcid: 'ORCID iD',
  github_url: 'GitHub URL',
  photo_url: 'Photo URL',
  accent_color: 'Accent colour',
  show_age: 'Show my age',
  bio: 'About',
  skills: 'Skills',
  location: 'Location',
  links: 'Links',
}

/** A field's name for people: its label, else the column name in words. */
export function fieldLabel(field: string): string {
  const known = fieldLabels[field]
  if (known) return known
  const words = field.replace(/_/g, ' ')
  return words.charAt(0).toUpperCase() + words.slice(1)
}

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })

const shown = (value: string) => (value === 'true' ? 'Yes' : value === 'false' ? 'No' : value)

/**
 * The History of a project or of the profile: each save that changed
 * something, newest first, with what it changed (before → after), and a
 * button that brings back the version from before that save. The restore
 * is itself a save: it shows up here as the newest entry.
 */
export function RevisionHistory<TError, TKey extends QueryKey>({
  query,
  restore,
  wide,
  publishedOption,
}: {
  /** As wide as a wide form (the project's). */
  wide?: boolean
  query: UseQueryOptions<Revision[], TError, Revision[], TKey>
  /**
   * Writes the version kept by this revision back; resolves once the screen
   * shows it. `restorePublished`: its published state too (else the current one stays).
   */
  restore: (revisionId: number, restorePublished: boolean) => Promise<void>
  /** The item has a published state (a project): offer to restore it too, off by default. */
  publishedOption?: boolean
}) {
  const { data: revisions, isPending, refetch } = useQuery(query)
  const toast = useToast()
  const endSession = useSessionEnd()
  const [pending, setPending] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [withPublished, setWithPublished] = useState(false)

  async function restoreOne(revision: Revision) {
    const state = !publishedOption
      ? ''
      : withPublished
        ? ' Its published state comes back too.'
        : ' It stays published or draft as it is now.'
    const question = `Bring back the version from before the save of ${when(revision.saved_at)}? The form shows it; what it holds now stays in the history.${state}`
    if (!window.confirm(question)) return
    setError(null)
    setPending(revision.id)
    try {
      await restore(revision.id, publishedOption === true && withPublished)
      await refetch()
      toast.success(`Restored the version from before ${when(revision.saved_at)}.`)
    } catch (caught) {
      if (await endSession(caught)) return
      setError(failureText(caught, 'That version could not be restored.'))
    } finally {
      setPending(null)
    }
  }

  return (
    <section
      aria-labelledby="history-title"
      className={`mx-auto mt-6 w-full ${wide ? 'max-w-5xl' : 'max-w-2xl'} space-y-4 ${cardClass}`}
    >
      <div className="space-y-1">
        <h2 id="history-title" className="text-xl font-bold tracking-tight text-strong">
          History.
        </h2>
        <p className="text-sm text-muted">
          Each save keeps the version before it (the last 50). Restore brings one back.
        </p>
      </div>
      {publishedOption ? (
        <CheckboxField
          id="history-restore-published"
          label="Also restore its published state"
          hint="Off: a restore keeps the project published or draft as it is now."
          checked={withPublished}
          onChange={setWithPublished}
        />
      ) : null}
      <ErrorAlert message={error} />
      {isPending ? (
        <p className="text-sm text-muted">Loading the history…</p>
      ) : !revisions || revisions.length === 0 ? (
        <p className="text-sm text-muted">No earlier versions yet: they appear after a save.</p>
      ) : (
        <ol className="space-y-3">
          {revisions.map((revision) => {
            const nameId = `revision-${revision.id}`
            return (
              <li key={revision.id} className="rounded-control border border-line p-3 sm:p-4">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p id={nameId} className="font-medium text-strong">
                      Saved {when(revision.saved_at)}
                    </p>
                    <p className="text-sm text-muted">
                      Changed: {revision.changed.map(fieldLabel).join(', ')}
                    </p>
                  </div>
                  <button
                    type="button"
                    className={`${smallButtonClass} shrink-0`}
                    aria-describedby={nameId}
                    disabled={pending !== null}
                    onClick={() => void restoreOne(revision)}
                  >
                    Restore the version before
                  </button>
                </div>
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm font-medium text-accent-ink">
                    Show changes
                  </summary>
                  <dl className="mt-3 space-y-3 text-sm">
                    {revision.changes.map((change) => (
                      <div key={change.field} className="space-y-1">
                        <dt className="font-semibold text-strong">{fieldLabel(change.field)}</dt>
                        <dd className="grid gap-1 sm:grid-cols-2 sm:gap-3">
                          <del className="block max-h-48 overflow-auto rounded-md border border-danger-line bg-danger-soft px-2 py-1 whitespace-pre-wrap wrap-anywhere text-danger-ink no-underline">
                            <span className="block text-xs font-semibold">Before</span>
                            {shown(change.before) || <em className="text-muted">(empty)</em>}
                          </del>
                          <ins className="block max-h-48 overflow-auto rounded-md border border-success-line bg-success-soft px-2 py-1 whitespace-pre-wrap wrap-anywhere text-strong no-underline">
                            <span className="block text-xs font-semibold text-success-ink">
                              After
                            </span>
                            {shown(change.after) || <em className="text-muted">(empty)</em>}
                          </ins>
                        </dd>
                      </div>
                    ))}
                  </dl>
                </details>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
