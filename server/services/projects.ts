import { and, eq, or, type SQL } from 'drizzle-orm'
import { repoNameFromUrl } from '../../src/domain/github'
import type { NextProject, Project, ProjectData } from '../../src/schemas/project'
import type { Revision } from '../../src/schemas/revisions'
import { projectKind } from '../content/project'
import type { Db } from '../db/client'
import { type Tx, writeContent } from '../db/content-version'
import { checkVersion, nextUpdatedAt, versionOf } from '../db/row-version'
import { projectSlugs, projects } from '../db/schema'
import { markdownToPlainText } from '../markdown/plain-text'
import { renderMarkdown } from '../markdown/render'
import { repoOf, repoSyncOf, repositoriesByKey } from './github/repositories'
import { imagesFor, type Reader } from './media'
import { firstPlace, listOrder, reorderRows } from './ordering'
import { listRevisions, recordRevision, revisionValues } from './revisions'
import { type ApiRow, contentRows, toApiRow } from './rows'
import { slugAfterSave } from './slugs'
import { moveToTrash } from './trash'

const rows = contentRows(projects, 'Project not found.', listOrder(projects))

/** Ids the project page and the layout use: a heading in the description never takes one. */
export const pageIds = [
  'main',
  'tech-stack-title',
  'description-title',
  'website-title',
  'gallery-title',
  'code-title',
]

/**
 * How the project page renders a long description: beside the page's ids,
 * and with its headings under the page's h2 "Description." (its top one is an h3).
 * The admin's preview renders with the same options.
 */
export const descriptionRendering = { reservedIds: pageIds, headingBase: 3 } as const
const { notFound } = rows

type Stored = ApiRow<typeof projects.$inferSelect>

/** Characters of the long description's text that stand in for a missing short one. */
export const DESCRIPTION_FALLBACK_LENGTH = 200

/**
 * The short description. The API requires one, but a backup restores any
 * string (and a row can be edited in the database): an empty one reads as
 * the start of the long description's text, so link previews, cards and
 * JSON-LD never go blank.
 */
function shortDescription(row: Pick<Stored, 'description' | 'long_description'>): string {
  if (row.description.trim() !== '') return row.description
  return markdownToPlainText(row.long_description, DESCRIPTION_FALLBACK_LENGTH)
}

/**
 * Projects as they leave the server, with the info of their uploaded images
 * and their GitHub repository's stored data (one query each). The owner
 * also sees how the repository's fetch stands (`repo_sync`).
 */
async function withImages(db: Reader, list: Stored[], audience: Audience): Promise<Project[]> {
  const images = await imagesFor(
    db,
    list.flatMap((row) => row.image_urls),
  )
  const repoKeys = list.map((row) => repoNameFromUrl(row.repo_url)?.key)
  const repos = await repositoriesByKey(
    db,
    repoKeys.filter((key) => key !== undefined),
  )
  return list.map(({ sort_order: _order, ...row }, index) => {
    const key = repoKeys[index]
    const repoRow = key === undefined ? undefined : repos.get(key)
    return {
      ...row,
      description: shortDescription(row),
      long_description_html: renderMarkdown(row.long_description, descriptionRendering),
      images: row.image_urls.map(images),
      repo: repoOf(repoRow, audience.drafts),
      version: versionOf(row.updated_at),
      ...(audience.drafts && key !== undefined ? { repo_sync: repoSyncOf(repoRow) } : {}),
    }
  })
}

async function withImagesOne(db: Reader, row: Stored, audience: Audience): Promise<Project> {
  const [project] = await withImages(db, [row], audience)
  if (!project) throw new Error('a project went missing')
  return project
}

/**
 * Who is asking: `drafts` only for the signed-in admin. Everyone else (and
 * every page the server renders, every file it makes) sees published
 * projects only; a draft answers as if it did not exist.
 */
export interface Audience {
  drafts: boolean
}
export const visitors: Audience = { drafts: false }
/** The signed-in owner (the answers to their own writes). */
const owner: Audience = { drafts: true }

const published = eq(projects.is_published, true)
const visibleTo = (audience: Audience): SQL | undefined => (audience.drafts ? undefined : published)

/** In the manual order (the first is the one the admin put first; a new project comes first). */
export async function listProjects(db: Db, audience: Audience = visitors): Promise<Project[]> {
  return withImages(db, await rows.list(db, visibleTo(audience)), audience)
}

/**
 * The home page's Featured Projects: published and featured, in the list's
 * order. Its own query, so the home page carries (and its HTML holds) only
 * these, not every project of the site.
 */
export async function listFeaturedProjects(db: Db): Promise<Project[]> {
  return withImages(
    db,
    await rows.list(db, and(published, eq(projects.is_featured, true))),
    visitors,
  )
}

export async function getProjectById(
  db: Db,
  id: number,
  audience: Audience = visitors,
): Promise<Project> {
  const row = await rows.byId(db, id)
  if (!row.is_published && !audience.drafts) throw notFound()
  return withImagesOne(db, row, audience)
}

/**
 * The published project after this one in the list's order, wrapping from
 * the last to the first; null when no other is published. For a draft (the
 * admin's preview): the published one after the place it holds.
 */
