/**
 * Backup and restore through the service on the harness database: a round
 * trip that compares every row to the microsecond, a restore that fails
 * inside the database and changes nothing, and one snapshot while projects are
 * created and renamed alongside. PGlite always; PostgreSQL too when
 * DATABASE_URL is set.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { eq, sql } from 'drizzle-orm'
import { type Backup, parseBackup, serializeBackup } from '../../backup/format'
import { restoreBackup } from '../../backup/restore'
import { readBackup } from '../../backup/snapshot'
import { adminUsers, profile } from '../../db/schema'
import { setAdminPassword } from '../../services/auth/account'
import { idsOf } from '../support/backup-targets'
import { ADMIN, createTestApp, sample, type TestApp } from '../support/harness'

describe('round trip through the service (harness database)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.close())

  test('backup, alter everything, restore: every row is back, to the microsecond; ids continue', async () => {
    // The app keeps one admin; a backup holds whatever rows there are.
    await t.db
      .insert(adminUsers)
      .values({ username: 'second', password_hash: await Bun.password.hash('another passphrase') })
    const token = await t.login()
    const alpha = await t.request('POST', '/api/projects', {
      token,
      body: {
        ...sample.project('Alpha Site'),
        website_url: 'https://alpha.example.com',
        image_urls: ['https://img.example.com/a.png', '/img/b.png'],
        tags: ['react', 'sql'],
        is_featured: true,
      },
    })
    const beta = await t.request('POST', '/api/projects', {
      token,
      body: sample.project('Beta Tool'),
    })
    expect([alpha.status, beta.status]).toEqual([201, 201])
    // A renamed project: it answers to two slugs.
    const renamed = await t.request('PUT', `/api/projects/${beta.id}`, {
      token,
      body: sample.project('Beta Tool Two'),
    })
    expect(renamed.body.slug).toBe('beta-tool-two')
    for (const body of [
      {
        title: 'Intern',
        start_date: 'Jun 2023',
        end_date: 'Aug 2023',
        position: 'Developer',
        icon_path: '/icons/work.svg',
        description: ['Built "things"', 'Ünïcödé ✓'],
      },
      { title: 'University', start_date: 'Sep 2022', event_type: 'education' },
    ]) {
      expect((await t.request('POST', '/api/timeline', { token, body })).status).toBe(201)
    }
    for (const message of ['Hello!', 'Line one\nLine two', 'Grüße 🎉 "quoted" \\ backslash']) {
      const sent = await t.request('POST', '/api/contact', {
        body: { ...sample.message(), message },
      })
      expect(sent.status).toBe(201)
    }

    const before = await t.snapshot()
    expect(before.sessions.length).toBeGreaterThan(0)
    const text = serializeBackup(await readBackup(t.db, t.database.kind, t.mediaStore))
    const backup = parseBackup(text)
    expect(backup).toMatchObject({ format: 'portfolio-backup', version: 10 })
    expect(idsOf(backup.tables.projects)).toEqual(idsOf(before.projects))
    expect(idsOf(backup.tables.messages)).toEqual(idsOf(before.messages))
    expect(idsOf(backup.tables.timeline_events)).toEqual(idsOf(before.timeline_events))
    expect(backup.tables.admin_users.map((user) => user.username).sort()).toEqual([
      'owner',
      'second',
    ])
    expect(
      backup.tables.project_slugs
        .filter((row) => row.project_id === beta.id)
        .map((row) => row.slug)
        .sort(),
    ).toEqual(['beta-tool', 'beta-tool-two'])
    // Timestamps keep all six fractional digits.
    expect(backup.tables.admin_users[0]?.created_at).toMatch(/\.\d{6}Z$/)
    // No sessions, no throttle counters.
    expect(text).not.toContain('token_hash')
    expect(text).not.toContain('throttle')

    // Alter everything.
    expect((await t.request('DELETE', `/api/projects/${alpha.id}`, { token })).status).toBe(204)
    await t.request('PUT', `/api/projects/${beta.id}`, { token, body: sample.project('Gamma') })
    await t.request('POST', '/api/projects', { token, body: sample.project('Intruder') })
    await t.request('POST', '/api/timeline', { token, body: sample.event('Extra') })
    await t.request('POST', '/api/contact', { body: sample.message() })
    const firstMessage = before.messages[0]?.id
    await t.request('DELETE', `/api/contact/${firstMessage}`, { token })
    await t.db.update(profile).set({ name: 'Someone Else' }).where(eq(profile.id, 1))
    await setAdminPassword(t.db, ADMIN.username, 'a different passphrase')
    await t.db.delete(adminUsers).where(eq(adminUsers.username, 'second'))
    await t.db.insert(adminUsers).values({ username: 'intruder', password_hash: 'x' })
    expect(await t.snapshot()).not.toEqual(before)

    await restoreBackup(t.db, backup, t.mediaStore)
    expect(await t.snapshot()).toEqual({ ...before, sessions: [] })
    expect((await readBackup(t.db, t.database.kind, t.mediaStore)).tables).toEqual(backup.tables)

    // The restored password hash is the one that works; the later one does not.
    const again = await t.login()
    expect(
      (
        await t.request('POST', '/api/auth/login', {
          body: { username: ADMIN.username, password: 'a different passphrase' },
        })
      ).status,
    ).toBe(401)
    // The old session is gone.
    expect((await t.request('GET', '/api/auth/me', { token })).status).toBe(401)
    // Both slugs answer for the renamed project; a new project cannot take them.
    for (const slug of ['beta-tool', 'beta-tool-two']) {
      expect((await t.request('GET', `/api/projects/${slug}`)).id).toBe(beta.id)
    }
    const next = await t.request('POST', '/api/projects', {
      token: again,
      body: sample.project('Beta Tool'),
    })
    expect(next.status).toBe(201)
    expect(next.body.slug).toBe('beta-tool-2')
    // Sequences continue after the restored rows: no collision.
    expect(next.id).toBeGreaterThan(Math.max(...idsOf(before.projects)))
    const message = await t.request('POST', '/api/contact', { body: sample.message() })
    expect(message.status).toBe(201)
    expect(message.id).toBeGreaterThan(Math.max(...idsOf(before.messages)))
    const event = await t.request('POST', '/api/timeline', {
      token: again,
      body: sample.event('After'),
    })
    expect(event.status).toBe(201)
    expect(event.id).toBeGreaterThan(Math.max(...idsOf(before.timeline_events)))
  })

  test('a restore that fails inside the database changes nothing (one transaction)', async () => {
    const backup = await readBackup(t.db, t.database.kind, t.mediaStore)
    const first = backup.tables.messages[0]
    if (!first) throw new Error('no message to copy')
    // 30 February passes JSON parsing but not PostgreSQL; parseBackup refuses it first.
    const broken: Backup = {
      ...backup,
      tables: {
        ...backup.tables,
        messages: [
          ...backup.tables.messages,
          { ...first, id: 9_999, created_at: '2024-02-30T00:00:00Z' },
        ],
      },
    }
    expect(() => parseBackup(JSON.stringify(broken))).toThrow(/not a real date/)
    const before = await t.snapshot()
    // Straight to the database, past the validation: it fails after the truncate.
    await expect(restoreBackup(t.db, broken, t.mediaStore)).rejects.toThrow()
    expect(await t.snapshot()).toEqual(before)
  })

  test('a backup is one snapshot while projects are created and renamed alongside', async () => {
    const own = await createTestApp()
    try {
      // Many rows make each table read take a while: reads outside one snapshot
      // would then very likely see a project created between two of them.
      await own.db.execute(
        sql.raw(`with made as (
          insert into projects (slug, title, description, long_description)
          select 'bulk-' || n, 'Bulk ' || n, 'd', 'l' from generate_series(1, 3000) as n
          returning id, slug)
        insert into project_slugs (slug, project_id) select slug, id from made`),
      )
      const token = await own.login()
      let stop = false
      let writes = 0
      const writer = async (w: number) => {
        for (let i = 0; !stop; i++) {
          const created = await own.request('POST', '/api/projects', {
            token,
            body: sample.project(`Snapshot ${w} ${i}`),
          })
          const renamed = await own.request('PUT', `/api/projects/${created.id}`, {
            token,
            body: sample.project(`Snapshot ${w} ${i} renamed`),
          })
          if (renamed.status !== 200) throw new Error(`rename: ${renamed.status}`)
          writes += 2
        }
      }
      const writers = [writer(0), writer(1), writer(2)]
      let backups = 0
      try {
        // No timers here: with the in-memory PGlite the writers never yield to
        // the event loop, only to other promises (like these reads).
        for (; backups < 25; backups++) {
          // parseBackup refuses a project whose slug is missing from project_slugs,
          // or a slug whose project is missing: what reads outside one snapshot give.
          const backup = parseBackup(
            serializeBackup(await readBackup(own.db, own.database.kind, own.mediaStore)),
          )
          expect(backup.tables.projects.length).toBeGreaterThanOrEqual(3000)
        }
      } finally {
        stop = true
        await Promise.allSettled(writers)
      }
      await Promise.all(writers)
      expect(writes).toBeGreaterThan(0)
    } finally {
      await own.close()
    }
  }, 120_000)
})
