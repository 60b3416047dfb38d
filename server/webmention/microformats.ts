import type { mf2 } from 'microformats-parser'

type Parser = typeof import('microformats-parser')
let parser: Parser | undefined

/**
 * microformats-parser's `mf2`, for any HTML page: the library refuses a document whose
 * <body> has no element ("unable to parse HTML"), such as a page whose only content is a
 * `<link>` in its head. An empty element after the document gives the body one (the HTML
 * parser puts trailing content at the end of <body>), which changes no parsed item or rel.
 *
 * The parser (and parse5 under it) loads with the first page read, not at start; a
 * synchronous `require`, since Bun loads an ES module that way.
 */
export function parseMicroformats(html: string, baseUrl: string): ReturnType<typeof mf2> {
  parser ??= require('microformats-parser') as Parser
  return parser.mf2(`${html}<span></span>`, { baseUrl })
}
