import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { type FixedScreen, requiredScreens, screenInfo } from '../../../../src/domain/navigation'
import { limits } from '../../../../src/schemas/fields'
import {
  MENU_ENTRIES_MAX,
  type MenuEntryInput,
  type Navigation,
} from '../../../../src/schemas/navigation'
import { useTrpc } from '../../../lib/trpc'
import { inputClass, secondaryButtonClass, smallButtonClass } from '../ui/form-controls'
import { FormPage } from '../ui/form-page'
import { SortableList } from '../ui/sortable-list'
import { useToast } from '../ui/toasts'
import { useSaveAction } from '../ui/use-save-action'

type Entry = Navigation['header'][number]
type Row = Entry & { id: number }
type Page = Navigation['pages'][number]

const isRequired = (entry: Entry, menu: 'header' | 'footer') =>
  menu === 'header' && entry.type === 'screen' && requiredScreens.includes(entry.screen)

/** What a row is, in the owner's words: the default label and where it leads. */
function describeEntry(entry: Entry, pages: Page[]): { name: string; where: string } {
  if (entry.type === 'screen') {
    const info = screenInfo[entry.screen]
    return { name: info.label, where: info.path }
  }
  if (entry.type === 'page') {
    const page = pages.find((each) => each.id === entry.page_id)
    return {
      name: page?.title ?? 'A page',
      where: page ? `/${page.slug}${page.status === 'draft' ? ' (draft: not shown yet)' : ''}` : '',
    }
  }
  return { name: entry.label, where: `${entry.url} (opens in a new tab)` }
}

const toInput = (rows: Row[]): MenuEntryInput[] =>
  rows.map(({ id: _id, ...entry }) => entry as MenuEntryInput)

/**
 * Settings → Navigation: the header's links and an optional footer menu, each
 * in order (drag a row, or its Move up / Move down buttons), shown or hidden,
 * renamed; add a fixed screen, one of your pages, or an outside link. The
 * spec's three links (Home, Projects, Contact) stay, shown, in their words.
 */
export function NavigationPanel() {
  const trpc = useTrpc()
  const queryClient = useQueryClient()
  const query = trpc.navigation.get.queryOptions()
  const { data } = useSuspenseQuery(query)
  const nextId = useRef(1)
  const withIds = (entries: Entry[]): Row[] =>
    entries.map((entry) => ({ ...entry, id: nextId.current++ }))
  const [header, setHeader] = useState<Row[]>(() => withIds(data.header))
  const [footer, setFooter] = useState<Row[]>(() => withIds(data.footer))
  const toast = useToast()
  const set = useMutation(trpc.navigation.set.mutationOptions())
  const action = useSaveAction(
    async () => {
      const saved = await set.mutateAsync({ header: toInput(header), footer: toInput(footer) })
      queryClient.setQueryData(query.queryKey, saved)
      setHeader(withIds(saved.header))
      setFooter(withIds(saved.footer))
    },
    'The menus could not be saved.',
    { onSaved: () => toast.success('Menus saved.') },
  )

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    void action.run(undefined)
  }

  return (
    <FormPage heading="Navigation" submit="Save menus" form={{ onSubmit, action }} wide>
      <MenuEditor
        menu="header"
        title="Header menu"
        hint="The links at the top of every page, in this order. Home, Projects and Contact always stay. On a phone, more than four links fold into a Menu button."
        rows={header}
        setRows={setHeader}
        pages={data.pages}
        newRow={(entry) => ({ ...entry, id: nextId.current++ })}
      />
      <MenuEditor
        menu="footer"
        title="Footer menu"
        hint="Optional: links above the footer's line. Empty: no footer menu."
        rows={footer}
        setRows={setFooter}
        pages={data.pages}
        newRow={(entry) => ({ ...entry, id: nextId.current++ })}
      />
    </FormPage>
  )
}