async function nextProject(db: Db, current: Stored): Promise<NextProject> {
  const list = await db
    .select({
      id: projects.id,
      slug: projects.slug,
      title: projects.title,
      is_published: projects.is_published,
    })
    .from(projects)
    .where(or(published, eq(projects.id, current.id)))
    .orderBy(...listOrder(projects))
  const at = list.findIndex((row) => row.id === current.id)
  const after = [...list.slice(at + 1), ...list.slice(0, at)]
  const next = after.find((row) => row.is_published)
  return next ? { slug: next.slug, title: next.title } : null
}

/** The stored project at a current or former slug, if the audience may see it. */
async function storedBySlug(db: Db, slug: string, audience: Audience): Promise<Stored> {
  // No slug holds NUL, and PostgreSQL refuses it in a query: answer "not found" ourselves.
  if (slug.includes('\0')) throw notFound()
  const [row] = await db
    .select({ project: projects })
    .from(projectSlugs)
    .innerJoin(projects, eq(projects.id, projectSlugs.project_id))
    .where(and(eq(projectSlugs.slug, slug), visibleTo(audience)))
    .limit(1)
  if (!row) throw notFound()
  return toApiRow(row.project)
}

/** Resolves a current or former slug. */
export async function getProjectBySlug(
  db: Db,
  slug: string,
  audience: Audience = visitors,
): Promise<Project> {
  return withImagesOne(db, await storedBySlug(db, slug, audience), audience)
}

/** The project after the one at this slug (see `nextProject`); 404 as `getProjectBySlug`. */
export async function getNextProject(
  db: Db,
  slug: string,
  audience: Audience = visitors,
): Promise<NextProject> {
  return nextProject(db, await storedBySlug(db, slug, audience))
}

export async function createProject(db: Db, data: ProjectData): Promise<Project> {
  return writeContent(db, (tx) => createProjectIn(tx, data))
}

/** The insert of `createProject`, inside a caller's write (which bumps the content version). */
export async function createProjectIn(tx: Tx, data: ProjectData): Promise<Project> {
  const slug = await slugAfterSave(tx, projectKind, data.slug, data.title, null)
  const [row] = await tx
    .insert(projects)
    .values({ ...data, slug, sort_order: await firstPlace(tx, projects) })
    .returning()
  if (!row) throw new Error('insert returned no row')
  await tx.insert(projectSlugs).values({ slug, project_id: row.id })
  return withImagesOne(tx, toApiRow(row), owner)
}

/**
 * Replaces the project's fields. With `version` (the one the edit was
 * loaded from), a save over another version is a VersionConflictError and
 * changes nothing.
 */
export async function updateProject(
  db: Db,
  id: number,
  data: ProjectData,
  version?: number,
): Promise<Project> {
  return writeContent(db, async (tx) => {
    const [current] = await tx
      .select()
      .from(projects)
      .where(eq(projects.id, id))
      .for('update')
      .limit(1)
    if (!current) throw notFound()
    await checkVersion(
      version,
      current.updated_at,
      () => withImagesOne(tx, toApiRow(current), owner),
      { id, ...data, version },
    )
    const slug = await slugAfterSave(tx, projectKind, data.slug, data.title, current)
    const [row] = await tx
      .update(projects)
      .set({ ...data, slug, updated_at: nextUpdatedAt(current.updated_at) })
      .where(eq(projects.id, id))
      .returning()
    if (!row) throw notFound()
    if (slug !== current.slug) {
      await tx.insert(projectSlugs).values({ slug, project_id: id }).onConflictDoNothing()
    }
    await recordRevision(tx, 'project', id, current, row)
    return withImagesOne(tx, toApiRow(row), owner)
  })
}

/** Moves the project to the Trash (its slugs stay reserved for it); 404 when there is none. */
export async function deleteProject(db: Db, id: number): Promise<void> {
  return writeContent(db, (tx) => moveToTrash(tx, 'project', id))
}

/** The new manual order: every project's id once, first to last (else InvalidInputError). */
export async function reorderProjects(db: Db, ids: readonly number[]): Promise<void> {
  return writeContent(db, (tx) => reorderRows(tx, projects, ids, 'project'))
}

/** The project's saves that changed something, newest first (404 for no project, or one in the Trash). */
export async function projectRevisions(db: Db, id: number): Promise<Revision[]> {
  const [row] = await db.select().from(projects).where(eq(projects.id, id)).limit(1)
  if (!row) throw notFound()
  return listRevisions(db, 'project', id, row)
}

/** What a restore brings back besides the fields: by default the current published state stays. */
export interface RestoreOptions {
  /** True: the revision's published state too (a draft kept as published goes public). */
  restorePublished?: boolean
}

/**
 * Writes a kept version back, as a save (so it is a revision itself); the
 * slug follows the title. The project stays as published (or as much a
 * draft) as it is now unless `restorePublished` asks for the revision's state.
 */
export async function restoreProjectRevision(
  db: Db,
  id: number,
  revisionId: number,
  options: RestoreOptions = {},
): Promise<Project> {
  await rows.byId(db, id)
  const values = await revisionValues(db, projects, 'project', id, revisionId)
  const current = await rows.byId(db, id)
  const {
    id: _id,
    slug: _slug,
    sort_order: _order,
    created_at: _c,
    updated_at: _u,
    ...data
  } = current
  const state = options.restorePublished ? {} : { is_published: current.is_published }
  return updateProject(db, id, { ...data, ...values, ...state } as ProjectData)
}
