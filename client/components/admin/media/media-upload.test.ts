import { describe, expect, test } from 'bun:test'
import { errorSentenceOf, UploadError, uploadImage } from './media-upload'

describe('errorSentenceOf', () => {
  test('the sentence of a REST error body', () => {
    expect(errorSentenceOf({ error: 'The request body is too large (the limit is 15 MB).' })).toBe(
      'The request body is too large (the limit is 15 MB).',
    )
  })

  test('null for anything else: no body (not JSON), another shape, a blank sentence', () => {
    expect(errorSentenceOf(null)).toBeNull()
    expect(errorSentenceOf('<html>502</html>')).toBeNull()
    expect(errorSentenceOf({ message: 'x' })).toBeNull()
    expect(errorSentenceOf({ error: 42 })).toBeNull()
    expect(errorSentenceOf({ error: '  ' })).toBeNull()
  })
})

describe('uploadImage', () => {
  test('a file over 15 MB is refused before any request, with its size and the limit', async () => {
    const big = new File([new Uint8Array(20 * 1024 * 1024)], 'holiday.jpg', { type: 'image/jpeg' })
    let sent = false
    const original = globalThis.XMLHttpRequest
    // Any request made would be seen here.
    globalThis.XMLHttpRequest = class {
      constructor() {
        sent = true
      }
    } as unknown as typeof XMLHttpRequest
    try {
      const refusal = await uploadImage(big, () => {}).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(UploadError)
      expect((refusal as UploadError).message).toBe(
        'The image is too large (20 MB): the limit is 15 MB. Make it smaller (export it at a lower size or quality) and try again.',
      )
      expect((refusal as UploadError).status).toBeNull()
      expect(sent).toBe(false)
    } finally {
      globalThis.XMLHttpRequest = original
    }
  })
})
