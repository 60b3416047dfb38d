import { notFound } from '@tanstack/react-router'
import { httpStatusOf } from './api-errors'

/**
 * A page's item the server does not have (404) or whose address it refuses
 * (400) is the route's not-found page; any other failure stays what it was.
 * Apart from api-errors.ts, which the contact form's island imports: that
 * island carries no router.
 */
export function notFoundOrRethrow(error: unknown): never {
  const status = httpStatusOf(error)
  if (status === 404 || status === 400) throw notFound()
  throw error
}
