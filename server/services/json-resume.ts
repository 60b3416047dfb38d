/**
 * JSON Resume in and out. Out: `/resume.json` (src/domain/json-resume.ts
 * makes the document). In: a document is checked against the schema the
 * JSON Resume project publishes (@jsonresume/schema), then against the
 * site's own field rules; a failure of either is a 400 listing the reasons
 * and changes nothing. A valid document creates the timeline events and
 * projects it holds that are not stored yet (the same type, title and start
 * for an event; the same title for a project), and fills the profile's empty
 * fields (or those still holding the placeholders of server/env.ts), in one
 * transaction: importing it again creates nothing.
 */
import resumeSchema from '@jsonresume/schema/schema.json'
import { eq, sql } from 'drizzle-orm'
import type { Validator } from 'jsonschema'
import type { z } from 'zod'
import {
  type ImportPlan,
  planFromJsonResume,
  profileFieldsOf,
  projectIdentity,
  type ResumeDocument,
  skillsOf,
  timelineIdentity,
} from '../../src/domain/json-resume'
import type { ImportResult } from '../../src/schemas/json-resume'
import { profileInput } from '../../src/schemas/profile'
import { type ProjectData, projectInput } from '../../src/schemas/project'
import { type TimelineData, timelineInput } from '../../src/schemas/timeline'
import type { Db } from '../db/client'
import { writeContent } from '../db/content-version'
import { profile, projects, timelineEvents } from '../db/schema'
import { ownerPlaceholders } from '../env'
import { InvalidInputError } from '../errors'
import type { ServiceContext } from './context'
import { createProjectIn } from './projects'
import { createEventIn } from './timeline'

/** A new version of the profile (server/db/row-version.ts): an open profile form then sees a 409. */
const laterThanStored = sql`greatest(now(), ${profile.updated_at} + interval '1 millisecond')`

/** jsonschema loads with the first import, not at start (a synchronous `require`: Bun loads a module that way). */
let validator: Validator | undefined

/** Profile values that are placeholders (no OWNER_* set). */
const placeholders: Record<string, string> = ownerPlaceholders
/** The greeting the first start builds on the placeholder name (server/services/profile.ts). */
const placeholderHeadline = `Hi, I'm ${ownerPlaceholders.name}!`

/** Serialises imports across connections (and server instances). */
const IMPORT_LOCK_KEY = 72_616_016

/** At most this many reasons in one answer: a broken file can have thousands. */
const MAX_REASONS = 20

/** The schema's complaints, as sentences naming where ("work[0].startDate does not match…"). */
function schemaReasons(document: unknown): string[] {
  validator ??= new (require('jsonschema') as typeof import('jsonschema')).Validator()
  const result = validator.validate(document, resumeSchema as object)
  return result.errors.map((error) => {
    const where = error.property.replace(/^instance\.?/, '') || 'the document'
    return `${where} ${error.message}`
  })
}

function fieldReasons(where: string, error: z.ZodError): string[] {
  return error.issues.map((issue) => `${where}: ${issue.message}`)
}

/** The document's rows checked with the site's own rules (lengths, URLs); reasons for each failure. */
function checkedPlan(plan: ImportPlan): {
  timeline: TimelineData[]
  projects: ProjectData[]
  reasons: string[]
} {
  const reasons: string[] = []
  const timeline: TimelineData[] = []
  const created: ProjectData[] = []
  for (const event of plan.timeline) {
    const parsed = timelineInput.safeParse(event)
    if (parsed.success) timeline.push(parsed.data)
    else reasons.push(...fieldReasons(`"${event.title}"`, parsed.error))
  }
  for (const project of plan.projects) {
    const parsed = projectInput.safeParse(project)
    if (parsed.success) created.push(parsed.data)
    else reasons.push(...fieldReasons(`"${project.title}"`, parsed.error))
  }
  return { timeline, projects: created, reasons }
}

/**
 * Imports (or, with `dryRun`, only tells what an import would do): the
 * answer lists what is (or would be) created and what is skipped.
 */
