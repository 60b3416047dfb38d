import { z } from 'zod'
import packageJson from '../../../package.json' with { type: 'json' }
import { type RestEndpoint, restEndpoints } from '../../trpc/endpoints'
import { sessionRequired } from '../../trpc/init'
import { documentHeaders } from '../infra/headers'

/**
 * The REST door's reference, generated from the same declarations the
 * adapter serves (each procedure's `.meta()`, input and output schemas):
 * OpenAPI 3.1, whose schema dialect is JSON Schema 2020-12, zod 4's own
 * output. Nothing here is written per route, so a new procedure with a
 * `rest` declaration appears in it without an edit.
 */

type JsonSchema = Record<string, unknown>

const zodSchemaOf = (schema: unknown): z.ZodType | undefined =>
  schema instanceof z.ZodType ? schema : undefined

/** An object's catch-all lets other fields in (anything but `z.never()`). */
const isOpen = (catchall: unknown): boolean =>
  catchall instanceof z.ZodType && catchall._zod.def.type !== 'never'

/**
 * A zod schema as JSON Schema. A multipart form's file field (a `File`) is
 * described as binary content; other types JSON cannot describe never
 * reach a REST route's schemas (the OpenAPI test would fail on `{}`).
 */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const result = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = (zodSchema as { _zod?: { def?: { type?: string; catchall?: unknown } } })._zod
        ?.def
      if (def?.type === 'custom') {
        jsonSchema.type = 'string'
        jsonSchema.contentMediaType = 'application/octet-stream'
      }
      // Inputs are strict (server/trpc/strict-input.ts): a field not listed is refused.
      if (io === 'input' && def?.type === 'object' && !isOpen(def.catchall)) {
        jsonSchema.additionalProperties = false
      }
    },
  }) as JsonSchema
  delete result.$schema
  return result
}

const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', description: 'A sentence a person can read.' },
    fields: {
      type: 'object',
      description: 'For a validation failure: the messages of each failing field.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
    request_id: {
      type: 'string',
      description: 'For a server failure: the id of the request in the server log.',
    },
  },
}

/** The 409 of a save over a newer version: the sentence and both versions. */
const versionConflictSchema: JsonSchema = {
  type: 'object',
  required: ['error', 'current', 'yours'],
  properties: {
    error: { type: 'string', description: 'A sentence a person can read.' },
    current: {
      type: 'object',
      description: 'The stored item, as a read answers it (with its `version`).',
    },
    yours: { type: 'object', description: 'The item as this request sent it.' },
  },
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
})

const openApiPath = (path: string) => path.replace(/:([a-z][a-z0-9_-]*)/g, '{$1}')

const parametersOf = (route: RestEndpoint) =>
  route.segments.filter((segment) => segment.startsWith(':')).map((segment) => segment.slice(1))

/** The object schema's properties (JSON Schema), without the path's parameters. */
function withoutParameters(schema: JsonSchema, parameters: readonly string[]): JsonSchema {
  const properties = schema.properties as Record<string, JsonSchema> | undefined
  if (!properties || parameters.length === 0) return schema
  const rest = Object.fromEntries(
    Object.entries(properties).filter(([name]) => !parameters.includes(name)),
  )
  const required = Array.isArray(schema.required)
    ? (schema.required as string[]).filter((name) => !parameters.includes(name))
    : undefined
  return { ...schema, properties: rest, ...(required ? { required } : {}) }
}

