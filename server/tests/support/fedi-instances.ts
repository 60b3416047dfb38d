/**
 * Instances of this app that federate on loopback: each a test app
 * (harness.ts) listening on its own port through `Bun.serve`, its
 * SITE_URL `http://127.0.0.1:<port>`, ActivityPub on with the test-only
 * setting that allows http and loopback. Every request a server answers is
 * kept (`seen`), so a test can tell what arrived in an inbox and what
 * the inbox answered.
 */
import { signRequest } from '@fedify/fedify'
import { sendSigned } from '../../activitypub/delivery'
import { actorKeyPairs } from '../../activitypub/keys'
import { type ActivityPubSettings, defaultActivityPubSettings } from '../../config'
import type { Database } from '../../db/client'
import { createLogger } from '../../log'
import { activityPubPaths, queueDelivery } from '../../services/activitypub'
import { freePort } from './child-server'
import { createTestApp, type TestApp } from './harness'

export const loopbackFederation: ActivityPubSettings = {
  ...defaultActivityPubSettings,
  allowLoopback: true,
  pollMs: 200,
  retryBaseMs: 200,
  retryMaxMs: 1_000,
  leaseMs: 2_000,
  timeoutMs: 5_000,
}

export interface Seen {
  method: string
  path: string
  status: number
  body: string
}

export interface FediInstance {
  t: TestApp
  token: string
  siteUrl: string
  paths: ReturnType<typeof activityPubPaths>
  seen: Seen[]
  /** The activities this instance's inboxes took (2xx), parsed. */
  received(): Record<string, unknown>[]
  /** Signs `activity` as this instance's actor and posts it to `inbox` now. */
  send(inbox: string, activity: Record<string, unknown>): Promise<{ ok: boolean; status?: number }>
  /** Runs the notes pass and the delivery here. */
  federate(): Promise<void>
  close(): Promise<void>
}

export async function startFediInstance(
  options: { database?: Database; settings?: Partial<ActivityPubSettings>; handle?: string } = {},
): Promise<FediInstance> {
  const port = freePort()
  const siteUrl = `http://127.0.0.1:${port}`
  const settings = { ...loopbackFederation, ...options.settings }
  const t = await createTestApp({
    siteUrl,
    database: options.database,
    config: { activitypub: settings },
  })
  const seen: Seen[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port,
    async fetch(request) {
      const url = new URL(request.url)
      const body = request.method === 'POST' ? await request.clone().text() : ''
      const response = await t.app.handle(request)
      seen.push({ method: request.method, path: url.pathname, status: response.status, body })
      return response
    },
  })
  const token = await t.login()
  const saved = await t.request('PUT', '/api/activitypub/settings', {
    token,
    body: {
      enabled: true,
      handle: options.handle ?? 'owner',
      object_type: 'Article',
      approve_follows: false,
    },
  })
  if (saved.status !== 200) throw new Error(`federation not turned on: ${saved.text}`)
  const paths = activityPubPaths(siteUrl)
  return {
    t,
    token,
    siteUrl,
    paths,
    seen,
    received: () =>
      seen
        .filter((each) => each.method === 'POST' && each.path.includes('inbox'))
        .filter((each) => each.status >= 200 && each.status < 300)
        .map((each) => JSON.parse(each.body) as Record<string, unknown>),
    async send(inbox, activity) {
      return sendSigned(
        t.db,
        { siteUrl, settings, log: createLogger('silent') },
        inbox,
        activity,
        await actorKeyPairs(t.db),
      )
    },
    async federate() {
      await t.jobs.runNow('activitypub-notes')
      await t.jobs.runNow('activitypub-deliver')
    },
    async close() {
      server.stop(true)
      await t.close()
    },
  }
}

/** A request signed as `from`'s actor whose body is then changed: what a forger in the middle sends. */
export async function tamperedPost(
  from: FediInstance,
  inbox: string,
  activity: Record<string, unknown>,
  changed: Record<string, unknown>,
): Promise<Response> {
  const [rsa] = await actorKeyPairs(from.t.db)
  if (!rsa) throw new Error('no key')
  const body = JSON.stringify(activity)
  const signed = await signRequest(
    new Request(inbox, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body,
    }),
    rsa.privateKey,
    new URL(from.paths.rsaKey),
    { spec: 'draft-cavage-http-signatures-12' },
  )
  return fetch(inbox, { method: 'POST', headers: signed.headers, body: JSON.stringify(changed) })
}

/** Puts an activity in `from`'s durable outbox for `inbox` (sent by its delivery job). */
export function queueFrom(from: FediInstance, inbox: string, activity: Record<string, unknown>) {
  return queueDelivery(from.t.db, { activity, inboxes: [inbox], now: from.t.clock.now() })
}
