/**
 * The Webmention endpoint (W3C Recommendation, §3.2): `POST /webmention` with the
 * form-encoded `source` and `target`, answered `202 Accepted` with the status address in
 * `Location` (`/webmention/<token>`), which answers JSON. The rules are the procedure's
 * (`webmentions.receive`, server/services/webmentions.ts), called with the request's own
 * context (its address, for the limit); verification happens later, in a job.
 */
import type { Logger } from '../../log'
import type { Context } from '../../trpc/context'
import { errorResponse, jsonError } from '../../trpc/errors'
import { createCaller } from '../../trpc/root'
import { readBody } from '../infra/body'

/** Two URLs: far below this. */
const FORM_LIMIT = 16 * 1024

export async function receiveWebmentionRequest(
  request: Request,
  context: Context,
  log: Logger,
): Promise<Response> {
  if (request.method !== 'POST') {
    return jsonError(405, 'Send a Webmention with POST.', {}, { allow: 'POST' })
  }
  const type = request.headers.get('content-type') ?? ''
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) {
    return jsonError(
      415,
      'Send source and target form-encoded (application/x-www-form-urlencoded).',
    )
  }
  const body = await readBody(request, FORM_LIMIT)
  if (!body.ok) return jsonError(body.status, body.message)
  const form = new URLSearchParams(body.value)
  const fields: Record<string, string> = {}
  for (const name of ['source', 'target'] as const) {
    const value = form.get(name)
    if (!value) {
      return jsonError(400, `${name === 'source' ? 'Source' : 'Target'} is required.`, {
        fields: { [name]: `${name === 'source' ? 'Source' : 'Target'} is required.` },
      })
    }
    fields[name] = value
  }
  try {
    const { token, status } = await createCaller(context).webmentions.receive({
      source: fields.source ?? '',
      target: fields.target ?? '',
    })
    const location = `/webmention/${token}`
    return Response.json(
      { status, status_url: location },
      { status: 202, headers: { location, 'cache-control': 'no-store' } },
    )
  } catch (error) {
    return errorResponse(error, { log, requestId: context.requestId })
  }
}

export async function webmentionStatusResponse(
  token: string,
  context: Context,
  log: Logger,
): Promise<Response> {
  try {
    const state = await createCaller(context).webmentions.status({ token })
    return Response.json(state, { headers: { 'cache-control': 'no-store' } })
  } catch (error) {
    return errorResponse(error, { log, requestId: context.requestId })
  }
}
