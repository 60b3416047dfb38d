/**
 * The sentences a client reads when something fails for a reason of its own
 * kind rather than of one feature: one table, used by every door (REST,
 * tRPC, pages, the server's last-resort handler), so they say the same
 * thing in the same words.
 */
export const messages = {
  internal: 'Something went wrong on our side. Please try again later.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  notFound: 'Not found.',
  noApiEndpoint: 'There is no API endpoint at this path.',
  invalidRequest: 'The request is not valid.',
  invalidUrl: 'The URL is not valid.',
  notJson: 'The request body is not valid JSON.',
  notUtf8: 'The request body is not valid UTF-8.',
  notObject: 'The request body must be a JSON object.',
  tooDeep: 'The request body is nested too deeply.',
  inputTooDeep: 'The input is nested too deeply.',
  mustBeJson: 'The request body must be JSON (Content-Type: application/json).',
  ifMatchInvalid:
    'If-Match must be the ETag of a read of this item ("<version>", the number the read answers as `version`), or *.',
  ifMatchDiffers: "If-Match and the body's `version` name two different versions: send one.",
  mustBeMultipart: 'The request body must be a form upload (Content-Type: multipart/form-data).',
  notMultipart: 'The request body is not a valid multipart/form-data form.',
  tooLarge: 'The request body is too large.',
  methodNotAllowed: 'This method is not allowed here.',
  signInRequired: 'You need to sign in to do this.',
  tooManyRequests: 'Too many requests. Please try again later.',
  notCompleted: 'The request could not be completed.',
} as const
