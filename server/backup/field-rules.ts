/**
 * The input's field rules for rows that come back from elsewhere than a
 * form: a backup file's tables, the rows its Trash and revisions hold, and
 * the rows a Trash restore or a revision restore writes. Each kind of row is
 * read by the schema its form is (src/schemas): control, format and
 * noncharacter characters, line breaks in single-line fields, lengths,
 * `javascript:` URLs, e-mail addresses; an image's stored keys and
 * placeholder by the media rules. Only the columns a row holds are checked
 * (a row kept before a column existed lacks it), and no value is changed:
 * a row passes as it is or is refused, naming the field.
 */
import { z } from 'zod'
import { shareLinkInput } from '../../src/schemas/analytics'
import { setupInput } from '../../src/schemas/auth'
import { profileInput } from '../../src/schemas/profile'
import { contentKinds } from '../content/registry'

/**
 * The kinds of rows, each read by its form's schema (the fields a form does
 * not have are left alone): every content kind's (its descriptor's
 * `fieldRules`), and the rows that are not content.
 */
const rules: Record<string, z.ZodObject> = {
  ...Object.fromEntries(contentKinds.map((kind) => [kind.name, kind.fieldRules])),
  profile: profileInput.omit({ birth_year: true }),
  share_link: shareLinkInput.pick({ name: true }),
  admin_user: setupInput.pick({ username: true }),
}

/** A content kind's name, or `profile`, `share_link`, `admin_user`. */
export type RuleKind = string

export interface FieldIssue {
  /** The column, or the column and a list index (`tags.1`). */
  field: string
  message: string
}

/** A NUL anywhere in a value: PostgreSQL refuses it in text and JSON, whatever the column. */
function nulPaths(value: unknown, path: string[] = []): string[] {
  if (typeof value === 'string') return value.includes('\0') ? [path.join('.')] : []
  if (Array.isArray(value))
    return value.flatMap((item, index) => nulPaths(item, [...path, `${index}`]))
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => nulPaths(item, [...path, key]))
  }
  return []
}

/**
 * What is wrong with `row` as a `kind` by the input's rules, first issue of
 * each field; empty when it passes.
 */
export function rowIssues(kind: RuleKind, row: Record<string, unknown>): FieldIssue[] {
  const schema = rules[kind]
  if (!schema) return []
  const { shape } = schema
  const picked = z.object(Object.fromEntries(Object.entries(shape).filter(([key]) => key in row)))
  const issues: FieldIssue[] = nulPaths(row).map((field) => ({
    field,
    message: 'must not contain NUL characters',
  }))
  const result = picked.safeParse(row)
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.')
      if (!issues.some((known) => known.field === field)) {
        issues.push({ field, message: issue.message })
      }
    }
  }
  return issues
}

/** The issues as one sentence part: `title: Title contains a character that is not allowed.; email: …`. */
export function describeIssues(issues: FieldIssue[], limit = 3): string {
  const shown = issues.slice(0, limit).map((issue) => `${issue.field}: ${issue.message}`)
  const more = issues.length - shown.length
  return `${shown.join('; ')}${more > 0 ? ` (and ${more} more)` : ''}`
}

/** The rule kind of a revision (its `kind` column): a kind's, or the profile's. */
export function revisionRuleKind(kind: string): RuleKind | null {
  return kind === 'profile' || contentKinds.some((each) => each.name === kind && each.revisions)
    ? kind
    : null
}