function operationOf(route: RestEndpoint) {
  const definition = route.definition
  const input = zodSchemaOf(definition.input)
  const output = zodSchemaOf(definition.output)
  const inputSchema = input ? jsonSchemaOf(input, 'input') : undefined
  const parameters = parametersOf(route)
  const properties = (inputSchema?.properties ?? {}) as Record<string, JsonSchema>
  const signedIn = definition.middlewares.includes(sessionRequired)
  const optionalSession = !signedIn && route.meta.cache === 'public-unless-signed-in'

  const operation: Record<string, unknown> = {
    // A former path (an alias) is the same procedure: its id names the path it answers as.
    operationId: route.aliasOf
      ? `${route.procedure}.formerly${route.rest.path.replace(/[^a-z0-9]+(.)?/gi, (_, c: string | undefined) => (c ?? '').toUpperCase())}`
      : route.procedure,
    tags: [route.procedure.split('.')[0]],
    security: signedIn ? [{ bearer: [] }] : optionalSession ? [{}, { bearer: [] }] : [],
  }
  if (route.aliasOf) {
    operation.deprecated = true
    operation.description = `The former path of \`${route.rest.method} ${openApiPath(route.aliasOf)}\`, which answers the same: kept for one release after a rename. Use that path.`
  }
  const pathParameters = parameters.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }))
  const queryParameters =
    route.rest.query && inputSchema
      ? Object.entries(properties)
          .filter(([name]) => !parameters.includes(name))
          .map(([name, schema]) => ({
            name,
            in: 'query',
            required: Array.isArray(inputSchema.required) && inputSchema.required.includes(name),
            schema,
          }))
      : []
  // A save of a versioned row: the version it was loaded from, as a header too.
  const headerParameters = route.rest.versioned
    ? [
        {
          name: 'If-Match',
          in: 'header',
          required: false,
          description:
            'The `ETag` of the read the edit started from (`"<version>"`), instead of the body\'s `version`. A save over another version answers 409 and changes nothing; without either, the save replaces the stored item.',
          schema: { type: 'string' },
        },
      ]
    : []
  const allParameters = [...pathParameters, ...queryParameters, ...headerParameters]
  if (allParameters.length > 0) operation.parameters = allParameters

  const method = route.rest.method
  if (input && (method === 'POST' || method === 'PUT' || method === 'PATCH')) {
    const multipart = route.rest.body?.type === 'multipart'
    // A multipart route's input is the form; what it reads from it is the pipe's output.
    const schema = multipart
      ? jsonSchemaOf(input, 'output')
      : withoutParameters(inputSchema ?? {}, parameters)
    operation.requestBody = {
      required: true,
      content: { [multipart ? 'multipart/form-data' : 'application/json']: { schema } },
    }
  }

  const responses: Record<string, unknown> = {}
  const status = String(route.rest.status)
  if (route.rest.status === 204 || !output) {
    responses[status] = { description: route.rest.status === 204 ? 'Done; no body.' : 'Done.' }
  } else {
    responses[status] = {
      description: 'Success.',
      content: { 'application/json': { schema: jsonSchemaOf(output, 'output') } },
    }
  }
  if (input) responses['400'] = errorResponse('The input is not valid (see `fields`).')
  if (signedIn) responses['401'] = errorResponse('No valid session: sign in first.')
  if (parameters.length > 0) responses['404'] = errorResponse('Nothing found at this path.')
  if (operation.requestBody) {
    responses['413'] = errorResponse('The body is too large.')
    responses['415'] = errorResponse('The body is not of the declared content type.')
  }
  if (route.rest.versioned) {
    responses['409'] = {
      description:
        'Someone saved a newer version since the one sent (`version` or `If-Match`): nothing was changed. The body has both, `current` (as a read answers it) and `yours` (as sent).',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/VersionConflict' } } },
    }
  }
  responses.default = errorResponse(
    'Any other failure (409 conflict, 429 too many requests with `Retry-After`, 503 unavailable…).',
  )
  operation.responses = responses
  return operation
}

