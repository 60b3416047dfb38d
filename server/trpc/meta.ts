import { z } from 'zod'

/** A REST path under /api: literal segments and `:name` parameters. */
const restPath = z.string().regex(/^\/api(\/(:[a-z][a-z0-9_-]*|[a-z0-9][a-z0-9_-]*))+$/)

/**
 * What a procedure declares about itself, once, with `.meta()`: everything
 * the doors need besides its input and output schemas. The REST adapter,
 * the response cache and the cache headers are derived from these
 * (server/trpc/endpoints.ts), never kept in a second list.
 */
export const endpointMetaSchema = z.strictObject({
  /** The procedure's route on the REST door; absent: tRPC only. */
  rest: z
    .strictObject({
      method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
      /** Under /api; `:name` segments become input fields (a path id wins over a body id). */
      path: restPath,
      /**
       * Former paths of the route, after a rename: each answers exactly as
       * `path` does (the same procedure, the same parameters) for one
       * release, and the API reference lists it as deprecated (decision 0387).
       */
      aliases: z.array(restPath).default([]),
      /** Success status; 200 when absent. A 204 answers with no body. */
      status: z.union([z.literal(200), z.literal(201), z.literal(204)]).default(200),
      /**
       * The body a POST, PUT or PATCH reads. Absent: a JSON object of at
       * most 1 MB. `multipart`: `multipart/form-data`, whose parsed FormData
       * is the procedure's raw input (path parameters set on it).
       * `maxBytes`: the largest content accepted (a multipart body may
       * exceed it by its framing); a body over it is a 413. `field`: the
       * form field that carries the content, and `tooLarge` the sentence a
       * 413 then says (named under that field in `fields`, as a 400 names
       * its fields), declared length or streamed.
       */
      /**
       * A GET whose input also comes from the query string (`?group=…&from=…`,
       * each parameter's first value; path parameters win). Only a private
       * query may: a public read is cached by its path alone.
       */
      query: z.boolean().default(false),
      /**
       * A save of a versioned row (a PUT of a whole item): its input takes
       * `version`, which the REST door also reads from an `If-Match` header
       * (`"<version>"`, the ETag a signed-in read answers); a save over
       * another version is a 409 with both. OpenAPI documents both.
       */
      versioned: z.boolean().default(false),
      body: z
        .strictObject({
          type: z.enum(['json', 'multipart']),
          maxBytes: z.number().int().positive().optional(),
          field: z.string().optional(),
          tooLarge: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
  /**
   * Whether the query's answers are kept in the response cache and shared.
   *
   * - `public`: the answer follows from the public content alone, the same
   *   for everyone (signed in or not) until that content changes. It is kept
   *   under the inputs the door reads, and nothing else: the REST path, or
   *   tRPC's `input` and `batch` parameters. Any other query parameter and
   *   the `Authorization` header (a public procedure never reads it) are
   *   ignored, so neither can make a request skip the cache. Browsers
   *   revalidate it (no-cache + ETag).
   * - `public-unless-signed-in`: for a query whose answer changes for a
   *   signed-in admin (say, drafts shown to the owner). Visitors share the
   *   cached answer; a request with an `Authorization` header skips the cache
   *   and gets a fresh, `no-store` answer. Only these skip it.
   *
   * Absent: private, `no-store`, never kept.
   */
  cache: z.enum(['public', 'public-unless-signed-in']).optional(),
  /**
   * `false`: never inside a tRPC batch, one call per request (sign-in: a
   * batch would check many passwords for the price of one request).
   */
  batch: z.boolean().default(true),
  /**
   * `false`: an admin mutation that changes nothing (a preview) is not
   * recorded in the audit log (server/trpc/init.ts). Every other admin
   * mutation that succeeds is.
   */
  audit: z.boolean().default(true),
})

/** What `.meta()` takes (the status may be left out). */
export type EndpointMeta = z.input<typeof endpointMetaSchema>
/** The declaration with its defaults filled in. */
export type EndpointDeclaration = z.output<typeof endpointMetaSchema>

/** What a cacheable query declares: `cache`. */
export type CachePolicy = NonNullable<EndpointDeclaration['cache']>

/**
 * Whether a request may get (and leave) the shared, cached answer of a query
 * with this policy: always for `public`; for `public-unless-signed-in` only
 * without an `Authorization` header; never for a private one.
 */
export function sharesCachedAnswer(policy: CachePolicy | undefined, signedIn: boolean): boolean {
  return policy === 'public' || (policy === 'public-unless-signed-in' && !signedIn)
}
