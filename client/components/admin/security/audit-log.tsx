import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { type AuditGroup, auditGroups } from '../../../../src/schemas/security'
import { AUDIT_PAGE_SIZE } from '../../../lib/admin-audit'
import { failureText } from '../../../lib/admin-errors'
import { useTrpc } from '../../../lib/trpc'
import {
  cardClass,
  ErrorAlert,
  Field,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
  smallButtonClass,
} from '../ui/form-controls'
import { actionLabel, auditGroupLabels, entrySummary } from './audit-labels'

export interface AuditFilter {
  group?: AuditGroup
  from?: string
  to?: string
}

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' })

/** The audit log, newest first, filtered by kind and days, 50 entries a page. */
export function AuditLog() {
  const trpc = useTrpc()
  const [filter, setFilter] = useState<AuditFilter>({})
  /** The `before` of each page shown so far: the last one is the current page. */
  const [pages, setPages] = useState<(number | undefined)[]>([undefined])
  const before = pages.at(-1)
  const query = useQuery({
    ...trpc.audit.list.queryOptions({ ...filter, before, limit: AUDIT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  })

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const value = (name: string) => String(form.get(name) ?? '') || undefined
    const group = value('group')
    setFilter({
      group: auditGroups.find((name) => name === group),
      from: value('from'),
      to: value('to'),
    })
    setPages([undefined])
  }

  const entries = query.data?.entries ?? []
  const next = query.data?.next_before ?? null
  const error = query.isError
    ? failureText(query.error, 'The audit log could not be loaded.')
    : null

  return (
    <section aria-labelledby="audit-heading" className={`space-y-4 ${cardClass}`}>
      <h2 id="audit-heading" className="sr-only">
        Entries
      </h2>
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:items-end"
        onSubmit={apply}
        aria-label="Filter the audit log"
      >
        <Field id="audit-group" label="Kind">
          <select id="audit-group" name="group" defaultValue="" className={inputClass}>
            <option value="">Everything</option>
            {auditGroups.map((group) => (
              <option key={group} value={group}>
                {auditGroupLabels[group]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-from" label="From">
          <input id="audit-from" name="from" type="date" className={inputClass} />
        </Field>
        <Field id="audit-to" label="To">
          <input id="audit-to" name="to" type="date" className={inputClass} />
        </Field>
        <div className="sm:col-span-3">
          <button type="submit" className={primaryButtonClass}>
            Apply
          </button>
        </div>
      </form>
      <ErrorAlert message={error} />
      {entries.length === 0 && !query.isPending ? (
        <p className="rounded-control border border-line px-4 py-6 text-center text-muted">
          Nothing recorded for this filter.
        </p>
      ) : null}
      {/* On a phone: one entry under the other, every word whole (a table would squeeze them). */}
      <ul
        aria-label="Audit log entries"
        className="divide-y divide-line rounded-control border border-line text-sm sm:hidden"
      >
        {entries.map((entry) => (
          <li key={entry.id} className="space-y-1 px-4 py-3">
            <p className="font-medium text-strong">
              {actionLabel(entry.action)}
              {entry.actor ? (
                <span className="font-normal text-muted"> · {entry.actor}</span>
              ) : null}
            </p>
            <p className="wrap-break-word text-body">{entrySummary(entry)}</p>
            <p className="text-xs text-muted">
              <time dateTime={entry.created_at}>{formatTime(entry.created_at)}</time> ·{' '}
              {entry.ip ?? 'no address'}
            </p>
          </li>
        ))}
      </ul>
      {/* From the small breakpoint up; scrolls sideways if it must, focusable so the keyboard can too. */}
      <section
        aria-label="Audit log entries"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
        tabIndex={0}
        className="hidden overflow-x-auto rounded-control border border-line focus-visible:outline-2 focus-visible:outline-accent-ink sm:block"
      >
        <table className="w-full min-w-[34rem] text-left text-sm">
          <caption className="sr-only">Audit log, newest first</caption>
          <thead className="bg-surface text-sm font-semibold text-body">
            <tr>
              {['Time and address', 'Action', 'Details'].map((label) => (
                <th key={label} scope="col" className="px-4 py-3">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {entries.map((entry) => (
              <tr key={entry.id} className="align-top">
                <td className="px-4 py-3 whitespace-nowrap text-muted">
                  <time dateTime={entry.created_at}>{formatTime(entry.created_at)}</time>
                  <span className="block text-xs text-muted">{entry.ip ?? 'no address'}</span>
                </td>
                <td className="px-4 py-3 font-medium text-strong">
                  {actionLabel(entry.action)}
                  {entry.actor ? (
                    <span className="block text-xs font-normal text-muted">{entry.actor}</span>
                  ) : null}
                </td>
                <td className="max-w-md px-4 py-3 wrap-break-word text-body">
                  {entrySummary(entry)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <nav aria-label="Audit log pages" className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className={smallButtonClass}
          disabled={pages.length === 1}
          onClick={() => setPages((list) => list.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={next === null}
          onClick={() => setPages((list) => [...list, next ?? undefined])}
        >
          Older
        </button>
        <span className="text-sm text-muted">Page {pages.length}</span>
      </nav>
    </section>
  )
}
