import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { useState } from 'react'
import {
  type ShareLinkStats,
  shareLinkInput,
  shareLinkLimits,
} from '../../../../src/schemas/analytics'
import { absoluteLink, plural, targetOptions } from '../../../lib/analytics'
import { formatDate } from '../../../lib/inbox'
import { useTrpc } from '../../../lib/trpc'
import {
  cardClass,
  describedBy,
  ErrorAlert,
  Field,
  inputClass,
  primaryButtonClass,
  smallButtonClass,
  TextField,
} from '../ui/form-controls'
import { DeleteButton } from '../ui/row-actions'
import { EmptyState } from '../ui/section-card'
import { useToast } from '../ui/toasts'
import { type Deletion, useDeletableList } from '../ui/use-deletable-list'
import { useSchemaForm } from '../ui/use-schema-form'

/** The select's last choice: a path typed by hand. */
const OTHER = 'other'

interface CreateValues {
  name: string
  /** A page's path from the select, or OTHER. */
  target_path: string
  /** The typed path, when the select says OTHER. */
  typed_path: string
}

const blank: CreateValues = { name: '', target_path: '/', typed_path: '' }

/** The form: a name and the page the link leads to; the server's messages under the fields. */
function CreateForm() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const toast = useToast()
  const siteUrl = useRouteContext({ from: '__root__', select: (context) => context.site.url })
  const { data: projects } = useSuspenseQuery(trpc.projects.list.queryOptions())
  const options = targetOptions(projects)
  const create = useMutation(trpc.shareLinks.create.mutationOptions())

  const form = useSchemaForm({
    initial: (): CreateValues => blank,
    schema: shareLinkInput,
    toInput: (values) => ({
      name: values.name,
      target_path: values.target_path === OTHER ? values.typed_path : values.target_path,
    }),
    save: async (data) => {
      const link = await create.mutateAsync(data)
      await queryClient.invalidateQueries(trpc.shareLinks.pathFilter())
      toast.success(`Share link created: ${absoluteLink(siteUrl, link.url)}`)
    },
    failure: 'The share link could not be created.',
    // A fresh form for the next link; the one just made is saved, so leaving asks nothing.
    onSaved: (): void => form.reset(blank),
  })
  const other = form.values.target_path === OTHER
  const targetError = form.errorOf('target_path')

  return (
    <form
      onSubmit={form.onSubmit}
      aria-labelledby="share-link-new"
      noValidate
      className={`space-y-4 ${cardClass}`}
    >
      <h2 id="share-link-new" className="text-xl font-bold tracking-tight text-strong">
        New share link.
      </h2>
      <p className="text-sm text-muted">
        One link per place you send your portfolio (an application, a message): you see when it is
        opened and which pages were read.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          id="share-link-name"
          label="Name"
          hint="Who it is for, e.g. Acme — summer internship."
          field={form.text('name')}
          maxLength={shareLinkLimits.name}
          required
        />
        <div className="space-y-4">
          <Field id="share-link-target" label="Leads to" error={other ? undefined : targetError}>
            <select
              id="share-link-target"
              className={inputClass}
              value={form.values.target_path}
              onChange={(event) => form.set('target_path', event.target.value)}
              {...describedBy('share-link-target', { error: other ? undefined : targetError })}
            >
              {options.map((option) => (
                <option key={option.path} value={option.path}>
                  {option.label}
                </option>
              ))}
              <option value={OTHER}>Another page (type its path)</option>
            </select>
          </Field>
          {other ? (
            <Field
              id="share-link-path"
              label="Path"
              hint="A page of this site, starting with /, e.g. /projects?tag=React."
              error={targetError}
            >
              <input
                id="share-link-path"
                type="text"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                className={inputClass}
                maxLength={shareLinkLimits.targetPath}
                value={form.values.typed_path}
                onChange={(event) => {
                  form.set('typed_path', event.target.value)
                  // The message belongs to the path: typing clears it.
                  form.set('target_path', OTHER)
                }}
                {...describedBy('share-link-path', { hint: true, error: targetError })}
              />
            </Field>
          ) : null}
        </div>
      </div>
      <ErrorAlert message={form.action.error} />
      <button type="submit" className={primaryButtonClass} disabled={form.action.saving}>
        {form.action.saving ? 'Creating…' : 'Create link'}
      </button>
    </form>
  )
}

