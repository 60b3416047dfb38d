import { eq, like, or, sql } from 'drizzle-orm'
import { slugCandidate, slugify } from '../../src/domain/slug'
import type { Tx } from '../db/content-version'
import { projectSlugs, trash } from '../db/schema'

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
