import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { failureText } from '../../../lib/admin-errors'
import { formatDate } from '../../../lib/inbox'
import { useTrpc } from '../../../lib/trpc'
import { smallButtonClass } from '../ui/form-controls'
import { SectionCard } from '../ui/section-card'
import { useToast } from '../ui/toasts'
import { useSessionEnd } from '../ui/use-session-end'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-semibold text-body">{label}</dt>
      <dd className="text-sm wrap-anywhere text-strong">{children}</dd>
    </div>
  )
}

/** Settings → Notifications: whether alerts go out, how the last went, and a test. */
export function NotificationsPanel() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const endSession = useSessionEnd()
  const { data: status } = useSuspenseQuery(trpc.notifications.status.queryOptions())
  const test = useMutation(trpc.notifications.test.mutationOptions())
  const [error, setError] = useState<string | null>(null)
  const configured = status.email.configured || status.webhook.configured

  async function sendTest() {
    setError(null)
    try {
      const after = await test.mutateAsync()
      queryClient.setQueryData(trpc.notifications.status.queryKey(), after)
      if (after.pending > 0 && after.last_error) {
        setError(`The test could not be sent yet: ${after.last_error}`)
      } else toast.success('Test alert sent.')
    } catch (caught) {
      if (await endSession(caught)) return
      setError(failureText(caught, 'The test alert could not be sent.'))
    }
  }

  return (
    <SectionCard
      id="alerts-heading"
      title="Message alerts"
      action={
        <button
          type="button"
          className={smallButtonClass}
          onClick={sendTest}
          disabled={!configured || test.isPending}
        >
          {test.isPending ? 'Sending…' : 'Send test'}
        </button>
      }
      error={error}
    >
      <p className="text-sm text-muted">
        An alert goes out for every message that is not spam, by email, to a webhook, or both (set
        below, or by SMTP_URL and NOTIFY_WEBHOOK_URL in the server's environment); alerts that
        cannot be sent are retried until they are.
      </p>
      <dl className="divide-y divide-line border-y border-line">
        <Row label="Email">
          {status.email.configured
            ? `Configured, to ${status.email.to ?? 'the profile email'}`
            : 'Not configured'}
        </Row>
        <Row label="Webhook">
          {status.webhook.configured ? `Configured (${status.webhook.host})` : 'Not configured'}
        </Row>
        <Row label="Waiting to be sent">{String(status.pending)}</Row>
        <Row label="Last delivery">
          {status.last_delivery_at ? (
            <time dateTime={status.last_delivery_at}>{formatDate(status.last_delivery_at)}</time>
          ) : (
            'None yet'
          )}
        </Row>
        <Row label="Last error">
          {status.last_error && status.last_error_at ? (
            <>
              <time dateTime={status.last_error_at}>{formatDate(status.last_error_at)}</time>:{' '}
              {status.last_error}
            </>
          ) : (
            'None'
          )}
        </Row>
      </dl>
    </SectionCard>
  )
}
