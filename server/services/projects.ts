import { desc, eq, like, or, sql } from 'drizzle-orm'
import { slugCandidate, slugify } from '../../src/domain/slug'
import type { Project, ProjectData } from '../../src/schemas/project'
import type { Db } from '../db/client'
import { projectSlugs, projects } from '../db/schema'
import { NotFoundError } from '../errors'
import { bumpContentVersion } from './content-version'
import { type ImageLookup, imagesFor } from './media'
import { iso } from './rows'

type Row = typeof projects.$inferSelect
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Serialises slug assignment across connections (and server instances). */
const SLUG_LOCK_KEY = 72_616_001

function toProject(row: Row, images: ImageLookup): Project {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    long_description: row.long_description,
    website_url: row.website_url,
    image_urls: row.image_urls,
    images: row.image_urls.map(images),
    tags: row.tags,
    is_featured: row.is_featured,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }
}

/** A project as it leaves the server, with the info of its uploaded images. */
async function withImages(db: Pick<Db, 'select'>, row: Row): Promise<Project> {
  return toProject(row, await imagesFor(db, row.image_urls))
}

function notFound(): NotFoundError {
  return new NotFoundError('Project not found.')
}

/** Newest first; id breaks ties between rows created in the same instant. */
export async function listProjects(db: Db): Promise<Project[]> {
  const rows = await db
    .select()
    .from(projects)
    .orderBy(desc(projects.created_at), desc(projects.id))
  const images = await imagesFor(
    db,
    rows.flatMap((row) => row.image_urls),
  )
  return rows.map((row) => toProject(row, images))
}

export async function getProjectById(db: Db, id: number): Promise<Project> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1)
  if (!row) throw notFound()
  return withImages(db, row)
}

/** Resolves a current or former slug. */
export async function getProjectBySlug(db: Db, slug: string): Promise<Project> {
  // No slug holds NUL, and PostgreSQL refuses it in a query: answer "not found" ourselves.
  if (slug.includes('\0')) throw notFound()
  const [row] = await db
    .select({ project: projects })
    .from(projectSlugs)
    .innerJoin(projects, eq(projects.id, projectSlugs.project_id))
    .where(eq(projectSlugs.slug, slug))
    .limit(1)
  if (!row) throw notFound()
  return withImages(db, row.project)
}

/**
 * The first free slug for a title: the base, then base-2, base-3… A slug this
 * project already owns (now or formerly) counts as free for it.
 */
async function claimSlug(tx: Tx, title: string, projectId: number | null): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK_KEY})`)
  const base = slugify(title)
  const taken = await tx
    .select({ slug: projectSlugs.slug, projectId: projectSlugs.project_id })
    .from(projectSlugs)
    .where(
      or(
        eq(projectSlugs.slug, base),
        like(projectSlugs.slug, `${base.replace(/[\\%_]/g, '\\$&')}-%`),
      ),
    )
  const owners = new Map(taken.map((row) => [row.slug, row.projectId]))
  for (let attempt = 1; ; attempt++) {
    const candidate = slugCandidate(base, attempt)
    const owner = owners.get(candidate)
    if (owner === undefined || owner === projectId) return candidate
  }
}

export async function createProject(db: Db, data: ProjectData): Promise<Project> {
  return db.transaction(async (tx) => {
    const slug = await claimSlug(tx, data.title, null)
    const [row] = await tx
      .insert(projects)
      .values({ ...data, slug })
      .returning()
    if (!row) throw new Error('insert returned no row')
    await tx.insert(projectSlugs).values({ slug, project_id: row.id })
    await bumpContentVersion(tx)
    return withImages(tx, row)
  })
}

export async function updateProject(db: Db, id: number, data: ProjectData): Promise<Project> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(projects)
      .where(eq(projects.id, id))
      .for('update')
      .limit(1)
    if (!current) throw notFound()
    const slug = current.title === data.title ? current.slug : await claimSlug(tx, data.title, id)
    const [row] = await tx
      .update(projects)
      .set({ ...data, slug, updated_at: new Date() })
      .where(eq(projects.id, id))
      .returning()
    if (!row) throw notFound()
    if (slug !== current.slug) {
      await tx.insert(projectSlugs).values({ slug, project_id: id }).onConflictDoNothing()
    }
    await bumpContentVersion(tx)
    return withImages(tx, row)
  })
}

export async function deleteProject(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(projects)
      .where(eq(projects.id, id))
      .returning({ id: projects.id })
    if (deleted.length === 0) throw notFound()
    await bumpContentVersion(tx)
  })
}
