/**
 * Inputs are strict: a field the procedure does not take is refused (400,
 * naming it), never silently dropped, so a misspelt field cannot look like
 * a save that worked. Checked once for every procedure, whichever door
 * calls it (REST body or query, tRPC), against the procedure's own input
 * schema, before the schema parses it. The OpenAPI document says the same
 * (`additionalProperties: false` on every request object).
 *
 * Open by design: a record (`z.record`, the JSON Resume document), an
 * object with a catch-all, `z.unknown()` (a backup file, checked by its own
 * format). A multipart form's field names are checked against the object
 * its preprocess builds.
 */
import { type AnyProcedure, TRPCError, type TRPCRouterRecord } from '@trpc/server'
import { z } from 'zod'

/** zod 4's definition of a schema, as far as the walk below reads it. */
interface Def {
  type: string
  shape?: Record<string, z.ZodType>
  catchall?: z.ZodType
  element?: z.ZodType
  innerType?: z.ZodType
  in?: z.ZodType
  out?: z.ZodType
  options?: readonly z.ZodType[]
  left?: z.ZodType
  right?: z.ZodType
  getter?: () => z.ZodType
  items?: readonly z.ZodType[]
}

const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype

const formFields = (form: FormData): Record<string, unknown> =>
  Object.fromEntries([...form.keys()].map((key) => [key, form.get(key)]))

/** The schemas that wrap another (`innerType`) and take the fields it takes. */
const wrapperTypes = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'readonly',
  'catch',
  'nonoptional',
])

/** The paths of the fields in `value` that `schema` does not take (`links.0.lable`). */
export function unknownFields(schema: z.ZodType, value: unknown, path = ''): string[] {
  const def = defOf(schema)
  const at = (key: string | number) => (path ? `${path}.${key}` : String(key))
  if (wrapperTypes.has(def.type))
    return def.innerType ? unknownFields(def.innerType, value, path) : []
  switch (def.type) {
    case 'object': {
      // A multipart form: its field names, as the preprocess before this object reads them.
      if (value instanceof FormData) return unknownFields(schema, formFields(value), path)
      if (!isPlainObject(value) || !def.shape) return []
      const open = def.catchall !== undefined && defOf(def.catchall).type !== 'never'
      const found: string[] = []
      for (const [key, field] of Object.entries(value)) {
        const known = Object.hasOwn(def.shape, key) ? def.shape[key] : undefined
        if (known) found.push(...unknownFields(known, field, at(key)))
        else if (!open) found.push(at(key))
      }
      return found
    }
    case 'array':
      if (!Array.isArray(value) || !def.element) return []
      return value.flatMap((item, index) =>
        def.element ? unknownFields(def.element, item, at(index)) : [],
      )
    case 'tuple':
      if (!Array.isArray(value) || !def.items) return []
      return value.flatMap((item, index) => {
        const item_schema = def.items?.[index]
        return item_schema ? unknownFields(item_schema, item, at(index)) : []
      })
    case 'pipe':
      // A multipart form is read by a preprocess into the object at the end of the pipe.
      if (value instanceof FormData) return def.out ? unknownFields(def.out, value, path) : []
      // Otherwise the input side: what the caller sends (a JSON preprocess reads what it wants: open).
      return def.in ? unknownFields(def.in, value, path) : []
    case 'lazy':
      return def.getter ? unknownFields(def.getter(), value, path) : []
    case 'union': {
      // Fits the option that knows the most of it (of those that take an object, for an object).
      let best: string[] | null = null
      const options = (def.options ?? []).filter(
        (option) => !isPlainObject(value) || takesObject(option),
      )
      for (const option of options) {
        const found = unknownFields(option, value, path)
        if (best === null || found.length < best.length) best = found
        if (found.length === 0) break
      }
      return best ?? []
    }
    case 'intersection': {
      if (!def.left || !def.right) return []
      const left = new Set(unknownFields(def.left, value, path))
      return unknownFields(def.right, value, path).filter((field) => left.has(field))
    }
    default:
      return []
  }
}

/** Whether a value of this schema may be an object (what a union's options are tried for). */
function takesObject(schema: z.ZodType): boolean {
  const def = defOf(schema)
  if (wrapperTypes.has(def.type)) return def.innerType ? takesObject(def.innerType) : false
  switch (def.type) {
    case 'pipe':
      return def.in ? takesObject(def.in) : false
    case 'lazy':
      return def.getter ? takesObject(def.getter()) : false
    case 'union':
      return (def.options ?? []).some(takesObject)
    default:
      return ['object', 'record', 'intersection', 'any', 'unknown', 'transform', 'custom'].includes(
        def.type,
      )
  }
}

/** A procedure that takes no input: any field is one too many. */
const nothing = z.strictObject({})

/** The procedures' input schemas by path, filled once the router exists (server/trpc/root.ts). */
const inputsByPath = new Map<string, z.ZodType>()

/** Records each procedure's input schema, for `refuseUnknownFields`. */
export function registerInputs(record: TRPCRouterRecord, prefix = ''): void {
  for (const [key, value] of Object.entries(record)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value !== 'function') {
      registerInputs(value, path)
      continue
    }
    const [input] = (value as AnyProcedure)._def.inputs
    if (input instanceof z.ZodType) inputsByPath.set(path, input)
    else if (input === undefined) inputsByPath.set(path, nothing)
  }
}

/** The refusal, with one issue per field as a validation failure carries them (trpc/errors.ts reads `issues`). */
class UnknownFieldsError extends Error {
  constructor(readonly issues: { path: (string | number)[]; message: string }[]) {
    super(issues.map((issue) => issue.message).join('; '))
  }
}

/** Throws the 400 naming every field of `value` that the procedure at `path` does not take. */
export function refuseUnknownFields(path: string, value: unknown): void {
  const schema = inputsByPath.get(path)
  if (!schema) return
  const unknown = unknownFields(schema, value)
  if (unknown.length === 0) return
  const issues = unknown.map((field) => ({
    path: field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    message: `Unknown field: ${field}`,
  }))
  throw new TRPCError({ code: 'BAD_REQUEST', cause: new UnknownFieldsError(issues) })
}
