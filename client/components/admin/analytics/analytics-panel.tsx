import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, type ReactNode, Suspense, useState } from 'react'
import type { AnalyticsSummary } from '../../../../src/schemas/analytics'
import {
  chartSummary,
  csvFileName,
  type DayRange,
  dayRanges,
  deviceName,
  longDay,
  percentOf,
  referrerName,
} from '../../../lib/analytics'
import { useTrpc } from '../../../lib/trpc'
import { cardClass, smallButtonClass } from '../ui/form-controls'
import { restCall, sentenceOf } from '../ui/rest-call'
import { EmptyState, SectionCard } from '../ui/section-card'
import { useToast } from '../ui/toasts'

// The chart library comes with the chart only: no other screen fetches it.
const ViewsChart = lazy(() => import('../../charts/views-chart'))

const CHART_HEIGHT = 'h-[18rem]'
const headClass = 'py-2 text-xs font-semibold tracking-wide text-muted uppercase'
const thClass = `${headClass} pr-3 text-left`
const numberThClass = `${headClass} text-right whitespace-nowrap`
const tdClass = 'py-2 pr-3 align-top text-sm text-strong'
const numberTdClass = 'py-2 text-right align-top text-sm text-strong tabular-nums'

/** The 7 / 30 / 90 days switch: links, so the range is in the address and survives a reload. */
function RangeSwitch({ days }: { days: DayRange }) {
  return (
    <nav aria-label="Range">
      <ul className="inline-flex rounded-full border border-line-strong bg-surface-raised p-0.5 text-sm">
        {dayRanges.map((range) => (
          <li key={range}>
            <Link
              to="/admin/analytics"
              search={{ days: range }}
              activeOptions={{ exact: true, includeSearch: true }}
              activeProps={{}}
              aria-current={range === days ? 'page' : undefined}
              className={`inline-flex min-h-9 items-center rounded-full px-3.5 font-medium transition-colors ${
                range === days
                  ? 'bg-accent text-on-accent'
                  : 'text-body hover:bg-surface-sunken hover:text-strong'
              }`}
            >
              {range} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The server's CSV of the range, fetched with the token and saved as a file. */
function ExportButton({ days }: { days: DayRange }) {
  const toast = useToast()
  const [busy, setBusy] = useState(false)

  async function download() {
    setBusy(true)
    try {
      const response = await restCall(
        'GET',
        `/api/analytics.csv?days=${days}`,
        undefined,
        'The export failed',
      )
      const url = URL.createObjectURL(await response.blob())
      const link = document.createElement('a')
      link.href = url
      link.download = csvFileName(days, response.headers.get('content-disposition'))
      link.click()
      URL.revokeObjectURL(url)
      toast.success(`Exported as ${link.download}.`)
    } catch (failure) {
      toast.error(sentenceOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <button type="button" className={smallButtonClass} onClick={download} disabled={busy}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </button>
  )
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-line px-4 py-3">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tracking-tight text-strong tabular-nums">
        {value.toLocaleString('en-GB')}
      </dd>
    </div>
  )
}

/** Every day of the range, newest first: the chart's numbers for anyone who cannot see it. */
function DailyTable({ daily }: { daily: AnalyticsSummary['daily'] }) {
  return (
    <details className="group">
      <summary className="cursor-pointer text-sm font-medium text-accent-ink hover:underline">
        Day by day as a table
      </summary>
      <div className="mt-3">
        <table className="w-full">
          <caption className="sr-only">Views and visitors per day</caption>
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className={thClass}>
                Day (UTC)
              </th>
              <th scope="col" className={numberThClass}>
                Views
              </th>
              <th scope="col" className={`${numberThClass} pl-3`}>
                Visitors
              </th>
            </tr>
          </thead>
          <tbody>
            {[...daily].reverse().map((day) => (
              <tr key={day.date} className="border-b border-line last:border-0">
                <th scope="row" className={`${tdClass} font-normal`}>
                  {longDay(day.date)}
                </th>
                <td className={numberTdClass}>{day.views}</td>
                <td className={numberTdClass}>{day.visitors}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}

interface Column<T> {
  label: string
  numeric?: boolean
  cell: (row: T) => ReactNode
}

/** One of the breakdowns (pages, referrers, devices, share links) in its own card. */
function BreakdownCard<T>({
  id,
  title,
  rows,
  rowKey,
  columns,
  empty,
  footer,
}: {
  id: string
  title: string
  rows: readonly T[]
  rowKey: (row: T) => string
  columns: Column<T>[]
  empty: string
  footer?: ReactNode
}) {
  return (
    <section aria-labelledby={id} className={`space-y-3 ${cardClass}`}>
      <h2 id={id} className="text-lg font-bold tracking-tight text-strong">
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full">
            <thead>
              <tr className="border-b border-line">
                {columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={column.numeric ? `${numberThClass} pl-3` : thClass}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={rowKey(row)} className="border-b border-line last:border-0">
                  {columns.map((column) => (
                    <td
                      key={column.label}
                      className={
                        column.numeric ? `${numberTdClass} pl-3` : `${tdClass} wrap-anywhere`
                      }
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {footer}
    </section>
  )
}

const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

/** `22 Nov 2026` in the reader's way of writing dates. */
function dayOf(iso: string): string {
  return dayFormat.format(new Date(iso))
}

const linkClass = 'font-medium text-accent-ink underline-offset-2 hover:underline'

/**
 * The Analytics screen: the range switch, totals, views and visitors per
 * day (chart, sentence and table), then top pages, referrers, devices and
 * share links; the CSV export of the range.
 */
export function AnalyticsPanel({ days }: { days: DayRange }) {
  const trpc = useTrpc()
  const { data: summary } = useSuspenseQuery(trpc.analytics.summary.queryOptions({ days }))
  const empty = summary.totals.views === 0
  const describedBy = 'analytics-chart-summary'

  return (
    <div className="space-y-6">
      <SectionCard
        id="analytics-heading"
        title="Visits."
        action={
          <div className="flex flex-wrap items-center gap-2">
            <RangeSwitch days={days} />
            <ExportButton days={days} />
          </div>
        }
        error={null}
      >
        <dl className="grid grid-cols-2 gap-3 sm:max-w-md">
          <Total label="Views" value={summary.totals.views} />
          <Total label="Visitors" value={summary.totals.visitors} />
        </dl>
        <p className="text-sm text-muted">
          The last {days} days, today included (days in UTC). A view is a page the server sent: the
          first page of a visit, a reload, a new tab (moving between pages in the browser is not
          seen). Visitors are counted once a day each; your own visits and robots are not counted.{' '}
          <a href="/privacy" className={linkClass}>
            What is counted
          </a>
          .
        </p>
        {empty ? (
          <EmptyState>
            Nothing counted in the last {days} days yet. Views of the public pages show here within
            seconds: open the site in a private window, or send a share link.
          </EmptyState>
        ) : (
          <figure className="space-y-3" aria-describedby={describedBy}>
            <figcaption className="text-sm font-semibold text-strong">Per day</figcaption>
            <p id={describedBy} className="sr-only">
              {chartSummary(summary.daily, days)}
            </p>
            <Suspense
              fallback={
                <div className={`${CHART_HEIGHT} animate-pulse rounded-xl bg-surface-sunken`} />
              }
            >
              <ViewsChart daily={summary.daily} />
            </Suspense>
            <DailyTable daily={summary.daily} />
          </figure>
        )}
      </SectionCard>

      <div className="grid gap-6 xl:grid-cols-2">
        <BreakdownCard
          id="analytics-pages"
          title="Top pages"
          rows={summary.pages}
          rowKey={(row) => row.path}
          empty="No page views in this range."
          columns={[
            { label: 'Page', cell: (row) => row.path },
            { label: 'Views', numeric: true, cell: (row) => row.views },
          ]}
        />
        <BreakdownCard
          id="analytics-referrers"
          title="Top referrers"
          rows={summary.referrers}
          rowKey={(row) => row.host}
          empty="No visits from other sites in this range."
          columns={[
            { label: 'Site', cell: (row) => referrerName(row.host) },
            { label: 'Views', numeric: true, cell: (row) => row.views },
          ]}
        />
        <BreakdownCard
          id="analytics-devices"
          title="Devices"
          rows={summary.devices}
          rowKey={(row) => row.device}
          empty="No page views in this range."
          columns={[
            { label: 'Device', cell: (row) => deviceName(row.device) },
            { label: 'Views', numeric: true, cell: (row) => row.views },
            {
              label: 'Share',
              numeric: true,
              cell: (row) => percentOf(row.views, summary.totals.views),
            },
          ]}
        />
        <BreakdownCard
          id="analytics-share-links"
          title="Share links"
          rows={summary.share_links}
          rowKey={(row) => String(row.id)}
          empty="No share links yet."
          columns={[
            { label: 'Link', cell: (row) => row.name },
            { label: 'Views', numeric: true, cell: (row) => row.views },
            { label: 'Visitors', numeric: true, cell: (row) => row.visitors },
            {
              label: 'Last visit',
              numeric: true,
              // The day only: the Share links screen has the time.
              cell: (row) => (row.last_seen ? dayOf(row.last_seen) : 'Never'),
            },
          ]}
          footer={
            <p className="text-sm">
              <Link to="/admin/share-links" className={linkClass}>
                Manage share links
              </Link>
            </p>
          }
        />
      </div>
    </div>
  )
}
