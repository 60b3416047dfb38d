import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { NewsletterMode, Subscriber } from '../../../../src/schemas/newsletter'
import { formatDate } from '../../../lib/inbox'
import { useTrpc } from '../../../lib/trpc'
import { FilePickButton } from '../media/upload-controls'
import {
  CheckboxField,
  cardClass,
  ErrorAlert,
  primaryButtonClass,
  secondaryButtonClass,
  smallButtonClass,
} from '../ui/form-controls'
import { sentenceOf } from '../ui/rest-call'
import { EmptyState } from '../ui/section-card'
import { useToast } from '../ui/toasts'

const stateLabels: Record<Subscriber['state'], string> = {
  pending: 'Waiting for confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
  bounced: 'Bounced',
}

const dateOr = (iso: string | null) => (iso ? formatDate(iso) : '—')

/** Settings → Newsletter: the mode, the counts, every email sent, every address, the CSV. */
export function NewsletterPanel() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const { data } = useSuspenseQuery(trpc.newsletter.overview.queryOptions())
  const refresh = () => queryClient.invalidateQueries(trpc.newsletter.pathFilter())
  const [mode, setMode] = useState<NewsletterMode>(data.mode)
  const [error, setError] = useState<string | null>(null)
  const [csv, setCsv] = useState<{ name: string; text: string } | null>(null)
  const [consent, setConsent] = useState(false)
  const saveMode = useMutation(trpc.newsletter.setMode.mutationOptions())
  const erase = useMutation(trpc.newsletter.erase.mutationOptions())
  const importCsv = useMutation(trpc.newsletter.import.mutationOptions())

  async function run(action: () => Promise<void>) {
    setError(null)
    try {
      await action()
    } catch (failure) {
      setError(sentenceOf(failure))
    }
  }

  async function exportCsv() {
    const file = await queryClient.fetchQuery({
      ...trpc.newsletter.export.queryOptions(),
      staleTime: 0,
    })
    const url = URL.createObjectURL(new Blob([file.csv], { type: 'text/csv' }))
    const link = document.createElement('a')
    link.href = url
    link.download = file.filename
    link.click()
    URL.revokeObjectURL(url)
  }

  return (
    <div className="space-y-6">
      <ErrorAlert message={error} />
      {data.mail_server ? null : (
        <p className="rounded-control bg-warning-soft px-4 py-3 text-sm text-warning-ink ring-1 ring-warning-line">
          No mail server is set: emails wait until one is (NEWSLETTER_SMTP_URL or SMTP_URL, or
          Settings → Notifications).
        </p>
      )}
      <section aria-labelledby="newsletter-mode" className={`space-y-4 ${cardClass}`}>
        <h2 id="newsletter-mode" className="text-xl font-bold tracking-tight text-strong">
          When to send
        </h2>
        <fieldset className="space-y-2">
          <legend className="text-sm text-muted">
            Notes marked "Email to subscribers" in their form go out:
          </legend>
          {(
            [
              ['each', 'An email for each note, when it goes live'],
              ['weekly', 'A weekly digest of the week’s notes (sent on Mondays, UTC)'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="flex items-center gap-2 text-sm text-body">
              <input
                type="radio"
                name="newsletter-mode"
                value={value}
                checked={mode === value}
                onChange={() => setMode(value)}
                className="size-4 accent-accent"
              />
              {label}
            </label>
          ))}
        </fieldset>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={saveMode.isPending || mode === data.mode}
          onClick={() =>
            run(async () => {
              await saveMode.mutateAsync({ mode })
              await refresh()
              toast.success('Newsletter setting saved.')
            })
          }
        >
          Save
        </button>
      </section>

      <section aria-labelledby="newsletter-sent" className={`space-y-4 ${cardClass}`}>
        <h2 id="newsletter-sent" className="text-xl font-bold tracking-tight text-strong">
          Emails sent
        </h2>
        {data.issues.length === 0 ? (
          <EmptyState>No note has been emailed yet.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Written
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Sent
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Waiting
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Bounced
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Failed
                  </th>
                </tr>
              </thead>
              <tbody className="text-body">
                {data.issues.map((issue) => (
                  <tr key={issue.id} className="border-t border-line">
                    <td className="py-2 pr-4">{issue.subject}</td>
                    <td className="py-2 pr-4">{formatDate(issue.created_at)}</td>
                    <td className="py-2 pr-4">{issue.sent}</td>
                    <td className="py-2 pr-4">{issue.pending}</td>
                    <td className="py-2 pr-4">{issue.bounced}</td>
                    <td className="py-2">{issue.failed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="newsletter-subscribers" className={`space-y-4 ${cardClass}`}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="newsletter-subscribers" className="text-xl font-bold tracking-tight text-strong">
            Subscribers
          </h2>
          <button type="button" className={secondaryButtonClass} onClick={() => run(exportCsv)}>
            Export CSV
          </button>
        </div>
        <p className="text-sm text-muted">
          {data.counts.confirmed} confirmed, {data.counts.pending} waiting for confirmation,{' '}
          {data.counts.unsubscribed} unsubscribed, {data.counts.bounced} bounced.
        </p>
        {data.subscribers.length === 0 ? (
          <EmptyState>No one has subscribed yet.</EmptyState>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-muted">
                <tr>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Address
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    State
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Subscribed
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Consent
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Left or bounced
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="text-body">
                {data.subscribers.map((subscriber) => (
                  <tr key={subscriber.id} className="border-t border-line">
                    <td className="py-2 pr-4 break-all">{subscriber.email}</td>
                    <td className="py-2 pr-4">{stateLabels[subscriber.state]}</td>
                    <td className="py-2 pr-4">{formatDate(subscriber.created_at)}</td>
                    <td className="py-2 pr-4">{dateOr(subscriber.consent_at)}</td>
                    <td className="py-2 pr-4">
                      {dateOr(subscriber.bounced_at ?? subscriber.unsubscribed_at)}
                    </td>
                    <td className="py-2 text-right">
                      <button
                        type="button"
                        className={`${smallButtonClass} whitespace-nowrap`}
                        aria-label={`Erase ${subscriber.email}`}
                        onClick={() => {
                          if (!window.confirm(`Erase ${subscriber.email} for good?`)) return
                          void run(async () => {
                            await erase.mutateAsync({ id: subscriber.id })
                            await refresh()
                            toast.success(`${subscriber.email} erased.`)
                          })
                        }}
                      >
                        Erase
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="newsletter-import" className={`space-y-4 ${cardClass}`}>
        <h2 id="newsletter-import" className="text-xl font-bold tracking-tight text-strong">
          Import a CSV
        </h2>
        <p className="text-sm text-muted">
          A header row naming an <code>email</code> column (an exported file works). Addresses
          already here are left as they are.
        </p>
        <FilePickButton
          text="Choose CSV file"
          label="CSV file"
          accept=".csv,text/csv"
          onFiles={([file]) => {
            if (file) void file.text().then((text) => setCsv({ name: file.name, text }))
          }}
        />
        <CheckboxField
          id="newsletter-consent"
          label="These people agreed to get my notes by email"
          hint="They are then confirmed at once. Otherwise each gets a confirmation email first."
          checked={consent}
          onChange={setConsent}
        />
        <button
          type="button"
          className={primaryButtonClass}
          disabled={!csv || importCsv.isPending}
          onClick={() =>
            run(async () => {
              if (!csv) return
              const result = await importCsv.mutateAsync({ csv: csv.text, consent })
              await refresh()
              setCsv(null)
              toast.success(
                `${result.added} added (${result.confirmed} confirmed, ${result.pending} waiting for confirmation), ${result.unchanged} already here${result.invalid.length ? `; no address on lines ${result.invalid.join(', ')}` : ''}.`,
              )
            })
          }
        >
          Import
        </button>
      </section>
    </div>
  )
}
