/**
 * The upload → serve → delete journey, the same for every media store: the
 * folder suite (media.test.ts) and the S3 suite (media-s3.test.ts) run it
 * against their own backend.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import sharp from 'sharp'
import type { MediaStore } from '../../media/store'
import { createTestApp, isRecord, type TestApp, toTestResponse } from './harness'
import { solid, upload, uploadForm } from './media-fixtures'

const keyOf = (url: unknown) => String(url).replace(/^\/media\//, '')

export function storeJourney(
  name: string,
  makeStore: () => Promise<{ store: MediaStore; remove: () => void | Promise<void> }>,
) {
  describe(`${name}: upload, serve, delete`, () => {
    let t: TestApp
    let token: string
    let store: MediaStore
    let remove: () => void | Promise<void>
    beforeAll(async () => {
      ;({ store, remove } = await makeStore())
      t = await createTestApp({ mediaStore: store })
      token = await t.login()
    })
    afterAll(async () => {
      await t.close()
      await remove()
    })

    let created: Record<string, unknown>
    let urls: string[]

    test('an upload stores the fallback and every variant', async () => {
      const jpeg = await solid(1400, 900, '#4a7a3b').jpeg().toBuffer()
      const r = await upload(t.app, token, uploadForm(jpeg, { name: 'a.jpg', alt: 'Green' }))
      expect(r.status).toBe(201)
      created = r.body
      const variants = Array.isArray(created.variants) ? created.variants : []
      urls = [String(created.url), ...variants.map((v) => (isRecord(v) ? String(v.url) : ''))]
      expect(urls).toHaveLength(5) // the JPEG, then 320, 640, 960 and 1280 wide WebP
      for (const url of urls) expect(await store.exists(keyOf(url))).toBe(true)
    })

    test('each file is served whole, by range, and revalidated', async () => {
      for (const url of urls) {
        const key = keyOf(url)
        const size = await store.size(key)
        const whole = await t.app.handle(new Request(`http://localhost${url}`))
        expect(whole.status).toBe(200)
        expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
        const bytes = new Uint8Array(await whole.arrayBuffer())
        expect(bytes.byteLength).toBe(size ?? -1)
        const format = (await sharp(bytes).metadata()).format
        expect(format).toBe(url.endsWith('.jpg') ? 'jpeg' : 'webp')

        const part = await t.app.handle(
          new Request(`http://localhost${url}`, { headers: { range: 'bytes=4-11' } }),
        )
        expect(part.status).toBe(206)
        expect(part.headers.get('content-range')).toBe(`bytes 4-11/${size}`)
        expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(4, 12))

        const etag = whole.headers.get('etag') ?? ''
        const again = await t.app.handle(
          new Request(`http://localhost${url}`, { headers: { 'if-none-match': etag } }),
        )
        expect(again.status).toBe(304)
      }
    })

    test('the same bytes again are the same image', async () => {
      const jpeg = await solid(1400, 900, '#4a7a3b').jpeg().toBuffer()
      const r = await upload(t.app, token, uploadForm(jpeg, { name: 'again.jpg' }))
      expect(r.status).toBe(201)
      expect(r.body).toStrictEqual(created)
    })

    test('a delete moves it to the Trash; removing it for good removes every file', async () => {
      const call = async (method: string, path: string) =>
        toTestResponse(
          await t.app.handle(
            new Request(`http://localhost${path}`, {
              method,
              headers: { authorization: `Bearer ${token}` },
            }),
          ),
        )
      expect((await call('DELETE', `/api/media/${created.id}`)).status).toBe(204)
      // In the Trash its files stay, so a restore shows the image again.
      for (const url of urls) expect(await store.exists(keyOf(url))).toBe(true)
      expect((await call('DELETE', `/api/trash/image/${created.id}`)).status).toBe(204)
      for (const url of urls) {
        expect(await store.exists(keyOf(url))).toBe(false)
        expect((await t.app.handle(new Request(`http://localhost${url}`))).status).toBe(404)
      }
    })
  })
}
