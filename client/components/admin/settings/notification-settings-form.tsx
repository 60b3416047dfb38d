import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import {
  type NotificationSettings,
  notificationSettingsInput,
  SMTP_SECURITY,
  type SmtpSecurity,
} from '../../../../src/schemas/notifications'
import { useTrpc } from '../../../lib/trpc'
import {
  CheckboxField,
  cardClass,
  describedBy,
  ErrorAlert,
  Field,
  inputClass,
  primaryButtonClass,
  TextField,
} from '../ui/form-controls'
import { useToast } from '../ui/toasts'
import { useSchemaForm } from '../ui/use-schema-form'

interface Values {
  smtp_host: string
  smtp_port: string
  smtp_security: SmtpSecurity
  smtp_user: string
  /** Blank: the saved one stays. */
  smtp_password: string
  remove_password: boolean
  email_from: string
  email_to: string
  /** Blank: the saved one stays. */
  webhook_url: string
  remove_webhook: boolean
}

const securityLabels: Record<SmtpSecurity, string> = {
  tls: 'TLS (usually port 465)',
  starttls: 'STARTTLS (usually port 587)',
  none: 'None (a local relay only)',
}

function valuesOf(saved: NotificationSettings): Values {
  return {
    smtp_host: saved.smtp_host,
    smtp_port: String(saved.smtp_port),
    smtp_security: saved.smtp_security,
    smtp_user: saved.smtp_user,
    smtp_password: '',
    remove_password: false,
    email_from: saved.email_from,
    email_to: saved.email_to,
    webhook_url: '',
    remove_webhook: false,
  }
}

/** What the screen says of a saved secret: set, none, or to be typed again. */
function secretHint(state: NotificationSettings['smtp_password'], what: string): string {
  if (state === 'set') return `A ${what} is saved; it is never shown. Leave this empty to keep it.`
  if (state === 'unreadable') {
    return `The saved ${what} came sealed with another server's key and cannot be read here: type it again.`
  }
  return `No ${what} is saved.`
}

/**
 * Settings → Notifications: the mail server, the sender and recipient, and
 * the webhook, saved on the server (secrets sealed, never sent back) and in
 * effect at once. What the environment sets wins, and the form says so.
 */