function MenuEditor({
  menu,
  title,
  hint,
  rows,
  setRows,
  pages,
  newRow,
}: {
  menu: 'header' | 'footer'
  title: string
  hint: string
  rows: Row[]
  setRows: (rows: Row[]) => void
  pages: Page[]
  newRow: (entry: Entry) => Row
}) {
  const hintId = useId()
  const update = (id: number, patch: Partial<Entry>) =>
    setRows(rows.map((row) => (row.id === id ? ({ ...row, ...patch } as Row) : row)))
  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className="text-base font-semibold text-strong">{title}</legend>
      <p id={hintId} className="text-sm text-muted">
        {hint}
      </p>
      {rows.length === 0 ? (
        <p className="rounded-control border border-dashed border-line p-4 text-sm text-muted">
          No links.
        </p>
      ) : (
        <SortableList
          items={rows}
          label={`${title}, in order`}
          nameOf={(row) => row.label || describeEntry(row, pages).name}
          onReorder={setRows}
          className="divide-y divide-line rounded-control border border-line"
        >
          {(row, controls) => {
            const { name, where } = describeEntry(row, pages)
            const nameId = `${menu}-${row.id}-name`
            const required = isRequired(row, menu)
            return (
              <div className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-center gap-2">
                  {controls.handle(nameId)}
                  <div className="min-w-0">
                    <p id={nameId} className="font-semibold text-strong wrap-anywhere">
                      {name}
                    </p>
                    <p className="text-xs text-muted wrap-anywhere">{where}</p>
                  </div>
                </div>
                <label className="grid gap-1 text-sm text-body sm:w-48">
                  <span>Label</span>
                  <input
                    className={inputClass}
                    value={row.label}
                    placeholder={name}
                    maxLength={limits.name}
                    disabled={required}
                    aria-describedby={nameId}
                    onChange={(event) => update(row.id, { label: event.target.value })}
                  />
                </label>
                <label className="flex items-center gap-2 text-sm text-body">
                  <input
                    type="checkbox"
                    className="size-4 accent-accent"
                    checked={row.visible}
                    disabled={required}
                    aria-describedby={nameId}
                    onChange={(event) => update(row.id, { visible: event.target.checked })}
                  />
                  Shown
                </label>
                <div className="flex flex-wrap gap-2 sm:w-44">
                  {controls.moveButtons(nameId)}
                  {required ? null : (
                    <button
                      type="button"
                      className={smallButtonClass}
                      aria-describedby={nameId}
                      onClick={() => setRows(rows.filter((each) => each.id !== row.id))}
                    >
                      Remove
                    </button>
                  )}
                </div>
              </div>
            )
          }}
        </SortableList>
      )}
      {rows.length < MENU_ENTRIES_MAX ? (
        <AddLink
          menu={menu}
          rows={rows}
          pages={pages}
          add={(entry) => setRows([...rows, newRow(entry)])}
        />
      ) : null}
    </fieldset>
  )
}

/** Adds a fixed screen or a page not in the menu yet, or an outside link. */
function AddLink({
  menu,
  rows,
  pages,
  add,
}: {
  menu: 'header' | 'footer'
  rows: Row[]
  pages: Page[]
  add: (entry: Entry) => void
}) {
  const id = useId()
  const [choice, setChoice] = useState('')
  const [url, setUrl] = useState('')
  const [label, setLabel] = useState('')
  const screens = (Object.keys(screenInfo) as FixedScreen[]).filter(
    (screen) => !rows.some((row) => row.type === 'screen' && row.screen === screen),
  )
  const free = pages.filter(
    (page) => !rows.some((row) => row.type === 'page' && row.page_id === page.id),
  )
  function onAdd() {
    if (choice.startsWith('screen:')) {
      add({ type: 'screen', screen: choice.slice(7) as FixedScreen, label: '', visible: true })
    } else if (choice.startsWith('page:')) {
      add({ type: 'page', page_id: Number(choice.slice(5)), label: '', visible: true })
    } else if (choice === 'link') {
      if (!url.trim() || !label.trim()) return
      add({ type: 'link', url: url.trim(), label: label.trim(), visible: true })
      setUrl('')
      setLabel('')
    }
    setChoice('')
  }
  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="grid gap-1 text-sm text-body" htmlFor={`${id}-what`}>
        <span>Add to the {menu}</span>
        <select
          id={`${id}-what`}
          className={inputClass}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">Choose a link…</option>
          {screens.length > 0 ? (
            <optgroup label="Screens">
              {screens.map((screen) => (
                <option key={screen} value={`screen:${screen}`}>
                  {screenInfo[screen].label}
                </option>
              ))}
            </optgroup>
          ) : null}
          {free.length > 0 ? (
            <optgroup label="Your pages">
              {free.map((page) => (
                <option key={page.id} value={`page:${page.id}`}>
                  {page.title}
                  {page.status === 'draft' ? ' (draft)' : ''}
                </option>
              ))}
            </optgroup>
          ) : null}
          <option value="link">An outside link…</option>
        </select>
      </label>
      {choice === 'link' ? (
        <>
          <label className="grid gap-1 text-sm text-body">
            <span>Link address</span>
            <input
              className={inputClass}
              type="url"
              placeholder="https://…"
              value={url}
              maxLength={limits.url}
              onChange={(event) => setUrl(event.target.value)}
            />
          </label>
          <label className="grid gap-1 text-sm text-body">
            <span>Link label</span>
            <input
              className={inputClass}
              value={label}
              maxLength={limits.name}
              onChange={(event) => setLabel(event.target.value)}
            />
          </label>
        </>
      ) : null}
      <button type="button" className={secondaryButtonClass} disabled={!choice} onClick={onAdd}>
        Add
      </button>
    </div>
  )
}
