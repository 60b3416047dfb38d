import { eq } from 'drizzle-orm'
import { ageFromBirthYear } from '../../src/domain/age'
import { splitNames } from '../../src/domain/name-list'
import { withoutPlaceholders } from '../../src/domain/owner-placeholders'
import { greetingOf, type Profile, type ProfileData } from '../../src/schemas/profile'
import type { Revision } from '../../src/schemas/revisions'
import type { Db } from '../db/client'
import { bumpContentVersion } from '../db/content-version'
import { checkVersion, nextUpdatedAt, versionOf } from '../db/row-version'
import { profile } from '../db/schema'
import { renderMarkdown } from '../markdown/render'
import { imagesFor, type Reader } from './media'
import { descriptionRendering } from './projects'
import { listRevisions, recordRevision, revisionValues } from './revisions'

export type ProfileSeed = Pick<
  Profile,
  | 'name'
  | 'birth_year'
  | 'email'
  | 'university'
  | 'major'
  | 'focus'
  | 'minor'
  | 'headline'
  | 'linkedin_url'
  | 'github_url'
  | 'photo_url'
>

export function profileSeedFromEnv(env: {
  OWNER_NAME: string
  OWNER_BIRTH_YEAR?: number | undefined
  OWNER_EMAIL: string
  OWNER_UNIVERSITY: string
  OWNER_LINKEDIN_URL: string
  OWNER_GITHUB_URL: string
  OWNER_PHOTO_URL: string
}): ProfileSeed {
  return {
    name: env.OWNER_NAME,
    // Unset: none (no age line) rather than a made-up one.
    birth_year: env.OWNER_BIRTH_YEAR ?? null,
    email: env.OWNER_EMAIL,
    university: env.OWNER_UNIVERSITY,
    major: 'Computer Science',
    focus: 'fullstack development with React, Node.js and SQL',
    minor: 'Cybersecurity and Mathematics',
    // Empty: "Hi, I'm {name}!" from the current name, so a rename changes it too.
    headline: '',
    linkedin_url: env.OWNER_LINKEDIN_URL,
    github_url: env.OWNER_GITHUB_URL,
    photo_url: env.OWNER_PHOTO_URL,
  }
}

/** Writes the profile on first start only; later edits in the database win. */
export async function seedProfile(db: Db, seed: ProfileSeed): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(profile)
      .values({ id: 1, ...seed })
      .onConflictDoNothing()
      .returning({ id: profile.id })
    if (inserted.length > 0) await bumpContentVersion(tx)
  })
}

/**
 * Replaces every field of the profile; pages show it on their next load.
 * With `version`, a save over another version is a 409 (see projects).
 */
export async function updateProfile(
  db: Db,
  data: ProfileData,
  now: Date,
  version?: number,
): Promise<Profile> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(profile).where(eq(profile.id, 1)).for('update')
    if (!before) throw new Error('The profile row is missing: the server seeds it at start-up.')
    await checkVersion(version, before.updated_at, () => getProfile(tx, now), {
      ...data,
      version,
    })
    const [updated] = await tx
      .update(profile)
      .set({ ...data, updated_at: nextUpdatedAt(before.updated_at, now) })
      .where(eq(profile.id, 1))
      .returning()
    if (!updated) {
      throw new Error('The profile row is missing: the server seeds it at start-up.')
    }
    // The version before this save, kept (the last 50) for the profile's history.
    await recordRevision(tx, 'profile', 1, before, updated, now)
    await bumpContentVersion(tx)
  })
  return getProfile(db, now)
}

/** The profile's saves that changed something, newest first. */
export async function profileRevisions(db: Db): Promise<Revision[]> {
  const [row] = await db.select().from(profile).where(eq(profile.id, 1)).limit(1)
  if (!row) throw new Error('The profile row is missing: the server seeds it at start-up.')
  return listRevisions(db, 'profile', 1, row)
}

/** Writes a kept version of the profile back, as a save (a revision itself). */
export async function restoreProfileRevision(
  db: Db,
  revisionId: number,
  now: Date,
): Promise<Profile> {
  const values = await revisionValues(db, profile, 'profile', 1, revisionId)
  const [row] = await db.select().from(profile).where(eq(profile.id, 1)).limit(1)
  if (!row) throw new Error('The profile row is missing: the server seeds it at start-up.')
  const { id: _id, created_at: _c, updated_at: _u, ...data } = row
  return updateProfile(db, { ...data, ...values } as ProfileData, now)
}

/**
 * The `OWNER_*` variables that are set and differ from the stored profile:
 * they seed the first start only, so a change to them does nothing.
 */
export async function ownerVariablesIgnored(
  db: Db,
  seed: ProfileSeed,
  set: ReadonlySet<string>,
): Promise<string[]> {
  const [row] = await db.select().from(profile).where(eq(profile.id, 1)).limit(1)
  if (!row) return []
  const fields: [string, keyof ProfileSeed][] = [
    ['OWNER_NAME', 'name'],
    ['OWNER_BIRTH_YEAR', 'birth_year'],
    ['OWNER_EMAIL', 'email'],
    ['OWNER_UNIVERSITY', 'university'],
    ['OWNER_LINKEDIN_URL', 'linkedin_url'],
    ['OWNER_GITHUB_URL', 'github_url'],
    ['OWNER_PHOTO_URL', 'photo_url'],
  ]
  return fields
    .filter(([variable, field]) => set.has(variable) && row[field] !== seed[field])
    .map(([variable]) => variable)
}

/**
 * The profile as pages and the API show it. With "show my age" off, the
 * birth year is the owner's alone: visitors get null (`owner: false`).
 * Visitors never get a placeholder of a new site ("Your Name",
 * you@example.com…): those fields come empty, and the pages leave them out
 * (the home page says the site is being set up while there is no name).
 */
export async function getProfile(
  db: Reader,
  now: Date,
  options: { owner?: boolean } = { owner: true },
): Promise<Profile> {
  const [stored] = await db.select().from(profile).where(eq(profile.id, 1)).limit(1)
  if (!stored) throw new Error('The profile row is missing: the server seeds it at start-up.')
  const row = options.owner ? stored : withoutPlaceholders(stored)
  const images = await imagesFor(db, [row.photo_url])
  return {
    name: row.name,
    birth_year: row.show_age || options.owner ? row.birth_year : null,
    age: row.birth_year !== null && row.show_age ? ageFromBirthYear(row.birth_year, now) : null,
    show_age: row.show_age,
    email: row.email,
    university: row.university,
    major: row.major,
    focus: row.focus,
    minor: row.minor,
    headline: row.headline,
    greeting: greetingOf(row),
    bio: row.bio,
    bio_html: row.bio.trim() ? renderMarkdown(row.bio, descriptionRendering) : '',
    // Read by today's rule: a stored name holding a comma ("Kafka, Docker") is two.
    skills: splitNames(row.skills),
    location: row.location,
    links: row.links,
    linkedin_url: row.linkedin_url,
    github_url: row.github_url,
    photo_url: row.photo_url,
    photo: images(row.photo_url),
    accent_color: row.accent_color,
    fediverse_account: row.fediverse_account,
    atproto_did: row.atproto_did,
    orcid: row.orcid,
    version: versionOf(row.updated_at),
  }
}
