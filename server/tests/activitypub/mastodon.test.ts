/**
 * The site against a fake Mastodon (support/fake-mastodon.ts, which checks
 * signatures its own way, as Mastodon does): the account resolves through
 * WebFinger to an actor with what Mastodon requires; a Follow signed the
 * Mastodon way is verified and accepted; a published note reaches
 * Mastodon's shared inbox with a draft-cavage signature it verifies (the
 * RFC 9421 first knock refused, the fallback remembered); a dead inbox is
 * retried with backoff and given up after the bounded time.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { eq } from 'drizzle-orm'
import { ACTIVITYPUB_DELIVER_JOB } from '../../activitypub/delivery'
import { activitypubDeliveries } from '../../db/schema'
import { queueDelivery } from '../../services/activitypub'
import { type FakeMastodon, startFakeMastodon } from '../support/fake-mastodon'
import { type FediInstance, startFediInstance } from '../support/fedi-instances'

setDefaultTimeout(30_000)

let A: FediInstance
let mastodon: FakeMastodon
beforeAll(async () => {
  mastodon = startFakeMastodon({ extraAccounts: 1 })
  A = await startFediInstance({
    handle: 'ada',
    settings: { retryBaseMs: 60_000, retryMaxMs: 10 * 60_000, giveUpAfterMs: 60 * 60_000 },
  })
}, 60_000)
afterAll(async () => {
  await A?.close()
  mastodon?.stop()
})

describe('Mastodon finds the account', () => {
  test('WebFinger and the actor document pass Mastodon’s checks', async () => {
    const host = new URL(A.siteUrl).host
    const actor = await mastodon.resolve(`ada@${host}`, A.siteUrl)
    expect(actor).toMatchObject({
      preferredUsername: 'ada',
      inbox: A.paths.inbox,
      icon: { type: 'Image', url: `${A.siteUrl}/profile.svg` },
    })
  })
})

describe('Mastodon follows and receives', () => {
  test('a Follow signed as Mastodon signs is verified, and Accept comes back signed', async () => {
    const follow = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${mastodon.url}/follows/1`,
      type: 'Follow',
      actor: mastodon.actor,
      object: A.paths.actor,
    }
    const response = await mastodon.post(A.paths.inbox, follow)
    expect(response.status).toBe(202)
    const followers = await A.t.request('GET', '/api/activitypub/followers', { token: A.token })
    expect(followers.list).toEqual([
      expect.objectContaining({
        actor_id: mastodon.actor,
        handle: `@alice@${new URL(mastodon.url).host}`,
        name: 'Alice',
        icon_url: `${mastodon.url}/alice.png`,
        status: 'accepted',
      }),
    ])
    await A.federate()
    expect(mastodon.accepted).toEqual([
      expect.objectContaining({ type: 'Accept', actor: A.paths.actor }),
    ])
    // The first knock was RFC 9421, which Mastodon (here) refuses; draft-cavage then passed.
    expect(mastodon.refused.map((each) => each.reason)).toEqual(['no draft-cavage signature'])
  })

  test('a published note reaches the shared inbox once, signed the way Mastodon checks', async () => {
    const created = await A.t.request('POST', '/api/notes', {
      token: A.token,
      body: {
        title: 'To Mastodon',
        summary: 'Short and sweet.',
        body: 'Body text.',
        tags: ['Fediverse'],
        status: 'published',
      },
    })
    expect(created.status).toBe(201)
    await A.federate()
    await A.federate()
    const creates = mastodon.accepted.filter((each) => each.type === 'Create')
    expect(creates).toHaveLength(1)
    expect(creates[0]?.object).toMatchObject({ type: 'Article', name: 'To Mastodon' })
    // The inbox's kind of signature was remembered: no second refusal.
    expect(mastodon.refused).toHaveLength(1)
  })

  test('a forged signature is refused by the fake, as by Mastodon', async () => {
    const response = await fetch(`${mastodon.url}/inbox`, {
      method: 'POST',
      headers: {
        'content-type': 'application/activity+json',
        date: new Date().toUTCString(),
        signature: `keyId="${A.paths.rsaKey}",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="AAAA"`,
      },
      body: '{}',
    })
    expect(response.status).toBe(401)
  })
})

describe('projects, when the owner federates them', () => {
  test('a published project arrives as an Article; taken out of publication, as Delete', async () => {
    const creates = () =>
      mastodon.accepted.filter(
        (each) =>
          each.type === 'Create' &&
          String((each.object as Record<string, unknown>).id).includes('/ap/projects/'),
      )
    const project = await A.t.request('POST', '/api/projects', {
      token: A.token,
      body: {
        title: 'Fediverse project',
        description: 'A project that travels.',
        long_description: 'Built with **Bun**.',
        tags: ['Bun'],
        image_urls: ['/media/shot.png'],
      },
    })
    expect(project.status).toBe(201)
    // Off by default: projects stay home.
    await A.federate()
    expect(creates()).toHaveLength(0)
    const on = await A.t.request('PUT', '/api/activitypub/settings', {
      token: A.token,
      body: {
        enabled: true,
        handle: 'ada',
        object_type: 'Article',
        approve_follows: false,
        federate_projects: true,
      },
    })
    expect(on.body.federate_projects).toBe(true)
    await A.federate()
    expect(creates()).toHaveLength(1)
    expect(creates()[0]?.object).toMatchObject({
      id: `${A.siteUrl}/ap/projects/${project.id}`,
      type: 'Article',
      name: 'Fediverse project',
      summary: 'A project that travels.',
      url: `${A.siteUrl}/projects/${project.body.slug}`,
    })
    expect(JSON.stringify(creates()[0]?.object)).toContain(`${A.siteUrl}/media/shot.png`)
    const removed = await A.t.request('DELETE', `/api/projects/${project.id}`, { token: A.token })
    expect(removed.status).toBe(204)
    await A.federate()
    const deletes = mastodon.accepted.filter(
      (each) =>
        each.type === 'Delete' &&
        (each.object as Record<string, unknown>).id === `${A.siteUrl}/ap/projects/${project.id}`,
    )
    expect(deletes).toHaveLength(1)
    const status = await A.t.request('GET', '/api/activitypub/deliveries', { token: A.token })
    expect(JSON.stringify(status.list)).toContain('Project: Fediverse project')
  })
})

describe('follows that wait for approval', () => {
  test('a follow waits, gets no Accept until approved, then does', async () => {
    const settings = await A.t.request('PUT', '/api/activitypub/settings', {
      token: A.token,
      body: { enabled: true, handle: 'ada', object_type: 'Article', approve_follows: true },
    })
    expect(settings.status).toBe(200)
    const actor = await A.t.request('GET', '/ap/users/site', {
      headers: { accept: 'application/activity+json' },
    })
    expect(actor.body.manuallyApprovesFollowers).toBe(true)
    const follow = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${mastodon.url}/follows/u1`,
      type: 'Follow',
      actor: mastodon.actorOf('u1'),
      object: A.paths.actor,
    }
    expect((await mastodon.post(A.paths.inbox, follow, 'u1')).status).toBe(202)
    const accepts = () =>
      mastodon.arrivals.filter(
        (each) => each.activity.type === 'Accept' && each.path === '/users/u1/inbox',
      )
    await A.federate()
    expect(accepts()).toHaveLength(0)
    const list = await A.t.request('GET', '/api/activitypub/followers', { token: A.token })
    const waiting = (list.list as { id: number; status: string; actor_id: string }[]).find(
      (each) => each.actor_id === mastodon.actorOf('u1'),
    )
    expect(waiting?.status).toBe('pending')
    const counts = await A.t.request('GET', '/api/activitypub/settings', { token: A.token })
    expect(counts.body).toMatchObject({ followers: 1, pending: 1 })
    const approved = await A.t.request(
      'POST',
      `/api/activitypub/followers/${waiting?.id}/approve`,
      { token: A.token },
    )
    expect(approved.status).toBe(200)
    await A.federate()
    expect(accepts()).toHaveLength(1)
    expect(accepts()[0]?.activity.object).toMatchObject({ id: follow.id })
  })
})

describe('a dead inbox', () => {
  test('is tried again with a growing wait, then given up after the bounded time', async () => {
    const dead = 'http://127.0.0.1:9/inbox'
    const now = A.t.clock.now()
    await queueDelivery(A.t.db, {
      activity: {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${A.paths.actor}#dead-1`,
        type: 'Update',
        actor: A.paths.actor,
        object: A.paths.actor,
      },
      inboxes: [dead],
      now,
    })
    const row = async () =>
      (
        await A.t.db
          .select()
          .from(activitypubDeliveries)
          .where(eq(activitypubDeliveries.inbox, dead))
      )[0]
    await A.t.jobs.runNow(ACTIVITYPUB_DELIVER_JOB)
    const first = await row()
    expect(first).toMatchObject({ status: 'pending', attempts: 1 })
    expect(first?.last_error).toContain('could not be reached')
    expect(first?.next_attempt_at.getTime()).toBe(now.getTime() + 60_000)
    // Not due yet: nothing is tried.
    await A.t.jobs.runNow(ACTIVITYPUB_DELIVER_JOB)
    expect((await row())?.attempts).toBe(1)
    A.t.clock.advance(60_000)
    await A.t.jobs.runNow(ACTIVITYPUB_DELIVER_JOB)
    const second = await row()
    expect(second).toMatchObject({ status: 'pending', attempts: 2 })
    expect(second?.next_attempt_at.getTime()).toBe(now.getTime() + 60_000 + 120_000)
    // Past the bounded time: given up, and the admin's status says so.
    A.t.clock.advance(60 * 60_000)
    await A.t.jobs.runNow(ACTIVITYPUB_DELIVER_JOB)
    expect((await row())?.status).toBe('failed')
  })
})