export function NotificationSettingsForm() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const { data: saved } = useSuspenseQuery(trpc.notifications.settings.queryOptions())
  const save = useMutation(trpc.notifications.saveSettings.mutationOptions())

  const form = useSchemaForm({
    initial: () => valuesOf(saved),
    schema: notificationSettingsInput,
    toInput: (values: Values) => ({
      smtp_host: values.smtp_host,
      smtp_port: /^\s*\d+\s*$/.test(values.smtp_port) ? Number(values.smtp_port) : values.smtp_port,
      smtp_security: values.smtp_security,
      smtp_user: values.smtp_user,
      smtp_password: values.remove_password ? null : values.smtp_password || undefined,
      email_from: values.email_from,
      email_to: values.email_to,
      webhook_url: values.remove_webhook ? null : values.webhook_url.trim() || undefined,
    }),
    save: async (data) => {
      const after = await save.mutateAsync(data)
      queryClient.setQueryData(trpc.notifications.settings.queryKey(), after)
      await queryClient.invalidateQueries(trpc.notifications.status.queryFilter())
      form.reset(valuesOf(after))
      toast.success('Alert settings saved. They apply to the next alert.')
    },
    failure: 'The alert settings could not be saved.',
    onSaved: () => {},
  })
  const { values } = form
  const portError = form.errorOf('smtp_port')
  const securityError = form.errorOf('smtp_security')
  const passwordError = form.errorOf('smtp_password')
  const webhookError = form.errorOf('webhook_url')

  return (
    <form
      onSubmit={form.onSubmit}
      aria-labelledby="alert-settings-title"
      noValidate
      className={`space-y-6 ${cardClass}`}
    >
      <div className="space-y-1">
        <h2 id="alert-settings-title" className="text-xl font-bold tracking-tight text-strong">
          Where alerts go
        </h2>
        <p className="text-sm text-muted">
          Saved here, a change applies to the next alert, on every instance, with no restart. The
          password and the webhook's address are kept sealed and never shown again.
        </p>
      </div>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-strong">Email</legend>
        {saved.environment.email ? (
          <p
            role="note"
            className="rounded-lg border border-line bg-surface-sunken px-3 py-2 text-sm text-body"
          >
            SMTP_URL is set in the server's environment: email alerts go through it, and the mail
            server below is not used while it is set.
          </p>
        ) : null}
        <div className="grid gap-4 md:grid-cols-2">
          <TextField
            id="smtp-host"
            label="Mail server"
            hint="Your provider's SMTP host, e.g. smtp.example.com. Empty: no email alerts."
            field={form.text('smtp_host')}
            autoComplete="off"
          />
          <Field id="smtp-port" label="Port" error={portError}>
            <input
              id="smtp-port"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className={inputClass}
              value={values.smtp_port}
              onChange={(event) => form.set('smtp_port', event.target.value)}
              {...describedBy('smtp-port', { error: portError })}
            />
          </Field>
          <Field id="smtp-security" label="Security" error={securityError}>
            <select
              id="smtp-security"
              className={inputClass}
              value={values.smtp_security}
              onChange={(event) => form.set('smtp_security', event.target.value as SmtpSecurity)}
              {...describedBy('smtp-security', { error: securityError })}
            >
              {SMTP_SECURITY.map((security) => (
                <option key={security} value={security}>
                  {securityLabels[security]}
                </option>
              ))}
            </select>
          </Field>
          <TextField
            id="smtp-user"
            label="User name"
            hint="Empty: the server takes mail without signing in."
            field={form.text('smtp_user')}
            autoComplete="off"
          />
          <div className="space-y-2">
            <Field
              id="smtp-password"
              label="Password"
              hint={secretHint(saved.smtp_password, 'password')}
              error={passwordError}
            >
              <input
                id="smtp-password"
                type="password"
                autoComplete="new-password"
                className={inputClass}
                value={values.smtp_password}
                disabled={values.remove_password}
                onChange={(event) => form.set('smtp_password', event.target.value)}
                {...describedBy('smtp-password', { hint: true, error: passwordError })}
              />
            </Field>
            {saved.smtp_password !== 'none' ? (
              <CheckboxField
                id="smtp-password-remove"
                label="Remove the saved password"
                checked={values.remove_password}
                onChange={(checked) => form.set('remove_password', checked)}
              />
            ) : null}
          </div>
          <TextField
            id="email-to"
            label="Recipient"
            hint="Where alerts go. Empty: the email in your profile."
            field={form.text('email_to')}
            autoComplete="email"
          />
          <TextField
            id="email-from"
            label="Sender"
            hint="Many providers need an address of your own domain, e.g. Portfolio <alerts@example.com>. Empty: portfolio@ this site's host."
            field={form.text('email_from')}
            autoComplete="off"
          />
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-strong">Webhook</legend>
        {saved.environment.webhook ? (
          <p
            role="note"
            className="rounded-lg border border-line bg-surface-sunken px-3 py-2 text-sm text-body"
          >
            NOTIFY_WEBHOOK_URL is set in the server's environment: webhook alerts go there, and the
            address below is not used while it is set.
          </p>
        ) : null}
        <div className="space-y-2">
          <Field
            id="webhook-url"
            label="Webhook URL"
            hint={`Alerts are POSTed here as JSON (ntfy, Slack, Discord or any receiver). ${secretHint(saved.webhook.state, 'webhook address')}${saved.webhook.host ? ` Now: ${saved.webhook.host}.` : ''}`}
            error={webhookError}
          >
            <input
              id="webhook-url"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              className={inputClass}
              value={values.webhook_url}
              disabled={values.remove_webhook}
              onChange={(event) => form.set('webhook_url', event.target.value)}
              {...describedBy('webhook-url', { hint: true, error: webhookError })}
            />
          </Field>
          {saved.webhook.state !== 'none' ? (
            <CheckboxField
              id="webhook-remove"
              label="Remove the saved webhook"
              checked={values.remove_webhook}
              onChange={(checked) => form.set('remove_webhook', checked)}
            />
          ) : null}
        </div>
      </fieldset>

      <ErrorAlert message={form.action.error} />
      <button type="submit" className={primaryButtonClass} disabled={form.action.saving}>
        {form.action.saving ? 'Saving…' : 'Save alert settings'}
      </button>
    </form>
  )
}
