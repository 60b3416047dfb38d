/**
 * Settings → Search & sharing: what the fixed screens (home, projects, notes,
 * the CV) say to search engines and link previews. Public: the pages' heads
 * carry it, so every visitor's page reads it; a save is a content write, so
 * the cached pages follow at once.
 */
import { SEO_SCREENS, type SeoScreen } from '../../src/domain/seo-screens'
import { noSeo, type ScreenSeo, type ScreensSeo } from '../../src/schemas/seo'
import type { Db } from '../db/client'
import { writeContent } from '../db/content-version'
import { screenSeo } from '../db/schema'

/** Every fixed screen's overrides; none saved: none. */
export async function readScreensSeo(db: Db): Promise<ScreensSeo> {
  const rows = await db.select().from(screenSeo)
  const saved = new Map(rows.map((row) => [row.screen, row]))
  return Object.fromEntries(
    SEO_SCREENS.map((screen) => {
      const row = saved.get(screen)
      return [
        screen,
        row
          ? {
              seo_description: row.seo_description,
              share_image: row.share_image,
              noindex: row.noindex,
            }
          : noSeo,
      ]
    }),
  ) as ScreensSeo
}

export async function saveScreenSeo(
  db: Db,
  screen: SeoScreen,
  values: ScreenSeo,
  now: Date,
): Promise<ScreensSeo> {
  await writeContent(db, (tx) =>
    tx
      .insert(screenSeo)
      .values({ screen, ...values, updated_at: now })
      .onConflictDoUpdate({ target: screenSeo.screen, set: { ...values, updated_at: now } }),
  )
  return readScreensSeo(db)
}