/** Copies the link's absolute address, and says so; if the browser refuses, shows it to select. */
function CopyLinkButton({ url, describedBy: described }: { url: string; describedBy: string }) {
  const toast = useToast()
  const [failed, setFailed] = useState(false)

  async function copy() {
    try {
      await navigator.clipboard.writeText(url)
      setFailed(false)
      toast.success(`Link copied: ${url}`)
    } catch {
      setFailed(true)
    }
  }

  return (
    <>
      <button
        type="button"
        className={smallButtonClass}
        aria-describedby={described}
        onClick={copy}
      >
        Copy link
      </button>
      <span role="status" className={failed ? 'basis-full text-sm text-danger-ink' : 'sr-only'}>
        {failed ? `The link could not be copied: select it above (${url}).` : null}
      </span>
    </>
  )
}

function Stat({ label, children }: { label: string; children: string }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-strong tabular-nums">{children}</dd>
    </div>
  )
}

function LinkRow({
  link,
  siteUrl,
  deletion,
}: {
  link: ShareLinkStats
  siteUrl: string
  deletion: Deletion
}) {
  const nameId = `share-link-${link.id}-name`
  const address = absoluteLink(siteUrl, link.url)
  return (
    <li className="space-y-3 py-5 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={nameId} className="font-semibold wrap-anywhere text-strong">
            {link.name}
          </h3>
          <p className="text-sm text-muted">
            Leads to <code className="wrap-anywhere">{link.target_path}</code> · created{' '}
            {formatDate(link.created_at)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <CopyLinkButton url={address} describedBy={nameId} />
          <DeleteButton deletion={deletion} id={link.id} describedBy={nameId} />
        </div>
      </div>
      <input
        type="text"
        readOnly
        aria-label={`Address of ${link.name}`}
        value={address}
        onFocus={(event) => event.currentTarget.select()}
        className={`${inputClass} font-mono text-sm`}
      />
      {deletion.failedId === link.id ? <ErrorAlert message={deletion.error} /> : null}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Views">{link.views.toLocaleString('en-GB')}</Stat>
        <Stat label="Visitors">{link.visitors.toLocaleString('en-GB')}</Stat>
        <Stat label="First visit">{link.first_seen ? formatDate(link.first_seen) : 'Not yet'}</Stat>
        <Stat label="Last visit">{link.last_seen ? formatDate(link.last_seen) : 'Not yet'}</Stat>
      </dl>
      {link.pages.length > 0 ? (
        <div className="max-w-md">
          <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">Pages viewed</h4>
          <ul className="mt-1 space-y-0.5 text-sm text-strong">
            {link.pages.map((page) => (
              <li key={page.path} className="flex justify-between gap-3">
                <span className="wrap-anywhere">{page.path}</span>
                <span className="shrink-0 text-muted tabular-nums">
                  {plural(page.views, 'view')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  )
}

function LinkList() {
  const trpc = useTrpc()
  const siteUrl = useRouteContext({ from: '__root__', select: (context) => context.site.url })
  const { items: links, deletion } = useDeletableList({
    list: trpc.shareLinks.list.queryOptions(),
    remove: trpc.shareLinks.delete.mutationOptions(),
    stale: trpc.shareLinks.pathFilter(),
    question:
      'Delete this share link? Its address stops working; the views it brought stay in the totals.',
    fallback: 'The share link could not be deleted.',
    deleted: 'Share link deleted.',
  })

  return (
    <section aria-labelledby="share-links-heading" className={`space-y-4 ${cardClass}`}>
      <h2 id="share-links-heading" className="text-xl font-bold tracking-tight text-strong">
        Your links.
      </h2>
      {deletion.error && deletion.failedId === null ? (
        <ErrorAlert message={deletion.error} />
      ) : null}
      {links.length === 0 ? (
        <EmptyState>
          No share links yet. Create one above and send it instead of the bare address.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-line">
          {links.map((link) => (
            <LinkRow key={link.id} link={link} siteUrl={siteUrl} deletion={deletion} />
          ))}
        </ul>
      )}
    </section>
  )
}

/** The Share links screen: create a named link, see what came through each, copy, delete. */
export function ShareLinksPanel() {
  return (
    <div className="space-y-6">
      <CreateForm />
      <LinkList />
    </div>
  )
}
