import { z } from 'zod'

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
      path: z.string().regex(/^\/api(\/(:?[a-z][a-z0-9_-]*))+$/),
      /** Success status; 200 when absent. A 204 answers with no body. */
      status: z.union([z.literal(200), z.literal(201), z.literal(204)]).default(200),
      /**
       * The body a POST, PUT or PATCH reads. Absent: a JSON object of at
       * most 1 MB. `multipart`: `multipart/form-data`, whose parsed FormData
       * is the procedure's raw input (path parameters set on it).
       * `maxBytes`: the largest content accepted (a multipart body may
       * exceed it by its framing); a body over it is a 413.
       */
      body: z
        .strictObject({
          type: z.enum(['json', 'multipart']),
          maxBytes: z.number().int().positive().optional(),
        })
        .optional(),
    })
    .optional(),
  /**
   * `public`: a query whose answer follows from the public content alone,
   * the same for everyone until that content changes; it is kept in the
   * response cache and browsers revalidate it (no-cache + ETag). Absent:
   * private, `no-store`, never kept.
   */
  cache: z.literal('public').optional(),
  /**
   * `false`: never inside a tRPC batch, one call per request (sign-in: a
   * batch would check many passwords for the price of one request).
   */
  batch: z.boolean().default(true),
})

/** What `.meta()` takes (the status may be left out). */
export type EndpointMeta = z.input<typeof endpointMetaSchema>
/** The declaration with its defaults filled in. */
export type EndpointDeclaration = z.output<typeof endpointMetaSchema>