export async function importJsonResume(
  ctx: Pick<ServiceContext, 'db' | 'log'>,
  document: unknown,
  options: { dryRun: boolean },
): Promise<ImportResult> {
  const reasons = schemaReasons(document)
  if (reasons.length > 0) {
    throw new InvalidInputError(
      `This is not a valid JSON Resume document: ${reasons.slice(0, MAX_REASONS).join('; ')}.`,
    )
  }
  const resume = document as ResumeDocument
  const plan = planFromJsonResume(resume)
  const checked = checkedPlan(plan)
  if (checked.reasons.length > 0) {
    throw new InvalidInputError(
      `Some entries cannot be imported: ${checked.reasons.slice(0, MAX_REASONS).join('; ')}.`,
    )
  }
  const fields = profileFieldsOf(resume)
  const skillsParsed = profileInput.shape.skills.safeParse(skillsOf(resume))
  if (!skillsParsed.success) {
    throw new InvalidInputError(
      `Some entries cannot be imported: ${fieldReasons('skills', skillsParsed.error).slice(0, MAX_REASONS).join('; ')}.`,
    )
  }
  const importedSkills = skillsParsed.data ?? []
  // The profile's own rules (a safe http(s) URL, a valid address, lengths): a
  // `javascript:` URI is a valid "uri" to the JSON Resume schema, not to us.
  const fieldProblems = Object.entries(fields).flatMap(([key, value]) => {
    const parsed = profileInput.shape[key as keyof typeof fields].safeParse(value)
    return parsed.success ? [] : fieldReasons(`basics (${key})`, parsed.error)
  })
  if (fieldProblems.length > 0) {
    throw new InvalidInputError(
      `Some entries cannot be imported: ${fieldProblems.slice(0, MAX_REASONS).join('; ')}.`,
    )
  }

  const run = async (db: Db | Parameters<Parameters<Db['transaction']>[0]>[0]) => {
    const skipped = [...plan.skipped]
    const storedEvents = await db
      .select({
        title: timelineEvents.title,
        start_date: timelineEvents.start_date,
        event_type: timelineEvents.event_type,
      })
      .from(timelineEvents)
    const storedProjects = await db.select({ title: projects.title }).from(projects)
    const seenEvents = new Set(storedEvents.map(timelineIdentity))
    const seenProjects = new Set(storedProjects.map(projectIdentity))
    const newEvents: TimelineData[] = []
    const newProjects: ProjectData[] = []
    for (const event of checked.timeline) {
      const key = timelineIdentity(event)
      if (seenEvents.has(key)) {
        skipped.push({
          section: event.event_type === 'experience' ? 'work' : 'education',
          title: event.title,
          reason: 'Already on the timeline.',
        })
        continue
      }
      seenEvents.add(key)
      newEvents.push(event)
    }
    for (const project of checked.projects) {
      const key = projectIdentity(project)
      if (seenProjects.has(key)) {
        skipped.push({ section: 'projects', title: project.title, reason: 'Already a project.' })
        continue
      }
      seenProjects.add(key)
      newProjects.push(project)
    }
    const [stored] = await db.select().from(profile).where(eq(profile.id, 1)).limit(1)
    const unset = (key: keyof typeof fields) => {
      const current = stored?.[key].trim()
      return current === '' || current === placeholders[key]
    }
    const filled = Object.entries(fields).filter(
      ([key, value]) => value && stored && unset(key as keyof typeof fields),
    ) as [keyof typeof fields, string][]
    // The skills only when the profile has none: an import never mixes two lists.
    const skills = stored && stored.skills.length === 0 ? importedSkills : []
    return { newEvents, newProjects, skipped, filled, skills, headline: stored?.headline ?? '' }
  }

  const summary = (outcome: Awaited<ReturnType<typeof run>>): ImportResult => ({
    created: {
      // The document's order: the first entry is shown first.
      timeline: outcome.newEvents.map((event) => ({
        title: event.title,
        position: event.position,
        start_date: event.start_date,
        end_date: event.end_date,
        event_type: event.event_type,
      })),
      projects: outcome.newProjects.map((project) => ({
        title: project.title,
        description: project.description,
      })),
    },
    profile: [
      ...outcome.filled.map(([key]) => key),
      ...(outcome.skills.length > 0 ? ['skills'] : []),
    ],
    skipped: outcome.skipped,
    dry_run: options.dryRun,
  })

  if (options.dryRun) return summary(await run(ctx.db))

  const outcome = await writeContent(ctx.db, async (tx) => {
    // Two imports at once would both see an entry missing and both create it.
    await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`)
    const found = await run(tx)
    // Created last to first: a new row takes the first place, so the document's order is kept.
    for (const event of found.newEvents.toReversed()) await createEventIn(tx, event)
    for (const project of found.newProjects.toReversed()) await createProjectIn(tx, project)
    if (found.skills.length > 0) {
      await tx
        .update(profile)
        .set({ skills: found.skills, updated_at: laterThanStored })
        .where(eq(profile.id, 1))
    }
    if (found.filled.length > 0) {
      const values: Record<string, string> = Object.fromEntries(found.filled)
      // The greeting still names the placeholder: it follows the imported name.
      if (values.name && found.headline === placeholderHeadline) {
        values.headline = `Hi, I'm ${values.name}!`
      }
      await tx
        .update(profile)
        .set({ ...values, updated_at: laterThanStored })
        .where(eq(profile.id, 1))
    }
    return found
  })
  ctx.log.info('a JSON Resume document was imported', {
    timeline: outcome.newEvents.length,
    projects: outcome.newProjects.length,
    skipped: outcome.skipped.length,
  })
  return summary(outcome)
}
