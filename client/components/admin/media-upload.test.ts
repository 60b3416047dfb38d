import { describe, expect, test } from 'bun:test'
import { errorSentenceOf } from './media-upload'

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
