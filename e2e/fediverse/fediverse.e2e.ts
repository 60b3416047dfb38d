/**
 * Settings → Fediverse, on a server of its own whose SITE_URL is its
 * loopback address (the test-only setting allows http and loopback): the
 * owner turns federation on; a Mastodon account (a small fake server this
 * file runs, signing as Mastodon does) follows the site and shows in the
 * followers list; a published note reaches its inbox; its reply appears
 * in the admin, waiting, and is approved. axe and pictures of the screen.
 */
import { createHash, createSign, generateKeyPairSync } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { allowUpTo, e2eAdmin, expect, expectNoAxeViolations, signInPage, test } from '../fixtures'
import { freePort } from '../support/free-port'
import { type OwnServer, startOwnServer } from '../support/own-server'
import { pictures } from '../support/pictures'

test.describe('the site followed from Mastodon', () => {
  test.describe.configure({ mode: 'serial' })

  let server: OwnServer | undefined
  let mastodon: Server | undefined
  let base = ''
  let fake = ''
  const inbox: Record<string, unknown>[] = []
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString()

  /** Posts `activity` to `url` signed as alice, the way Mastodon signs (draft-cavage, rsa-sha256). */
  async function post(url: string, activity: Record<string, unknown>): Promise<number> {
    const body = JSON.stringify(activity)
    const target = new URL(url)
    const date = new Date().toUTCString()
    const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`
    const signer = createSign('RSA-SHA256')
    signer.update(
      [
        `(request-target): post ${target.pathname}`,
        `host: ${target.host}`,
        `date: ${date}`,
        `digest: ${digest}`,
      ].join('\n'),
    )
    const signature = signer.sign(keys.privateKey, 'base64')
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/activity+json',
        date,
        digest,
        signature: `keyId="${fake}/users/alice#main-key",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="${signature}"`,
      },
      body,
    })
    return response.status
  }

  test.beforeAll(async () => {
    allowUpTo(90_000)
    const port = await freePort()
    fake = `http://127.0.0.1:${port}`
    mastodon = createServer((request, response) => {
      if (request.method === 'POST') {
        let body = ''
        request.on('data', (chunk: Buffer) => {
          body += chunk.toString()
        })
        request.on('end', () => {
          inbox.push(JSON.parse(body) as Record<string, unknown>)
          response.writeHead(202).end()
        })
        return
      }
      if (request.url === '/users/alice') {
        response.writeHead(200, { 'content-type': 'application/activity+json' }).end(
          JSON.stringify({
            '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
            id: `${fake}/users/alice`,
            type: 'Person',
            preferredUsername: 'alice',
            name: 'Alice Example',
            inbox: `${fake}/users/alice/inbox`,
            endpoints: { sharedInbox: `${fake}/inbox` },
            url: `${fake}/@alice`,
            publicKey: {
              id: `${fake}/users/alice#main-key`,
              owner: `${fake}/users/alice`,
              publicKeyPem: publicPem,
            },
          }),
        )
        return
      }
      response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => mastodon?.listen(port, '127.0.0.1', resolve))
    server = await startOwnServer({
      name: 'portfolio-fediverse-e2e',
      siteUrl: true,
      env: {
        LOG_LEVEL: 'error',
        ADMIN_USERNAME: e2eAdmin.username,
        ADMIN_PASSWORD: e2eAdmin.password,
        ACTIVITYPUB_ALLOW_LOOPBACK: 'on',
        ACTIVITYPUB_POLL: '300ms',
        JOBS_POLL: '300ms',
      },
    })
    base = server.base
  })

  test.afterAll(async () => {
    await server?.stop()
    await new Promise<void>((resolve) => (mastodon ? mastodon.close(() => resolve()) : resolve()))
  })

  test('turned on, followed, a note delivered and a reply approved in the admin', async ({
    page,
  }) => {
    allowUpTo(90_000)
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(e2eAdmin),
    })
    const { token } = (await login.json()) as { token: string }
    await signInPage(page, token)
    await page.goto(`${base}/admin/fediverse`)
    const form = page.getByRole('form', { name: 'The site as an account' })
    await expect(page.getByText('No one follows the site yet.')).toBeVisible()
    await form.getByLabel('Handle').fill('not a handle!')
    await form.getByLabel('Let people follow this site from the fediverse').check()
    await form.getByRole('button', { name: 'Save fediverse settings' }).click()
    await expect(
      form.getByText('Handle must be 1 to 30 letters, digits or underscores.').first(),
    ).toBeVisible()
    await form.getByLabel('Handle').fill('ada')
    await form.getByRole('button', { name: 'Save fediverse settings' }).click()
    const host = new URL(base).host
    await expect(page.getByText(`Federation is on: people can follow @ada@${host}.`)).toBeVisible()

    // Alice follows from her server.
    const actor = `${base}/ap/users/site`
    expect(
      await post(`${actor}/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${fake}/follows/1`,
        type: 'Follow',
        actor: `${fake}/users/alice`,
        object: actor,
      }),
    ).toBe(202)
    await page.reload()
    const followers = page.getByRole('region', { name: 'Followers' })
    await expect(followers.getByText('Alice Example')).toBeVisible()
    await expect(followers.getByText(`@alice@127.0.0.1:${new URL(fake).port}`)).toBeVisible()
    await expect(followers.getByText('Following')).toBeVisible()

    // A note, published: its Create reaches Alice's server.
    const note = await fetch(`${base}/api/notes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Hello, fediverse',
        summary: 'The first note followers see.',
        body: 'Written on my own site.',
        tags: ['Fediverse'],
        status: 'published',
      }),
    })
    const created = (await note.json()) as { id: number }
    await expect
      .poll(() => inbox.filter((activity) => activity.type === 'Create').length, {
        timeout: 20_000,
      })
      .toBe(1)
    const object = (inbox.find((activity) => activity.type === 'Create')?.object ?? {}) as Record<
      string,
      unknown
    >
    expect(object.id).toBe(`${base}/ap/notes/${created.id}`)

    // Alice replies; the reply waits in the admin until approved.
    expect(
      await post(`${base}/ap/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${fake}/statuses/1/activity`,
        type: 'Create',
        actor: `${fake}/users/alice`,
        object: {
          id: `${fake}/statuses/1`,
          type: 'Note',
          attributedTo: `${fake}/users/alice`,
          inReplyTo: object.id,
          content: '<p>Welcome to the fediverse!</p>',
          published: new Date().toISOString(),
        },
      }),
    ).toBe(202)
    await page.reload()
    const replies = page.getByRole('region', { name: 'Replies, likes and boosts' })
    await expect(replies.getByText('Welcome to the fediverse!')).toBeVisible()
    await expect(replies.getByText('Waiting for approval')).toBeVisible()
    const delivery = page.getByRole('region', { name: 'Delivery' })
    await expect(delivery.getByRole('cell', { name: 'Hello, fediverse' })).toBeVisible()
    await expectNoAxeViolations(page)
    await pictures(page, 'fediverse/fediverse', { fullPage: true })

    await replies.getByRole('button', { name: "Approve Alice Example's reply" }).click()
    await expect(page.getByText("Alice Example's reply is shown under the note.")).toBeVisible()
    await expect(replies.getByText('Shown')).toBeVisible()
    const shown = await fetch(`${base}/api/conversations/of/note/${created.id}`)
    expect(JSON.stringify(await shown.json())).toContain('Welcome to the fediverse!')
  })
})
