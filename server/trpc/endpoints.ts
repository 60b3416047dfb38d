import type { AnyProcedure, TRPCRouterRecord } from '@trpc/server'
import { UNBATCHED_PROCEDURES } from '../../src/domain/api-limits'
import { type CachePolicy, type EndpointDeclaration, endpointMetaSchema } from './meta'
import { appRouter } from './root'

export interface Endpoint {
  /** The procedure's path, as tRPC names it (`projects.list`). */
  procedure: string
  type: 'query' | 'mutation'
  /** Whether the procedure takes input (a REST write then reads a JSON body). */
  takesInput: boolean
  meta: EndpointDeclaration
  /** The schemas and middlewares it was built with, for the API reference (http/api/openapi.ts). */
  definition: { input: unknown; output: unknown; middlewares: readonly unknown[] }
}

export interface RestEndpoint extends Endpoint {
  /** The route; for an alias, `path` is the former path it answers at. */
  rest: NonNullable<EndpointDeclaration['rest']>
  /** The path split on `/`: literal segments, and `:name` parameters. */
  segments: string[]
  /** For a former path (`aliases`): the route's current path, which it answers as. */
  aliasOf: string | null
}

const isProcedure = (value: AnyProcedure | TRPCRouterRecord): value is AnyProcedure =>
  typeof value === 'function'

function* proceduresOf(
  record: TRPCRouterRecord,
  prefix = '',
): Generator<[path: string, procedure: AnyProcedure]> {
  for (const [key, value] of Object.entries(record)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (isProcedure(value)) yield [path, value]
    else yield* proceduresOf(value, path)
  }
}

/** A procedure and its declaration; a declaration that could not work stops the server at start. */
function declarationOf(procedure: string, definition: AnyProcedure): Endpoint {
  const { type, meta, inputs } = definition._def
  if (type === 'subscription') throw new Error(`${procedure}: subscriptions have no door here`)
  const declared = endpointMetaSchema.safeParse(meta ?? {})
  if (!declared.success) {
    throw new Error(`${procedure}: invalid .meta(): ${declared.error.issues[0]?.message}`)
  }
  // tRPC keeps these in the definition without typing them.
  const internals: Record<string, unknown> = { ...definition._def }
  const output = internals.output
  const middlewares: unknown[] = Array.isArray(internals.middlewares) ? internals.middlewares : []
  const endpoint: Endpoint = {
    procedure,
    type,
    takesInput: inputs.length > 0,
    meta: declared.data,
    definition: { input: inputs[0], output, middlewares },
  }
  if (endpoint.meta.cache !== undefined && type !== 'query') {
    throw new Error(`${procedure}: only a query can be cached as public`)
  }
  const method = endpoint.meta.rest?.method
  if (method && (method === 'GET') !== (type === 'query')) {
    throw new Error(`${procedure}: a query is a GET on the REST door, and only a query is`)
  }
  if (endpoint.meta.rest?.query && (method !== 'GET' || endpoint.meta.cache !== undefined)) {
    throw new Error(`${procedure}: only a private GET reads the query string`)
  }
  if (endpoint.meta.rest?.body && (method === 'GET' || method === 'DELETE')) {
    throw new Error(`${procedure}: a ${method} reads no body`)
  }
  return endpoint
}

/** Every procedure of the router, with what it declares. */
export const endpoints: readonly Endpoint[] = [...proceduresOf(appRouter._def.record)].map(
  ([procedure, definition]) => declarationOf(procedure, definition),
)

const segmentsOf = (path: string) => path.split('/').filter(Boolean)
const parametersOf = (path: string) =>
  segmentsOf(path)
    .filter((segment) => segment.startsWith(':'))
    .sort()
    .join()

/**
 * The REST door's routes, in the router's order: each procedure's path, then
 * its former paths (`aliases`), which call the same procedure.
 */
export const restEndpoints: readonly RestEndpoint[] = endpoints.flatMap((endpoint) => {
  const rest = endpoint.meta.rest
  if (!rest) return []
  const current = { ...endpoint, rest, segments: segmentsOf(rest.path), aliasOf: null }
  return [
    current,
    ...rest.aliases.map((alias) => {
      if (parametersOf(alias) !== parametersOf(rest.path)) {
        throw new Error(
          `${endpoint.procedure}: the alias ${alias} must take the parameters of ${rest.path}`,
        )
      }
      return {
        ...current,
        rest: { ...rest, path: alias },
        segments: segmentsOf(alias),
        aliasOf: rest.path,
      }
    }),
  ]
})

{
  const taken = new Set<string>()
  for (const { rest, procedure } of restEndpoints) {
    const key = `${rest.method} ${rest.path.replace(/:[^/]+/g, ':')}`
    if (taken.has(key)) throw new Error(`${procedure}: ${rest.method} ${rest.path} is taken`)
    taken.add(key)
  }
}

/** The largest body any REST route declares it accepts, in bytes (0 when none declares one). */
export const largestDeclaredBody: number = Math.max(
  0,
  ...restEndpoints.map((route) => route.rest.body?.maxBytes ?? 0),
)

/** What each cacheable query declares (`cache`), by procedure path. */
export const cachePolicies: ReadonlyMap<string, CachePolicy> = new Map(
  endpoints.flatMap((endpoint) =>
    endpoint.meta.cache ? [[endpoint.procedure, endpoint.meta.cache] as const] : [],
  ),
)

/** The queries whose answers may be cached and shared (`cache` declared). */
export const publicQueries: ReadonlySet<string> = new Set(cachePolicies.keys())

/** The path parameters of a REST route for these path segments, or null when it does not match. */
export function matchRoute(
  segments: readonly string[],
  route: RestEndpoint,
): Record<string, string> | null {
  if (segments.length !== route.segments.length) return null
  const params: Record<string, string> = {}
  for (const [i, expected] of route.segments.entries()) {
    const actual = segments[i] ?? ''
    if (expected.startsWith(':')) params[expected.slice(1)] = actual
    else if (expected !== actual) return null
  }
  return params
}

/** Procedures that may not share a tRPC batch with other calls: `batch: false`. */
export const unbatchable: ReadonlySet<string> = new Set(
  endpoints.filter((endpoint) => !endpoint.meta.batch).map((e) => e.procedure),
)

// The browser's link sends these alone (src/domain/api-limits.ts): the two must agree.
if ([...unbatchable].sort().join() !== [...UNBATCHED_PROCEDURES].sort().join()) {
  throw new Error(
    `batch: false is declared on ${[...unbatchable].join(', ') || 'nothing'}, but src/domain/api-limits.ts lists ${UNBATCHED_PROCEDURES.join(', ')}`,
  )
}
