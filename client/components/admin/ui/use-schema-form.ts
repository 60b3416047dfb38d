import { type FormEvent, useEffect, useRef, useState } from 'react'
import type { z } from 'zod'
import { dropDraft, keepDraft, readDraft } from '../../../lib/form-drafts'
import { conflictVersionOf } from './conflict-version'
import { useLeaveGuard } from './use-leave-guard'
import { useSaveAction } from './use-save-action'
import { issuesByField, issuesSummary } from './zod-issues'

/** What a text control needs of one field (see TextField). */
export interface TextBinding {
  value: string
  set: (value: string) => void
  error: string | undefined
}

/**
 * A save refused because someone saved a newer version meanwhile (another
 * tab, another device): the form keeps what was typed and asks what to do.
 */
export interface VersionConflict {
  /** Drop what was typed and show the newer version (the screen loads it again). */
  reload: () => void
  /** Save what was typed over the newer version. */
  overwrite: () => void
  /** Close the question; the form stays as typed, the next save asks again. */
  dismiss: () => void
}

/** The `version` a save answered with (the saved item's), if it has one. */
function versionIn(saved: unknown): number | undefined {
  if (typeof saved !== 'object' || saved === null || !('version' in saved)) return undefined
  return typeof saved.version === 'number' ? saved.version : undefined
}

/** The keys of the fields that hold free text. */
type TextKey<V> = { [K in keyof V]: string extends V[K] ? K : never }[keyof V] & string

/**
 * A form checked against a shared zod schema before it is sent: the values as
 * typed, a message per field (the schema's, or the server's when it refuses
 * the input) that clears once the field is edited, and the save (see
 * useSaveAction; `onSaved` replaces the return to the dashboard).
 *
 * Nothing typed is lost: while the values differ from the ones the form
 * opened with (or last saved), leaving it asks first (a link in the app, or
 * closing the tab); and with a `draft` key, a save that meets an ended
 * session keeps the values in this tab until the owner has signed in again
 * and is back on the form, which then says so (`draftRestored`).
 */
export function useSchemaForm<V extends object, S extends z.ZodType>(options: {
  initial: () => V
  schema: S
  /** From the typed values to the schema's input (e.g. comma lists split). */
  toInput: (values: V) => unknown
  /**
   * Sends the data with the version the form was loaded from (or last
   * saved, or chose to overwrite); answers the saved item, whose `version`
   * the next save sends.
   */
  save: (data: z.output<S>, version: number | undefined) => Promise<unknown>
  failure: string
  onSaved?: () => void
  /** The form's key for a draft kept across a new sign-in (`project:3`); none: not kept. */
  draft?: string
  /** The version of the item the form opened (its `version`); none for a new item. */
  version?: number
  /** Loads the stored item again (the screen then opens the form on it): the conflict's Reload. */
  reload?: () => Promise<unknown>
}) {
  const { draft } = options
  const [opened] = useState(() => {
    const initial = options.initial()
    const kept = draft ? readDraft<V>(draft) : null
    return { initial, kept }
  })
  const [values, setValues] = useState<V>(() =>
    opened.kept ? { ...opened.initial, ...opened.kept } : opened.initial,
  )
  const [draftRestored] = useState(opened.kept !== null)
  useEffect(() => {
    if (draft && opened.kept) dropDraft(draft)
  }, [draft, opened.kept])
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const clean = useRef(new Set([JSON.stringify(opened.initial)]))
  const current = useRef(values)
  current.current = values
  const dirty = () => !clean.current.has(JSON.stringify(current.current))
  const guard = useLeaveGuard(dirty)
  const version = useRef(options.version)
  const [conflict, setConflict] = useState<{ version: number; data: z.output<S> } | null>(null)
  const pending = useRef<z.output<S> | null>(null)
  const action = useSaveAction(
    async (data: z.output<S>) => {
      pending.current = data
      const saved = await options.save(data, version.current)
      version.current = versionIn(saved) ?? version.current
      // What was just saved is not a change to warn about.
      clean.current.add(JSON.stringify(current.current))
    },
    options.failure,
    {
      onSaved: options.onSaved,
      onFields: setFieldErrors,
      onHandled: (caught) => {
        const newer = conflictVersionOf(caught)
        if (newer === null || pending.current === null) return false
        setConflict({ version: newer, data: pending.current })
        return true
      },
      onSessionEnded: () => {
        // On the way to the sign-in page: nothing to ask; changes are kept (with a key).
        if (draft && dirty()) keepDraft(draft, current.current)
        guard.release()
      },
    },
  )

  function set<K extends keyof V>(key: K, value: V[K]) {
    setValues((current) => ({ ...current, [key]: value }))
    // A corrected field drops its old message; the rest wait for the next save.
    setFieldErrors((current) => {
      if (!(key in current)) return current
      const { [key as string]: _dropped, ...rest } = current
      return rest
    })
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = options.schema.safeParse(options.toInput(values))
    if (!parsed.success) {
      setFieldErrors(issuesByField(parsed.error.issues))
      action.setError(issuesSummary(parsed.error.issues))
      return
    }
    setFieldErrors({})
    void action.run(parsed.data)
  }

  /** Starts again from `next` (a form that stays open after its save): nothing in it to warn about. */
  function reset(next: V) {
    clean.current.add(JSON.stringify(next))
    setValues(next)
    setFieldErrors({})
  }

  const errorOf = (key: keyof V & string): string | undefined => fieldErrors[key]

  /** One text field, bound for a TextField. */
  function text<K extends TextKey<V>>(key: K): TextBinding {
    return {
      value: values[key] as string,
      set: (value) => set(key, value as V[K]),
      error: errorOf(key),
    }
  }

  const { reload } = options
  const versionConflict: VersionConflict | null = conflict
    ? {
        reload: () => {
          setConflict(null)
          // Theirs replaces mine: nothing typed here is to be kept or warned about.
          guard.release()
          void reload?.()
        },
        overwrite: () => {
          setConflict(null)
          version.current = conflict.version
          void action.run(conflict.data)
        },
        dismiss: () => setConflict(null),
      }
    : null

  return {
    values,
    set,
    reset,
    onSubmit,
    errorOf,
    text,
    action,
    draftRestored,
    conflict: versionConflict,
  }
}
