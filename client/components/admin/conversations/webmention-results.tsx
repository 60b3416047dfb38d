import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { failureText } from '../../../lib/admin-errors'
import { formatDate } from '../../../lib/inbox'
import { useTrpc } from '../../../lib/trpc'
import { PendingIndicator } from '../../pending-indicator'
import { ErrorAlert } from '../ui/form-controls'
import { Badge } from '../ui/list-parts'
import { EmptyState, SectionCard } from '../ui/section-card'
import { useSessionEnd } from '../ui/use-session-end'

type Tone = Parameters<typeof Badge>[0]['tone']

const receivedStatuses = {
  queued: { label: 'Queued', tone: 'amber' },
  accepted: { label: 'Accepted', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'slate' },
  removed: { label: 'Removed', tone: 'slate' },
} as const satisfies Record<string, { label: string; tone: Tone }>

const sentStatuses = {
  pending: { label: 'Pending', tone: 'amber' },
  sent: { label: 'Sent', tone: 'green' },
  'no-endpoint': { label: 'No endpoint', tone: 'slate' },
  failed: { label: 'Failed', tone: 'red' },
} as const satisfies Record<string, { label: string; tone: Tone }>

/** An address as read in a list: no scheme, no trailing slash (the link keeps it whole). */
function shortAddress(url: string): string {
  return url.replace(/^https?:\/\//i, '').replace(/\/$/, '')
}

/** An address as a link (in a new tab, telling the other site nothing of this screen). */
function Address({ url }: { url: string }) {
  if (!/^https?:\/\//i.test(url)) return <span className="wrap-anywhere">{url}</span>
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="wrap-anywhere text-strong underline decoration-line-strong underline-offset-2 hover:decoration-current"
    >
      {shortAddress(url)}
    </a>
  )
}

/** A row of the entry's details: a word, then what it says. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 wrap-anywhere text-body">{children}</dd>
    </>
  )
}

function When({ label, iso }: { label: string; iso: string }) {
  return (
    <span className="text-xs whitespace-nowrap text-muted">
      {label} <time dateTime={iso}>{formatDate(iso)}</time>
    </span>
  )
}

const entryClass = 'space-y-2 p-3 sm:p-4'
const detailsClass = 'grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm'

type View = 'received' | 'sent'

/**
 * Webmentions: what other sites told this one (received, each with what the check found) and
 * what this site told the pages its notes and projects link to (sent, each with its endpoint's
 * answer). Read from `GET /api/webmentions` and `GET /api/webmentions/sent` when the screen
 * shows, without holding the rest of the screen back.
 */
export function WebmentionResults() {
  const trpc = useTrpc()
  const endSession = useSessionEnd()
  const received = useQuery(trpc.webmentions.recent.queryOptions())
  const sent = useQuery(trpc.webmentions.sent.queryOptions())
  const [view, setView] = useState<View>('received')
  const shown = view === 'received' ? received : sent
  const failure = shown.error
  // A 401: the session is over (once per failure, whatever re-renders meanwhile).
  const endSessionOnce = useRef(endSession)
  endSessionOnce.current = endSession
  useEffect(() => {
    if (failure) void endSessionOnce.current(failure)
  }, [failure])

  const views: { key: View; label: string; count: number | undefined }[] = [
    { key: 'received', label: 'Received', count: received.data?.length },
    { key: 'sent', label: 'Sent', count: sent.data?.length },
  ]

  return (
    <SectionCard id="webmentions-heading" title="Webmentions." error={null}>
      <p className="text-sm text-muted">
        Received: what other sites sent when they linked to a note or project, and what the check of
        their page found. Sent: what your notes and projects told the pages they link to, and each
        endpoint’s answer. A removal tells a page that what linked to it went to the Trash or out of
        publication.
      </p>
      <fieldset className="flex w-fit flex-wrap gap-1 rounded-card bg-surface-sunken p-1 sm:rounded-full">
        <legend className="sr-only">Show</legend>
        {views.map(({ key, label, count }) => (
          <button
            key={key}
            type="button"
            aria-pressed={view === key}
            onClick={() => setView(key)}
            className="rounded-full px-3 py-1.5 text-sm font-medium text-body hover:text-strong sm:px-4 aria-pressed:bg-surface-raised aria-pressed:text-accent-ink aria-pressed:shadow-card"
          >
            {label}
            {count === undefined ? null : <span className="text-muted"> ({count})</span>}
          </button>
        ))}
      </fieldset>

      {shown.isPending ? (
        <PendingIndicator />
      ) : failure ? (
        <ErrorAlert
          message={failureText(
            failure,
            view === 'received'
              ? 'The received Webmentions could not be read.'
              : 'The sent Webmentions could not be read.',
          )}
        />
      ) : view === 'received' ? (
        <ReceivedList entries={received.data ?? []} />
      ) : (
        <SentList entries={sent.data ?? []} />
      )}
    </SectionCard>
  )
}

interface ReceivedEntry {
  id: number
  status: keyof typeof receivedStatuses
  source: string
  target: string
  result: string | null
  received_at: string
  verified_at: string | null
}

function ReceivedList({ entries }: { entries: ReceivedEntry[] }) {
  if (entries.length === 0) {
    return (
      <EmptyState>
        None received yet. When another site links to a note or project and sends a Webmention, it
        is listed here with what the check of its page found.
      </EmptyState>
    )
  }
  return (
    <ul
      aria-label="Received Webmentions"
      className="divide-y divide-line rounded-control border border-line"
    >
      {entries.map((entry) => {
        const status = receivedStatuses[entry.status]
        return (
          <li key={entry.id} className={entryClass}>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Badge tone={status.tone}>{status.label}</Badge>
              <When label="Received" iso={entry.received_at} />
              {entry.verified_at ? <When label="Checked" iso={entry.verified_at} /> : null}
            </p>
            <dl className={detailsClass}>
              <Detail term="From">
                <Address url={entry.source} />
              </Detail>
              <Detail term="To">
                <Address url={entry.target} />
              </Detail>
              <Detail term="Result">{entry.result ?? 'Not checked yet.'}</Detail>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}

interface SentEntry {
  id: number
  source: string
  target: string
  status: keyof typeof sentStatuses
  endpoint: string | null
  result: string | null
  attempts: number
  source_gone: boolean
  updated_at: string
  sent_at: string | null
}

function SentList({ entries }: { entries: SentEntry[] }) {
  if (entries.length === 0) {
    return (
      <EmptyState>
        None sent yet. When a published note or project links to another site, that site is told,
        and what it answered is listed here.
      </EmptyState>
    )
  }
  return (
    <ul
      aria-label="Sent Webmentions"
      className="divide-y divide-line rounded-control border border-line"
    >
      {entries.map((entry) => {
        const status = sentStatuses[entry.status]
        return (
          <li key={entry.id} className={entryClass}>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <Badge tone={status.tone}>{status.label}</Badge>
              {entry.source_gone ? <Badge tone="indigo">Removal</Badge> : null}
              {entry.sent_at ? (
                <When label="Sent" iso={entry.sent_at} />
              ) : (
                <When label={entry.attempts > 0 ? 'Tried' : 'Queued'} iso={entry.updated_at} />
              )}
            </p>
            <dl className={detailsClass}>
              <Detail term="From">
                <Address url={entry.source} />
              </Detail>
              <Detail term="To">
                <Address url={entry.target} />
              </Detail>
              {entry.endpoint ? (
                <Detail term="Endpoint">
                  <span className="wrap-anywhere">{shortAddress(entry.endpoint)}</span>
                </Detail>
              ) : null}
              <Detail term="Answer">{entry.result ?? 'Not sent yet.'}</Detail>
              <Detail term="Attempts">{String(entry.attempts)}</Detail>
            </dl>
          </li>
        )
      })}
    </ul>
  )
}