/** The OpenAPI 3.1 document of every route the REST door serves. */
export function openApiDocument(siteUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const route of restEndpoints) {
    const path = openApiPath(route.rest.path)
    paths[path] ??= {}
    paths[path][route.rest.method.toLowerCase()] = operationOf(route)
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Portfolio REST API',
      version: packageJson.version,
      description:
        'Every route calls the same procedure as the tRPC door the site itself uses. Errors answer `{ "error": "…" }`, with `fields` for a validation failure. Admin routes take the token from `POST /api/auth/login` as `Authorization: Bearer <token>`.',
    },
    servers: [{ url: siteUrl }],
    paths,
    components: {
      schemas: { Error: errorSchema, VersionConflict: versionConflictSchema },
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const docsStyle = `
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:64rem;padding:1.5rem;color:#111827;background:#fff}
h1{font-size:1.75rem;margin:0 0 .5rem}h2{font-size:1.25rem;margin:2rem 0 .5rem;text-transform:capitalize}h3{font-size:1rem;margin:1rem 0 .25rem}
code{font-family:ui-monospace,monospace;font-size:.875rem;overflow-wrap:anywhere}
details{border:1px solid #d1d5db;border-radius:.5rem;margin:.5rem 0;padding:.5rem .75rem}
summary{cursor:pointer}.m{display:inline-block;min-width:4.25rem;font-weight:700}
table{border-collapse:collapse;width:100%;font-size:.875rem}th,td{text-align:left;vertical-align:top;padding:.25rem .5rem;border-top:1px solid #e5e7eb}
td table{margin:.25rem 0}.t{color:#4b5563}a{color:#3730a3}
@media (prefers-color-scheme:dark){body{background:#0b1120;color:#e5e7eb}details{border-color:#374151}th,td{border-color:#1f2937}.t{color:#9ca3af}a{color:#a5b4fc}}
`

/** Markdown's inline code in the document's sentences, as HTML. */
const prose = (text: string) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>')

/** What a value may be, in a few words: its type and its limits. */
function typeOf(schema: JsonSchema): string {
  if (typeof schema.$ref === 'string') return escapeHtml(schema.$ref.split('/').at(-1) ?? '')
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined
  if (alternatives) return alternatives.map(typeOf).join(' or ')
  if (Array.isArray(schema.enum))
    return schema.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(' | ')
  if (schema.const !== undefined) return `<code>${escapeHtml(JSON.stringify(schema.const))}</code>`
  if (schema.type === 'array') {
    const items = (schema.items ?? {}) as JsonSchema
    return `array of ${items.type === 'object' ? 'objects' : typeOf(items)}`
  }
  const limits = [
    schema.format ? `${schema.format}` : '',
    schema.contentMediaType ? 'a file' : '',
    schema.minLength !== undefined ? `≥ ${schema.minLength} chars` : '',
    schema.maxLength !== undefined ? `≤ ${schema.maxLength} chars` : '',
    schema.minimum !== undefined ? `≥ ${schema.minimum}` : '',
    schema.maximum !== undefined ? `≤ ${schema.maximum}` : '',
    schema.maxItems !== undefined ? `≤ ${schema.maxItems} items` : '',
  ].filter(Boolean)
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : String(schema.type ?? 'any')
  return limits.length > 0 ? `${type} (${limits.join(', ')})` : type
}

/** A schema as a table of its fields (nested objects as nested tables), or its type. */
function schemaHtml(schema: JsonSchema, depth = 0): string {
  const target =
    schema.type === 'array' && (schema.items as JsonSchema | undefined)?.type === 'object'
      ? (schema.items as JsonSchema)
      : schema
  const properties = target.properties as Record<string, JsonSchema> | undefined
  if (!properties || depth > 3) return `<p class="t">${typeOf(schema)}</p>`
  const required = new Set(Array.isArray(target.required) ? (target.required as string[]) : [])
  const rows = Object.entries(properties)
    .map(([name, field]) => {
      const nested =
        field.properties || (field.type === 'array' && (field.items as JsonSchema)?.properties)
          ? schemaHtml(field, depth + 1)
          : ''
      return `<tr><td><code>${escapeHtml(name)}</code></td><td>${typeOf(field)}${nested}</td><td>${required.has(name) ? 'required' : 'optional'}</td></tr>`
    })
    .join('')
  const intro = target === schema ? '' : '<p class="t">An array of:</p>'
  return `${intro}<table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Presence</th></tr></thead><tbody>${rows}</tbody></table>`
}

/** The style's hash, for a policy that allows exactly this stylesheet and nothing else. */
const docsStyleHash = new Bun.CryptoHasher('sha256').update(docsStyle).digest('base64')

/**
 * A readable page of the same document, rendered here without JavaScript:
 * one section per tag, each operation with its security, parameters, body
 * and answers, the schemas as JSON.
 */
export function apiDocsPage(document: Record<string, unknown>): Response {
  const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>
  const byTag = new Map<string, string[]>()
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const tag = (operation.tags as string[])[0] ?? 'other'
      const security = operation.security as unknown[]
      const auth =
        security.length === 0
          ? 'public'
          : security.length === 2
            ? 'public; more with a bearer token'
            : 'bearer token'
      const parameters = (operation.parameters ?? []) as Array<{
        name: string
        in: string
        schema: JsonSchema
        description?: string
      }>
      const parameterHtml =
        parameters.length > 0
          ? `<h3>Parameters</h3><table><tbody>${parameters.map((p) => `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${p.in}</td><td>${typeOf(p.schema)}</td>${p.description ? `<td>${prose(p.description)}</td>` : ''}</tr>`).join('')}</tbody></table>`
          : ''
      const requestBody = operation.requestBody as
        | { content: Record<string, { schema: JsonSchema }> }
        | undefined
      const bodyHtml = requestBody
        ? Object.entries(requestBody.content)
            .map(
              ([type, { schema }]) => `<h3>Body (<code>${type}</code>)</h3>${schemaHtml(schema)}`,
            )
            .join('')
        : ''
      const responses = operation.responses as Record<
        string,
        { description: string; content?: Record<string, { schema: JsonSchema }> }
      >
      const answerHtml = Object.entries(responses)
        .map(([status, answer]) => {
          const schema = answer.content?.['application/json']?.schema
          const shape = schema && !schema.$ref ? schemaHtml(schema) : ''
          const shapeOfRef =
            schema?.$ref === '#/components/schemas/VersionConflict'
              ? ' <code>{ error, current, yours }</code>'
              : schema?.$ref
                ? ' <code>{ error, fields? }</code>'
                : ''
          return `<h3>${status === 'default' ? 'Other' : status}</h3><p>${prose(answer.description)}${shapeOfRef}</p>${shape}`
        })
        .join('')
      const deprecated =
        operation.deprecated === true
          ? `<p><strong>Deprecated.</strong> ${prose(String(operation.description ?? ''))}</p>`
          : ''
      const entry = `<details><summary><code><span class="m">${method.toUpperCase()}</span>${escapeHtml(path)}</code> — ${auth}${operation.deprecated === true ? ' (deprecated)' : ''}</summary>${deprecated}${parameterHtml}${bodyHtml}${answerHtml}</details>`
      byTag.set(tag, [...(byTag.get(tag) ?? []), entry])
    }
  }
  const sections = [...byTag]
    .map(([tag, entries]) => `<section><h2>${escapeHtml(tag)}</h2>${entries.join('')}</section>`)
    .join('')
  const info = document.info as { title: string; version: string; description: string }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(info.title)}</title><style>${docsStyle}</style></head><body><main><h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1><p>${prose(info.description)}</p><p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>${sections}</main></body></html>`
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // The headers every page carries, its own CSP (one inline style, nothing else).
      ...documentHeaders(),
      'content-security-policy': `default-src 'none'; style-src 'sha256-${docsStyleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    },
  })
}
