/**
 * The S3 media store against a local S3 server (s3rver, on a loopback port
 * this suite picks): the same upload → serve → delete journey as the folder
 * store (media-flow.ts), and what the store itself answers for missing keys.
 */
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test'
import S3rver from 's3rver'
import { createMediaStore, type MediaStore } from '../../media/store'
import { cleanupChildren, tempDir } from '../support/child-server'
import { storeJourney } from '../support/media-flow'

setDefaultTimeout(20_000)

const bucket = 'portfolio-media'
let server: S3rver
let endpoint: string

beforeAll(async () => {
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: tempDir('s3rver'),
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await server.run()
  endpoint = `http://127.0.0.1:${port}`
})

afterAll(async () => {
  await server.close()
  await cleanupChildren()
})

function s3Store(): MediaStore {
  return createMediaStore({
    kind: 's3',
    endpoint,
    bucket,
    region: 'us-east-1',
    // s3rver's own fixed credentials.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  })
}

storeJourney('the S3 store', async () => ({ store: s3Store(), remove: () => {} }))

test('the S3 store: a missing key has no size, does not exist, and deletes quietly', async () => {
  const store = s3Store()
  const key = `${'a'.repeat(64)}.jpg`
  expect(await store.size(key)).toBeNull()
  expect(await store.exists(key)).toBe(false)
  await store.delete(key)
  await store.put(key, new Uint8Array([1, 2, 3, 4, 5]), 'image/jpeg')
  expect(await store.size(key)).toBe(5)
  expect(
    new Uint8Array(await new Response(store.get(key, { start: 1, end: 3 })).arrayBuffer()),
  ).toEqual(new Uint8Array([2, 3, 4]))
  await store.delete(key)
  expect(await store.exists(key)).toBe(false)
})

test('the S3 store refuses names that are not keys', async () => {
  const store = s3Store()
  await expect(store.put('../escape.jpg', new Uint8Array([1]), 'image/jpeg')).rejects.toThrow(
    'not a media key',
  )
})
