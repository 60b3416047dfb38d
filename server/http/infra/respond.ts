/** JSON response with an `{ error }` body: the one shape every error takes. */
export function jsonError(
  status: number,
  error: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Response {
  return Response.json({ error, ...extra }, { status, headers })
}

export function json(status: number, body: unknown): Response {
  if (status === 204) return new Response(null, { status })
  return Response.json(body, { status })
}
