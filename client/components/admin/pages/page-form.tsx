import type { QueryClient } from '@tanstack/react-query'
import { useRouteContext } from '@tanstack/react-router'
import { limits } from '../../../../src/schemas/fields'
import {
  PAGE_ITEMS_MAX,
  type Page,
  type PageData,
  type PageItem,
  pageInput,
} from '../../../../src/schemas/page'
import type { Trpc } from '../../../lib/trpc'
import { SeoFields, seoValuesOf } from '../seo/seo-fields'
import { AddressField, chosenAddress } from '../ui/address-field'
import { inputClass, secondaryButtonClass, smallButtonClass, TextField } from '../ui/form-controls'
import { FormPage } from '../ui/form-page'
import { MarkdownField } from '../ui/markdown-field'
import type { ContentFormProps } from '../ui/use-content-save'
import { useSchemaForm } from '../ui/use-schema-form'

/** After a save: the pages' lists and the menu's list of pages are read again. */
export async function refreshPages(queryClient: QueryClient, trpc: Trpc) {
  await queryClient.invalidateQueries(trpc.pages.pathFilter())
  await queryClient.invalidateQueries(trpc.navigation.pathFilter())
}

export const pageSaved = (page: Page) =>
  page.status === 'published' ? 'Page published.' : 'Page saved as a draft.'

type ItemValues = { title: string; url: string; note: string }

function valuesOf(page: Page | undefined) {
  return {
    title: page?.title ?? '',
    slug: page?.slug ?? '',
    body: page?.body ?? '',
    layout: page?.layout ?? 'plain',
    items: (page?.items ?? []).map(
      (item): ItemValues => ({ title: item.title, url: item.url ?? '', note: item.note }),
    ),
    status: page?.status ?? 'draft',
    ...seoValuesOf(page),
  }
}

/** A page of the owner's: title, address, Markdown text, layout (a list's items), state. */
export function PageForm({
  heading,
  item,
  save,
  reload,
  onSaved,
}: ContentFormProps<Page, PageData> & { onSaved: () => void }) {
  const form = useSchemaForm({
    initial: () => valuesOf(item),
    schema: pageInput,
    toInput: (typed) => ({
      ...typed,
      slug: chosenAddress(typed.slug, item?.slug),
      items:
        typed.layout === 'list'
          ? typed.items.filter((entry) => entry.title.trim() !== '' || entry.url.trim() !== '')
          : typed.items,
    }),
    save,
    version: item?.version,
    reload,
    failure: 'The page could not be saved.',
    onSaved,
  })
  const { values, set, text } = form
  const siteUrl = useRouteContext({ from: '__root__', select: (context) => context.site.url })
  const items = values.items
  const setItem = (index: number, patch: Partial<ItemValues>) =>
    set(
      'items',
      items.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)),
    )
  const submit = values.status === 'draft' ? 'Save draft' : 'Publish'

  return (
    <FormPage heading={heading} submit={submit} form={form} wide>
      <TextField
        id="page-title"
        label="Title"
        field={text('title')}
        required
        maxLength={limits.title}
      />
      <AddressField
        id="page-slug"
        base=""
        field={text('slug')}
        title={values.title}
        current={item}
      />
      <MarkdownField
        id="page-body"
        label="Text"
        hint="Markdown, as in notes: headings, links, lists, images from the library (/media/…)."
        field={text('body')}
        rows={12}
        maxLength={limits.longText}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-body">Layout</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['plain', 'Plain: the text in a column'],
              ['list', 'List: the text, then a list of items (a Uses or Reading page)'],
            ] as const
          ).map(([layout, label]) => (
            <label key={layout} className="flex items-center gap-2 text-sm text-body">
              <input
                type="radio"
                name="page-layout"
                value={layout}
                checked={values.layout === layout}
                onChange={() => set('layout', layout)}
                className="size-4 accent-accent"
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {values.layout === 'list' ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-body">Items</legend>
          {items.length === 0 ? (
            <p className="text-sm text-muted">No items yet: add the first one.</p>
          ) : (
            <ol className="space-y-3">
              {items.map((entry, index) => {
                const n = index + 1
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows the owner types, in order
                  <li key={index} className="rounded-control border border-line p-3">
                    <div className="grid gap-3 sm:grid-cols-2">
                      <label className="grid gap-1 text-sm text-body">
                        <span>Item {n} title</span>
                        <input
                          className={inputClass}
                          value={entry.title}
                          maxLength={limits.title}
                          onChange={(event) => setItem(index, { title: event.target.value })}
                        />
                      </label>
                      <label className="grid gap-1 text-sm text-body">
                        <span>Item {n} link</span>
                        <input
                          className={inputClass}
                          value={entry.url}
                          type="url"
                          placeholder="https://…"
                          maxLength={limits.url}
                          onChange={(event) => setItem(index, { url: event.target.value })}
                        />
                      </label>
                      <label className="grid gap-1 text-sm text-body sm:col-span-2">
                        <span>Item {n} note</span>
                        <input
                          className={inputClass}
                          value={entry.note}
                          maxLength={limits.shortText}
                          onChange={(event) => setItem(index, { note: event.target.value })}
                        />
                      </label>
                    </div>
                    <div className="mt-2 flex flex-wrap gap-2">
                      <button
                        type="button"
                        className={smallButtonClass}
                        disabled={index === 0}
                        onClick={() => {
                          const next = [...items]
                          ;[next[index - 1], next[index]] = [
                            next[index] as ItemValues,
                            next[index - 1] as ItemValues,
                          ]
                          set('items', next)
                        }}
                      >
                        Move item {n} up
                      </button>
                      <button
                        type="button"
                        className={smallButtonClass}
                        onClick={() =>
                          set(
                            'items',
                            items.filter((_, at) => at !== index),
                          )
                        }
                      >
                        Remove item {n}
                      </button>
                    </div>
                  </li>
                )
              })}
            </ol>
          )}
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={items.length >= PAGE_ITEMS_MAX}
            onClick={() => set('items', [...items, { title: '', url: '', note: '' }])}
          >
            Add item
          </button>
          {form.errorOf('items') ? (
            <p className="text-sm text-danger-ink">{form.errorOf('items')}</p>
          ) : null}
        </fieldset>
      ) : null}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-body">Status</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {(['draft', 'published'] as const).map((status) => (
            <label key={status} className="flex items-center gap-2 text-sm text-body">
              <input
                type="radio"
                name="page-status"
                value={status}
                checked={values.status === status}
                onChange={() => set('status', status)}
                className="size-4 accent-accent"
              />
              {status === 'draft' ? 'Draft' : 'Published'}
            </label>
          ))}
        </div>
      </fieldset>
      <SeoFields
        id="page"
        description={text('seo_description')}
        image={text('share_image')}
        canonical={text('canonical_url')}
        noindex={{ checked: values.noindex, onChange: (checked) => set('noindex', checked) }}
        preview={{
          host: new URL(siteUrl).host,
          title: values.title.trim() || 'Page title',
          description: item?.description ?? '',
          image: null,
        }}
      />
    </FormPage>
  )
}

export type { PageItem }
