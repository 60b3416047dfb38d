import { type FormEvent, useState } from 'react'
import type { z } from 'zod'
import { useSaveAction } from './use-save-action'
import { issuesByField, issuesSummary } from './zod-issues'

/** What a text control needs of one field (see TextField). */
export interface TextBinding {
  value: string
  set: (value: string) => void
  error: string | undefined
}

/** The keys of the fields that hold free text. */
type TextKey<V> = { [K in keyof V]: string extends V[K] ? K : never }[keyof V] & string

/**
 * A form checked against a shared zod schema before it is sent: the values as
 * typed, a message per field (the schema's, or the server's when it refuses
 * the input) that clears once the field is edited, and the save (see
 * useSaveAction; `onSaved` replaces the return to the dashboard).
 */
export function useSchemaForm<V extends object, S extends z.ZodType>(options: {
  initial: () => V
  schema: S
  /** From the typed values to the schema's input (e.g. comma lists split). */
  toInput: (values: V) => unknown
  save: (data: z.output<S>) => Promise<unknown>
  failure: string
  onSaved?: () => void
}) {
  const [values, setValues] = useState(options.initial)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})
  const action = useSaveAction(options.save, options.failure, {
    onSaved: options.onSaved,
    onFields: setFieldErrors,
  })

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

  const errorOf = (key: keyof V & string): string | undefined => fieldErrors[key]

  /** One text field, bound for a TextField. */
  function text<K extends TextKey<V>>(key: K): TextBinding {
    return {
      value: values[key] as string,
      set: (value) => set(key, value as V[K]),
      error: errorOf(key),
    }
  }

  return { values, set, onSubmit, errorOf, text, action }
}
