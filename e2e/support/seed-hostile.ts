/**
 * Run by Bun (not Playwright): creates a PGlite data directory holding
 * hostile content written straight into the tables, bypassing the API's
 * validation, as an attacker with database access or an old bug would.
 *   bun e2e/support/seed-hostile.ts <dataDir>
 */
import { migrateDatabase, openDatabase } from '../../server/db/client'
import { messages, profile, projectSlugs, projects, timelineEvents } from '../../server/db/schema'
import { setAdminPassword } from '../../server/services/auth/account'

export const HOSTILE_ADMIN = { username: 'hostile-admin', password: 'hostile admin password' }
export const XSS = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">'

const dataDir = process.argv[2]
if (!dataDir) throw new Error('usage: bun e2e/support/seed-hostile.ts <dataDir>')

const database = await openDatabase({ kind: 'pglite', dataDir })
try {
  await migrateDatabase(database)
  const { db } = database
  await db.insert(profile).values({
    id: 1,
    name: `Mallory ${XSS}`,
    birth_year: 2001,
    email: 'mallory@example.com"><script>window.__pwned=3</script>',
    university: `Evil U ${XSS}`,
    major: 'Computer Science',
    focus: 'fullstack development with React, Node.js and SQL',
    minor: 'Cybersecurity and Mathematics',
    headline: `Hi ${XSS}`,
    linkedin_url: 'javascript:window.__pwned=4',
    github_url: 'data:text/html,<script>window.__pwned=5</script>',
    photo_url: 'javascript:window.__pwned=6',
  })
  const [project] = await db
    .insert(projects)
    .values({
      slug: 'hostile-project',
      title: `Hostile project ${XSS}`,
      description: `Short ${XSS}`,
      long_description: `Long <iframe src="javascript:window.__pwned=7"></iframe> ${XSS}`,
      website_url: 'javascript:window.__pwned=8',
      image_urls: ['javascript:window.__pwned=9', 'data:image/svg+xml,<svg onload=alert(1)>'],
      tags: ['<b onmouseover="window.__pwned=10">tag</b>', XSS],
      is_featured: true,
    })
    .returning()
  if (!project) throw new Error('no project')
  await db.insert(projectSlugs).values({ slug: 'hostile-project', project_id: project.id })
  await db.insert(timelineEvents).values([
    {
      title: `Hostile job ${XSS}`,
      start_date: `2024 ${XSS}`,
      end_date: null,
      position: `Role ${XSS}`,
      icon_path: 'javascript:window.__pwned=11',
      description: [XSS, '<a href="javascript:window.__pwned=12">click</a>'],
      event_type: 'experience',
    },
    {
      title: `Hostile school ${XSS}`,
      start_date: '2020',
      end_date: `2024 ${XSS}`,
      position: 'Student',
      icon_path: 'data:text/html,<script>window.__pwned=13</script>',
      description: [XSS],
      event_type: 'education',
    },
  ])
  await db.insert(messages).values({
    name: `Hostile sender ${XSS}`,
    email: 'x@example.com"><script>window.__pwned=14</script>',
    message: `Hostile message ${XSS}`,
  })
  await setAdminPassword(db, HOSTILE_ADMIN.username, HOSTILE_ADMIN.password)
} finally {
  await database.close()
}
