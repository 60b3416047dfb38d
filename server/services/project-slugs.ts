import { eq, like, or, sql } from 'drizzle-orm'
import { slugCandidate, slugify } from '../../src/domain/slug'
import type { Tx } from '../db/content-version'
import { projectSlugs, trash } from '../db/schema'
import { InvalidFieldError } from '../errors'

/** Serialises slug assignment across connections (and server instances). */
const SLUG_LOCK_KEY = 72_616_001

/**
 * The first free slug for a title: the base, then base-2, base-3… A slug this
 * project already owns (now or formerly) counts as free for it. A project in
 * the Trash still holds its slugs, so restoring it gives them back: a new
 * project with the same title gets the next free one.
 */
export async function claimSlug(tx: Tx, title: string, projectId: number | null): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK_KEY})`)
  const base = slugify(title)
  const pattern = `${base.replace(/[\\%_]/g, '\\$&')}-%`
  const taken = await tx
    .select({ slug: projectSlugs.slug, projectId: projectSlugs.project_id })
    .from(projectSlugs)
    .where(or(eq(projectSlugs.slug, base), like(projectSlugs.slug, pattern)))
  const held = await tx
    .select({ slug: sql<string>`held.slug`, projectId: trash.item_id })
    .from(trash)
    .innerJoin(sql`unnest(${trash.slugs}) as held(slug)`, sql`true`)
    .where(sql`${trash.kind} = 'project' and (held.slug = ${base} or held.slug like ${pattern})`)
  const owners = new Map([...taken, ...held].map((row) => [row.slug, row.projectId]))
  for (let attempt = 1; ; attempt++) {
    const candidate = slugCandidate(base, attempt)
    const owner = owners.get(candidate)
    if (owner === undefined || owner === projectId) return candidate
  }
}

/**
 * The address the owner chose for a project (already written as a slug):
 * its own, now or formerly, or a free one. One another project holds (its
 * current or a former address, which redirects to it, or one a project in
 * the Trash keeps) is refused, naming the field.
 */
export async function claimChosenSlug(
  tx: Tx,
  slug: string,
  projectId: number | null,
): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK_KEY})`)
  const [taken] = await tx
    .select({ projectId: projectSlugs.project_id })
    .from(projectSlugs)
    .where(eq(projectSlugs.slug, slug))
    .limit(1)
  const [held] = await tx
    .select({ projectId: trash.item_id })
    .from(trash)
    .where(sql`${trash.kind} = 'project' and ${slug} = any(${trash.slugs})`)
    .limit(1)
  const owner = taken?.projectId ?? held?.projectId
  if (owner !== undefined && owner !== projectId) {
    throw new InvalidFieldError(
      'slug',
      `Address "${slug}" is already taken by another project: choose another.`,
    )
  }
  return slug
}

/**
 * A project's address after a save: the one the owner chose (`chosen`), or
 * else the current one while the title stays, or else the title's.
 */
export async function slugAfterSave(
  tx: Tx,
  chosen: string | null | undefined,
  title: string,
  current: { id: number; slug: string; title: string } | null,
): Promise<string> {
  if (chosen) {
    return chosen === current?.slug ? chosen : claimChosenSlug(tx, chosen, current?.id ?? null)
  }
  if (current && current.title === title) return current.slug
  return claimSlug(tx, title, current?.id ?? null)
}
