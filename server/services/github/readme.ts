/**
 * A repository's README as a project's long description: Markdown whose
 * relative links and images are made absolute against the repository, so
 * they work on this site. Links go to the file's page on GitHub
 * (`html_url`'s folder, `…/blob/{branch}/…`), images to its raw bytes
 * (`download_url`'s folder, raw.githubusercontent.com): what GitHub's own
 * README rendering points at. A leading `# Title` is dropped (the page
 * has its own title). The result is still Markdown; it is rendered
 * and sanitised like any description when shown.
 */
import type { Definition, Image, Link, Root } from 'mdast'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkStringify from 'remark-stringify'
import { unified } from 'unified'
import { visit } from 'unist-util-visit'

/** READMEs longer than this are cut before parsing (the description keeps 10,000 characters). */
const MAX_README_SOURCE = 60_000

export interface ReadmeBases {
  /** Where relative links point: the README's folder on github.com (`…/blob/main/docs/`). */
  links: string
  /** Where relative images point: the README's folder of raw files (`…/main/docs/`). */
  images: string
}

/** The folders a README's relative URLs resolve against, from the API's `html_url` and `download_url`. */
export function readmeBases(htmlUrl: string, downloadUrl: string | null): ReadmeBases {
  const folder = (url: string) => url.replace(/[^/]*$/, '')
  const links = folder(htmlUrl)
  // No download_url (a README that is a submodule or symlink): GitHub's raw view of the same file.
  const images = downloadUrl ? folder(downloadUrl) : links.replace('/blob/', '/raw/')
  return { links, images }
}

/** The repository's root on github.com for `/path` URLs: `https://github.com/o/r/blob/main/`. */
function rootOf(base: string, folderPath: string): string {
  return folderPath && base.endsWith(folderPath) ? base.slice(0, -folderPath.length) : base
}

function isRelative(url: string): boolean {
  return (
    url !== '' && !url.startsWith('#') && !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//')
  )
}

/** A relative URL made absolute against `base`; a root-relative one (`/docs/x.md`) against the repository's root. */
export function absoluteAgainst(url: string, base: string, root: string): string {
  if (!isRelative(url)) return url
  try {
    return url.startsWith('/')
      ? new URL(url.slice(1), root).toString()
      : new URL(url, base).toString()
  } catch {
    return url
  }
}

const htmlAttribute = /(\s(?:src|href)\s*=\s*)(["'])([^"']*)\2/gi

/**
 * README Markdown with every relative link and image made absolute
 * (Markdown links, images and reference definitions, and `src`/`href` in
 * raw HTML such as `<img src="docs/shot.png">` or `<a href="LICENSE">`).
 */
export function absolutizeReadme(markdown: string, bases: ReadmeBases, readmePath: string): string {
  const source = markdown.slice(0, MAX_README_SOURCE)
  const folderPath = readmePath.includes('/') ? readmePath.replace(/[^/]*$/, '') : ''
  const linkRoot = rootOf(bases.links, folderPath)
  const imageRoot = rootOf(bases.images, folderPath)
  const link = (url: string) => absoluteAgainst(url, bases.links, linkRoot)
  const image = (url: string) => absoluteAgainst(url, bases.images, imageRoot)
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkStringify, { bullet: '-', emphasis: '_', fences: true, rule: '-' })
  const tree = processor.parse(source) as Root
  // The README's own title: the project page shows the project's title above it already.
  const [first] = tree.children
  if (first?.type === 'heading' && first.depth === 1) tree.children.shift()
  // Definitions serve links and images alike: an image's definition gets the raw URL.
  const imageLabels = new Set<string>()
  visit(tree, 'imageReference', (node) => {
    imageLabels.add(node.identifier)
  })
  visit(tree, (node) => {
    if (node.type === 'link') (node as Link).url = link((node as Link).url)
    else if (node.type === 'image') (node as Image).url = image((node as Image).url)
    else if (node.type === 'definition') {
      const definition = node as Definition
      definition.url = imageLabels.has(definition.identifier)
        ? image(definition.url)
        : link(definition.url)
    } else if (node.type === 'html') {
      const html = node as { value: string }
      html.value = html.value.replace(
        htmlAttribute,
        (_all, before: string, quote: string, url: string) => {
          const absolute = /src/i.test(before) ? image(url) : link(url)
          return `${before}${quote}${absolute}${quote}`
        },
      )
    }
  })
  return processor.stringify(tree).trim()
}

/**
 * Cut to `max` characters at a paragraph boundary, with a link to the rest
 * on GitHub, so a long README still fits the description field.
 */
export function fitDescription(markdown: string, max: number, readMoreUrl: string): string {
  if (markdown.length <= max) return markdown
  const more = `\n\n[Read the rest on GitHub](${readMoreUrl})`
  const room = max - more.length
  const cut = markdown.slice(0, room)
  const boundary = cut.lastIndexOf('\n\n')
  return `${(boundary > room / 2 ? cut.slice(0, boundary) : cut).trimEnd()}${more}`
}
