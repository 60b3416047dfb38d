import { eq, like, or, sql } from 'drizzle-orm'
import { slugCandidate, slugify } from '../../src/domain/slug'
import type { Project, ProjectData } from '../../src/schemas/project'
import type { Db } from '../db/client'
import { projectSlugs, projects } from '../db/schema'
import { renderMarkdown } from '../markdown/render'
import { type Tx, writeContent } from './content-version'
import { imagesFor, type Reader } from './media'
import { type ApiRow, contentRows, toApiRow } from './rows'

/** Serialises slug assignment across connections (and server instances). */
const SLUG_LOCK_KEY = 72_616_001

const rows = contentRows(projects, 'Project not found.')

/** Ids the project page and the layout use: a heading in the description never takes one. */
export const pageIds = ['main', 'tech-stack-title', 'description-title', 'website-title']
const { notFound } = rows

type Stored = ApiRow<typeof projects.$inferSelect>

/** Projects as they leave the server, with the info of their uploaded images (one query). */
async function withImages(db: Reader, list: Stored[]): Promise<Project[]> {
  const images = await imagesFor(
    db,
    list.flatMap((row) => row.image_urls),
  )
  return list.map((row) => ({
    ...row,
    long_description_html: renderMarkdown(row.long_description, { reservedIds: pageIds }),
    images: row.image_urls.map(images),
  }))
}

async function withImagesOne(db: Reader, row: Stored): Promise<Project> {
  const [project] = await withImages(db, [row])
  if (!project) throw new Error('a project went missing')
  return project
}

/** Newest first; id breaks ties between rows created in the same instant. */
export async function listProjects(db: Db): Promise<Project[]> {
  return withImages(db, await rows.list(db))
}

export async function getProjectById(db: Db, id: number): Promise<Project> {
  return withImagesOne(db, await rows.byId(db, id))
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
  return withImagesOne(db, toApiRow(row.project))
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
  return writeContent(db, async (tx) => {
    const slug = await claimSlug(tx, data.title, null)
    const [row] = await tx
      .insert(projects)
      .values({ ...data, slug })
      .returning()
    if (!row) throw new Error('insert returned no row')
    await tx.insert(projectSlugs).values({ slug, project_id: row.id })
    return withImagesOne(tx, toApiRow(row))
  })
}

export async function updateProject(db: Db, id: number, data: ProjectData): Promise<Project> {
  return writeContent(db, async (tx) => {
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
    return withImagesOne(tx, toApiRow(row))
  })
}

export async function deleteProject(db: Db, id: number): Promise<void> {
  return writeContent(db, (tx) => rows.delete(tx, id))
}
