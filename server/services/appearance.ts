import { eq } from 'drizzle-orm'
import {
  type Appearance,
  DEFAULT_SITE_STYLE,
  isSiteStyle,
  SITE_STYLES,
  type SiteStyle,
} from '../../src/schemas/appearance'
import type { Db } from '../db/client'
import { writeContent } from '../db/content-version'
import { appearance } from '../db/schema'

/** The owner's site style; the default until one is chosen. */
export async function getSiteStyle(db: Db): Promise<SiteStyle> {
  const [row] = await db
    .select({ style: appearance.style })
    .from(appearance)
    .where(eq(appearance.id, 1))
    .limit(1)
  return isSiteStyle(row?.style) ? row.style : DEFAULT_SITE_STYLE
}

export async function getAppearance(db: Db): Promise<Appearance> {
  return { style: await getSiteStyle(db), styles: [...SITE_STYLES] }
}

/** Sets the site style; every page shows it on its next load (a content write: caches follow). */
export async function setAppearance(db: Db, style: SiteStyle, now: Date): Promise<Appearance> {
  await writeContent(db, (tx) =>
    tx
      .insert(appearance)
      .values({ id: 1, style, updated_at: now })
      .onConflictDoUpdate({ target: appearance.id, set: { style, updated_at: now } }),
  )
  return getAppearance(db)
}
