/**
 * How a table's rows look in a backup file: the table's select schema
 * (drizzle-zod) as the file stores it, timestamps as ISO 8601 strings, text
 * without NUL (PostgreSQL refuses it). The kinds' descriptors declare their
 * tables with it, and so does server/backup/format.ts for the others.
 */
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'

const isoPattern =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/

/** A date and time that exist (no 30 February, no year 0): PostgreSQL would refuse them. */
function isRealMoment(value: string): boolean {
  const parts = isoPattern.exec(value)?.slice(1, 7).map(Number)
  if (!parts) return false
  const [year = 0, month = 0, day = 0, hour = 99, minute = 99, second = 99] = parts
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
  return year >= 1 && day >= 1 && day <= days && hour <= 23 && minute <= 59 && second <= 59
}

export const timestamp = z
  .string()
  .regex(isoPattern, 'must be an ISO 8601 timestamp like 2024-01-31T12:00:00.000000Z')
  .refine(isRealMoment, 'is not a real date and time')

/** The type of `stored(schema)`. */
type Stored<S> = S extends z.ZodDate
  ? z.ZodString
  : S extends z.ZodNullable<infer I>
    ? z.ZodNullable<Stored<I>>
    : S extends z.ZodArray<infer E>
      ? z.ZodArray<Stored<E>>
      : S

/**
 * A column's schema as the file holds it: a timestamp is an ISO 8601 string,
 * text (alone or in an array) holds no NUL.
 */
function stored(schema: z.core.$ZodType): z.core.$ZodType {
  if (schema instanceof z.ZodDate) return timestamp
  if (schema instanceof z.ZodString) {
    return schema.refine((value) => !value.includes('\0'), 'must not contain NUL characters')
  }
  if (schema instanceof z.ZodNullable) return z.nullable(stored(schema.unwrap()))
  if (schema instanceof z.ZodArray) return z.array(stored(schema.element))
  return schema
}

/** A row of the file: a table's select schema (drizzle-zod), stored, with no other keys. */
function storedRow<S extends z.ZodRawShape>(select: z.ZodObject<S>) {
  const shape = Object.fromEntries(
    Object.entries(select.shape).map(([key, schema]) => [key, stored(schema)]),
  )
  return z.strictObject(shape as { [K in keyof S]: Stored<S[K]> })
}

/** A table in the file: its rows' schema is the select schema `rows` (drizzle-zod), stored. */
export function backupTable<T extends PgTable, S extends z.ZodRawShape>(entry: {
  table: T
  rows: z.ZodObject<S>
  /** The columns its rows are sorted by in the file. */
  order: AnyPgColumn[]
}) {
  return { ...entry, rows: storedRow(entry.rows) }
}

// What the file asks beyond the column types.
export const positive = (id: z.ZodInt) => id.min(1)
export const nonEmpty = (value: z.ZodString) => value.min(1)
/** The manual order (an int4 column), absent from files written before it. */
export const sortOrder = z.number().int().min(-2_147_483_648).max(2_147_483_647).optional()

/** Files written before search and sharing: no overrides, found by search engines. */
export const seoBackupDefaults = {
  seo_description: z.string().nullable().default(null),
  share_image: z.string().nullable().default(null),
  canonical_url: z.string().nullable().default(null),
  noindex: z.boolean().default(false),
}
