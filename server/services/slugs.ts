/**
 * Addresses (slugs) of the kinds that have them (a descriptor's `slugs`,
 * server/content/): one implementation for projects and notes alike. A
 * claim runs under the kind's advisory lock, so two saves on any instances
 * never take the same slug; an item's former slugs stay its own (their
 * pages redirect), and an item in the Trash keeps holding its slugs, so a
 * restore gives them back.
 */
import { eq, like, or, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { slugCandidate, slugify } from '../../src/domain/slug'
import type { ContentKind, SlugRules } from '../content/kind'
import type { Tx } from '../db/content-version'
import { trash } from '../db/schema'
import { InvalidFieldError } from '../errors'

function rulesOf(kind: ContentKind): SlugRules {
  if (!kind.slugs) throw new Error(`${kind.name} has no slugs`)
  return kind.slugs
}

const lock = (tx: Tx, rules: SlugRules) =>
  tx.execute(sql`select pg_advisory_xact_lock(${rules.lockKey})`)

/**
 * The first free slug for a title: the base, then base-2, base-3… A slug this
 * item already owns (now or formerly) counts as free for it; one an item of
 * the kind in the Trash holds does not.
 */
export async function claimSlug(
  tx: Tx,
  kind: ContentKind,
  title: string,
  itemId: number | null,
): Promise<string> {
  const rules = rulesOf(kind)
  await lock(tx, rules)
  const base = slugify(title)
  const pattern = `${base.replace(/[\\%_]/g, '\\$&')}-%`
  const slugColumn: AnyPgColumn = rules.slug
  const taken = (await tx
    .select({ slug: slugColumn, itemId: rules.item })
    .from(rules.table)
    .where(or(eq(slugColumn, base), like(slugColumn, pattern)))) as {
    slug: string
    itemId: number
  }[]
  const held = await tx
    .select({ slug: sql<string>`held.slug`, itemId: trash.item_id })
    .from(trash)
    .innerJoin(sql`unnest(${trash.slugs}) as held(slug)`, sql`true`)
    .where(sql`${trash.kind} = ${kind.name} and (held.slug = ${base} or held.slug like ${pattern})`)
  // A slug held in the Trash and taken anew (only a backup restore can do that): the live owner's.
  const owners = new Map([...held, ...taken].map((row) => [row.slug, row.itemId]))
  for (let attempt = 1; ; attempt++) {
    const candidate = slugCandidate(base, attempt)
    const owner = owners.get(candidate)
    if (owner === undefined || owner === itemId) return candidate
  }
}

/**
 * The address the owner chose (already written as a slug): the item's own,
 * now or formerly, or a free one. One another item of the kind holds (its
 * current or a former address, or one an item in the Trash keeps) is
 * refused, naming the field.
 */
export async function claimChosenSlug(
  tx: Tx,
  kind: ContentKind,
  slug: string,
  itemId: number | null,
): Promise<string> {
  const rules = rulesOf(kind)
  await lock(tx, rules)
  const [taken] = (await tx
    .select({ itemId: rules.item })
    .from(rules.table)
    .where(eq(rules.slug, slug))
    .limit(1)) as { itemId: number }[]
  const [held] = await tx
    .select({ itemId: trash.item_id })
    .from(trash)
    .where(sql`${trash.kind} = ${kind.name} and ${slug} = any(${trash.slugs})`)
    .limit(1)
  const owner = taken?.itemId ?? held?.itemId
  if (owner !== undefined && owner !== itemId) {
    throw new InvalidFieldError(
      'slug',
      `Address "${slug}" is already taken by another ${kind.labels.noun}: choose another.`,
    )
  }
  return slug
}

/**
 * An item's address after a save: the one the owner chose (`chosen`), or
 * else the current one while the title stays, or else the title's.
 */
export async function slugAfterSave(
  tx: Tx,
  kind: ContentKind,
  chosen: string | null | undefined,
  title: string,
  current: { id: number; slug: string; title: string } | null,
): Promise<string> {
  if (chosen) {
    return chosen === current?.slug
      ? chosen
      : claimChosenSlug(tx, kind, chosen, current?.id ?? null)
  }
  if (current && current.title === title) return current.slug
  return claimSlug(tx, kind, title, current?.id ?? null)
}
