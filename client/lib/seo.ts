/**
 * Head tags for crawlers and link previews: title, description, canonical
 * URL, Open Graph, Twitter card and JSON-LD, built from a page's data. Pure:
 * the server renders them into the first HTML and the browser rebuilds the
 * same ones on hydration and client-side navigation.
 */

import { cardVersion, OG_IMAGE, type OgPage, ogImagePath } from '../../src/domain/og-image'
import { linksWithOrcid } from '../../src/domain/orcid'
import type { SeoOverrides } from '../../src/schemas/seo'

export type { SeoOverrides }

/** Where the site is published; shared through the router context. */
export interface Site {
  /** Absolute, no trailing slash: `https://example.com`. */
  url: string
}

export const SITE_NAME = 'Portfolio'

/** An absolute URL for a site-relative path; absolute http(s) URLs pass through. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl
  return `${siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

/** One line of at most `max` characters, cut at a word boundary. */
export function summarize(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`
}

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }
export type JsonLd = { [key: string]: JsonValue }

/**
 * JSON-LD as a head script. It is data (never executed, so CSP does not
 * apply), but its text sits inside <script>: `<`, `>`, `&` and the JS line
 * separators are written as \u escapes so no value can close the element.
 */
export function jsonLdScript(data: JsonLd) {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
  return { type: 'application/ld+json', children: json }
}

/** A page's preview image; width, height and type when known (the generated cards). */
export interface PageImage {
  url: string
  alt: string
  width?: number
  height?: number
  type?: string
}

/**
 * A page's link-preview card (server/http/surfaces/og.ts): its URL with `?v=` from
 * what the card shows (`parts`: the same words and image URL the server
 * draws), so previewers that keep images by URL get the new card after an
 * edit.
 */
export function ogCard(
  page: OgPage,
  alt: string,
  parts: readonly (string | null | undefined)[],
): PageImage {
  return { url: `${ogImagePath(page)}?v=${cardVersion(parts)}`, alt, ...OG_IMAGE }
}

/** A card as schema.org's ImageObject, for a page's JSON-LD. */
export function imageObject(siteUrl: string, image: PageImage): JsonLd {
  const url = absoluteUrl(siteUrl, image.url)
  return {
    '@type': 'ImageObject',
    url,
    contentUrl: url,
    ...(image.width ? { width: image.width } : {}),
    ...(image.height ? { height: image.height } : {}),
    caption: image.alt,
  }
}

export interface PageHeadInput {
  siteUrl: string
  /** The page's path: `/projects/my-app`. */
  path: string
  /** The document title. */
  title: string
  /** The title shown in link previews; the document title when absent. */
  socialTitle?: string
  description: string
  image?: PageImage | null
  type?: 'website' | 'profile' | 'article'
  /** A large preview image (the generated cards, by default) or a small square one. */
  card?: 'summary' | 'summary_large_image'
  jsonLd?: JsonLd
  /** What the owner set for this page (Search and sharing), in place of what is made. */
  seo?: SeoOverrides | null
}

/** The `head` of a public page: meta tags, the canonical link and JSON-LD. */
export function pageHead(input: PageHeadInput) {
  const { seo } = input
  const url = seo?.canonical_url || absoluteUrl(input.siteUrl, input.path)
  const socialTitle = input.socialTitle ?? input.title
  const description = summarize(seo?.seo_description || input.description)
  const chosen: PageImage | null | undefined = seo?.share_image
    ? { url: seo.share_image, alt: socialTitle }
    : input.image
  const image = chosen ? { ...chosen, url: absoluteUrl(input.siteUrl, chosen.url) } : null
  const meta = [
    { title: input.title },
    { name: 'description', content: description },
    ...(seo?.noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:title', content: socialTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    ...(image
      ? [
          { property: 'og:image', content: image.url },
          ...(image.type ? [{ property: 'og:image:type', content: image.type }] : []),
          ...(image.width ? [{ property: 'og:image:width', content: String(image.width) }] : []),
          ...(image.height ? [{ property: 'og:image:height', content: String(image.height) }] : []),
          { property: 'og:image:alt', content: image.alt },
        ]
      : []),
    { name: 'twitter:card', content: image ? (input.card ?? 'summary_large_image') : 'summary' },
    { name: 'twitter:title', content: socialTitle },
    { name: 'twitter:description', content: description },
    ...(image
      ? [
          { name: 'twitter:image', content: image.url },
          { name: 'twitter:image:alt', content: image.alt },
        ]
      : []),
  ]
  return {
    meta,
    links: [{ rel: 'canonical', href: url }],
    scripts: input.jsonLd ? [jsonLdScript(input.jsonLd)] : [],
  }
}

/**
 * The head of a page of the whole site (/projects, /contact-me): its preview
 * card and, with it, the page as a schema.org `type` whose main image is the
 * card; no card (no owner yet), no JSON-LD.
 */
export function sitePageHead(input: {
  siteUrl: string
  path: string
  title: string
  socialTitle: string
  description: string
  card: PageImage | null
  type: 'CollectionPage' | 'ContactPage'
  seo?: SeoOverrides | null
}) {
  const { siteUrl, path, socialTitle, description, card } = input
  return pageHead({
    siteUrl,
    path,
    title: input.title,
    socialTitle,
    description,
    image: card,
    seo: input.seo,
    jsonLd: card
      ? {
          '@context': 'https://schema.org',
          '@type': input.type,
          name: socialTitle,
          description,
          url: absoluteUrl(siteUrl, path),
          primaryImageOfPage: imageObject(siteUrl, card),
        }
      : undefined,
  })
}

/** The owner as loaders hand it to `head`: what the meta tags and JSON-LD need. */
export interface OwnerSummary {
  name: string
  headline: string
  photoUrl: string
  description: string
  sameAs: string[]
}

export function ownerSummary(profile: {
  name: string
  greeting: string
  photo_url: string
  major: string
  university: string
  focus: string
  linkedin_url: string
  github_url: string
  links: readonly { label: string; url: string }[]
  orcid: string
}): OwnerSummary {
  const { major, university, focus } = profile
  // The spec's sentence when every part is there; the parts given otherwise.
  const study = [
    major ? `${major} student` : university ? 'Student' : '',
    university ? `at ${university}` : '',
  ]
    .filter(Boolean)
    .join(' ')
  const about = [study, focus ? `focused on ${focus}` : ''].filter(Boolean).join(', ')
  return {
    name: profile.name,
    headline: profile.greeting,
    photoUrl: profile.photo_url,
    description: about ? `${profile.greeting} ${about}.` : profile.greeting,
    sameAs: [
      profile.linkedin_url,
      profile.github_url,
      ...linksWithOrcid(profile).map((link) => link.url),
    ].filter((url) => /^https?:\/\//i.test(url)),
  }
}

export function personJsonLd(siteUrl: string, owner: OwnerSummary): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name: owner.name,
    url: `${siteUrl}/`,
    image: absoluteUrl(siteUrl, owner.photoUrl),
    description: owner.description,
    sameAs: owner.sameAs,
  }
}

/** The home page: a ProfilePage about the owner, its preview card as its main image. */
export function profilePageJsonLd(siteUrl: string, owner: OwnerSummary, card: PageImage): JsonLd {
  const { '@context': context, ...person } = personJsonLd(siteUrl, owner)
  return {
    '@context': context ?? 'https://schema.org',
    '@type': 'ProfilePage',
    url: `${siteUrl}/`,
    name: owner.name,
    mainEntity: person,
    primaryImageOfPage: imageObject(siteUrl, card),
  }
}

/** The home page's card: what the server draws on it (server/http/surfaces/og.ts). */
export function homeCard(owner: OwnerSummary): PageImage {
  return ogCard({ page: 'home' }, `${owner.name}: ${owner.headline}`, [
    owner.name,
    owner.headline,
    owner.description,
    owner.photoUrl,
  ])
}

/**
 * What a fixed screen says of itself in link previews and search results
 * (its routes' heads, and the preview in Settings → Search & sharing):
 * the owner's text replaces the description when set.
 */
export function fixedScreenText(
  screen: 'home' | 'projects' | 'notes' | 'cv',
  owner: OwnerSummary | null,
): { socialTitle: string; description: string } {
  const name = owner?.name ?? ''
  switch (screen) {
    case 'home':
      return { socialTitle: name || SITE_NAME, description: owner?.description ?? '' }
    case 'projects':
      return {
        socialTitle: owner ? `Projects by ${name}` : 'My Projects',
        description: owner
          ? `Things ${name} has designed, built and shipped.`
          : 'Things I have designed, built and shipped.',
      }
    case 'notes':
      return { socialTitle: `Notes by ${name}`, description: `What ${name} is writing about.` }
    case 'cv':
      return {
        socialTitle: `${name} · CV`,
        description: `Curriculum vitae of ${name}: experience, education and projects.`,
      }
  }
}
