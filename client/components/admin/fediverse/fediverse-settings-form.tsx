import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import {
  type ActivityPubSettings,
  activityPubSettingsInput,
  FEDERATED_TYPES,
} from '../../../../src/schemas/activitypub'
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

type FederatedType = (typeof FEDERATED_TYPES)[number]

interface Values {
  enabled: boolean
  handle: string
  object_type: FederatedType
  approve_follows: boolean
  federate_projects: boolean
  delete_account: boolean
}

const typeLabels: Record<FederatedType, string> = {
  Article: 'Article',
  Note: 'Note',
}

function valuesOf(saved: ActivityPubSettings): Values {
  return {
    enabled: saved.enabled,
    handle: saved.handle_set ?? '',
    object_type: saved.object_type,
    approve_follows: saved.approve_follows,
    federate_projects: saved.federate_projects,
    delete_account: false,
  }
}

/**
 * Settings → Fediverse: whether the site is an account people follow from
 * Mastodon, its handle, how notes federate and whether follows wait for
 * approval. Off until SITE_URL is a public https address; the form says why.
 */
export function FediverseSettingsForm() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const { data: saved } = useSuspenseQuery(trpc.activityPub.settings.queryOptions())
  const save = useMutation(trpc.activityPub.saveSettings.mutationOptions())

  const form = useSchemaForm({
    initial: () => valuesOf(saved),
    schema: activityPubSettingsInput,
    toInput: (values: Values) => ({
      enabled: values.enabled,
      handle: values.handle.trim() === '' ? null : values.handle.trim(),
      object_type: values.object_type,
      approve_follows: values.approve_follows,
      federate_projects: values.federate_projects,
      delete_account: !values.enabled && saved.enabled ? values.delete_account : undefined,
    }),
    save: async (data) => {
      const after = await save.mutateAsync(data)
      queryClient.setQueryData(trpc.activityPub.settings.queryKey(), after)
      await queryClient.invalidateQueries(trpc.activityPub.followers.queryFilter())
      form.reset(valuesOf(after))
      toast.success(
        after.enabled
          ? `Federation is on: people can follow ${after.account}.`
          : 'Federation is off.',
      )
    },
    failure: 'The fediverse settings could not be saved.',
    onSaved: () => {},
  })
  const { values } = form
  const enabledError = form.errorOf('enabled')
  const typeError = form.errorOf('object_type')
  const host = saved.account.split('@').at(-1) ?? ''
  const account = `@${values.handle.trim() || saved.handle}@${host}`

  return (
    <form
      onSubmit={form.onSubmit}
      aria-labelledby="fediverse-settings-title"
      noValidate
      className={`space-y-6 ${cardClass}`}
    >
      <div className="space-y-1">
        <h2 id="fediverse-settings-title" className="text-xl font-bold tracking-tight text-strong">
          The site as an account
        </h2>
        <p className="text-sm text-muted">
          People on Mastodon and other fediverse servers follow{' '}
          <strong className="text-strong">{account}</strong>; your published notes appear in their
          timelines, and their replies come back to your Conversations.
        </p>
      </div>

      {!saved.available ? (
        <p
          role="note"
          className="rounded-lg border border-line bg-surface-sunken px-3 py-2 text-sm text-body"
        >
          {saved.unavailable_reason}
        </p>
      ) : null}

      <div className="space-y-2">
        <CheckboxField
          id="fediverse-enabled"
          label="Let people follow this site from the fediverse"
          hint="Off: the account, its notes and its inbox answer nothing."
          checked={values.enabled}
          onChange={(checked) => form.set('enabled', checked)}
        />
        {enabledError ? (
          <p id="fediverse-enabled-error" className="text-sm text-danger-ink">
            {enabledError}
          </p>
        ) : null}
        {saved.enabled && !values.enabled ? (
          <CheckboxField
            id="fediverse-delete-account"
            label="Also delete the account on followers' servers"
            hint="Sends Delete for the account to every follower's server and forgets the followers. Without it, they keep following a silent account."
            checked={values.delete_account}
            onChange={(checked) => form.set('delete_account', checked)}
          />
        ) : null}
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          id="fediverse-handle"
          label="Handle"
          hint={`Letters, digits or underscores. Empty: your username${saved.handle_set ? '' : ` (${saved.handle})`}. Changing it later breaks links to the old one.`}
          field={form.text('handle')}
          autoComplete="off"
        />
        <Field
          id="fediverse-type"
          label="Notes federate as"
          hint="Article: the whole note, which Mastodon shows as its title and a link. Note: a short post of the title, the summary and a link."
          error={typeError}
        >
          <select
            id="fediverse-type"
            className={inputClass}
            value={values.object_type}
            onChange={(event) => form.set('object_type', event.target.value as FederatedType)}
            {...describedBy('fediverse-type', { hint: true, error: typeError })}
          >
            {FEDERATED_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type]}
              </option>
            ))}
          </select>
        </Field>
      </div>

      <CheckboxField
        id="fediverse-approve"
        label="Approve each follower"
        hint="Follows wait in the list below until you approve them; otherwise they are accepted at once."
        checked={values.approve_follows}
        onChange={(checked) => form.set('approve_follows', checked)}
      />

      <CheckboxField
        id="fediverse-projects"
        label="Federate projects too"
        hint="Published projects reach followers as articles, with their images; taken out of publication, they are deleted there."
        checked={values.federate_projects}
        onChange={(checked) => form.set('federate_projects', checked)}
      />

      <section aria-labelledby="fediverse-profile-title" className="space-y-2">
        <h3 id="fediverse-profile-title" className="text-base font-semibold text-strong">
          What followers see
        </h3>
        <p className="text-sm text-muted">
          Your name, headline, bio, photo and profile links (each verified with rel="me") come from
          the Profile screen; the header image is the home page's link preview.
        </p>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-body">Account</dt>
          <dd className="text-muted">{account}</dd>
          <dt className="font-medium text-body">Address</dt>
          <dd className="break-all text-muted">{saved.actor_url}</dd>
          <dt className="font-medium text-body">Followers</dt>
          <dd className="text-muted">
            {saved.followers}
            {saved.pending ? `, ${saved.pending} waiting for approval` : ''}
          </dd>
        </dl>
      </section>

      <ErrorAlert message={form.action.error} />
      <button type="submit" className={primaryButtonClass} disabled={form.action.saving}>
        {form.action.saving ? 'Saving…' : 'Save fediverse settings'}
      </button>
    </form>
  )
}
