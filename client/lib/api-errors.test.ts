import { describe, expect, test } from 'bun:test'
import { httpStatusOf, serverFieldsOf } from './api-errors'

/** A tRPC client error as the client builds it from a server's answer. */
function clientError(data: unknown, message = 'Invalid input.') {
  return Object.assign(new Error(message), { name: 'TRPCClientError', data })
}

describe('serverFieldsOf', () => {
  test('the first message of each field the server refused', () => {
    const error = clientError({
      httpStatus: 400,
      fields: {
        email: ['Email must be a valid email address.', 'second'],
        name: ['Name is required.'],
      },
    })
    expect(httpStatusOf(error)).toBe(400)
    expect(serverFieldsOf(error)).toEqual({
      email: 'Email must be a valid email address.',
      name: 'Name is required.',
    })
  })

  test('null without fields, with empty ones, or for anything but a tRPC client error', () => {
    expect(serverFieldsOf(clientError({ httpStatus: 500 }))).toBeNull()
    expect(serverFieldsOf(clientError({ httpStatus: 400, fields: null }))).toBeNull()
    expect(serverFieldsOf(clientError({ httpStatus: 400, fields: { a: [] } }))).toBeNull()
    expect(serverFieldsOf(new Error('plain'))).toBeNull()
    expect(serverFieldsOf({ data: { fields: { a: ['x'] } } })).toBeNull()
  })
})
