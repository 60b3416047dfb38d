import { mf2 } from 'microformats-parser'

/**
 * microformats-parser's `mf2`, for any HTML page: the library refuses a document whose
 * <body> has no element ("unable to parse HTML"), such as a page whose only content is a
 * `<link>` in its head. An empty element after the document gives the body one (the HTML
 * parser puts trailing content at the end of <body>), which changes no parsed item or rel.
 */
export function parseMicroformats(html: string, baseUrl: string): ReturnType<typeof mf2> {
  return mf2(`${html}<span></span>`, { baseUrl })
}
