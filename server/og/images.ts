/**
 * The images a card may show, read from where the server keeps them: an
 * upload from the media store (the WebP variant nearest the size the card
 * draws, not the full-size original), or a file of the built site
 * (`/profile.svg`). An image on another host is not fetched: a card must not
 * wait on, or let a content field make the server call, an address
 * somebody else controls; the card goes without it.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ImageInfo } from '../../src/schemas/media'
import { keyOfUrl } from '../media/keys'
import type { MediaStore } from '../media/store'

export interface ImageSources {
  mediaStore: MediaStore
  /** The built site (dist/): its top-level files are the site's own images. */
  distDir: string
}

export interface SiteImage {
  /** Names the bytes (a content-hash media key or a site path): the render cache's key. */
  id: string
  bytes: Uint8Array
}

/** A file at the top of the built site: `/profile.svg`, nothing with a folder or `..`. */
const siteFile = /^\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.(?:svg|png|jpe?g|webp|gif)$/

/** The stored file to draw an upload from: the smallest variant at least `width` wide. */
function keyToRead(url: string, info: ImageInfo | null, width: number): string | null {
  const own = keyOfUrl(url)
  if (!own) return null
  const variants = (info?.variants ?? []).filter((variant) => keyOfUrl(variant.url))
  const chosen = variants.find((variant) => variant.width >= width) ?? variants.at(-1)
  return (chosen ? keyOfUrl(chosen.url)?.key : undefined) ?? own.key
}

/**
 * The bytes of an image the server holds itself, to draw at about `width`
 * pixels; null for an external URL, an unknown path or a missing file.
 */
export async function readSiteImage(
  sources: ImageSources,
  url: string,
  info: ImageInfo | null,
  width: number,
): Promise<SiteImage | null> {
  const key = keyToRead(url, info, width)
  if (key) {
    if ((await sources.mediaStore.size(key)) === null) return null
    const bytes = await new Response(sources.mediaStore.get(key)).arrayBuffer()
    return { id: key, bytes: new Uint8Array(bytes) }
  }
  if (!siteFile.test(url)) return null
  const path = join(sources.distDir, url)
  if (!existsSync(path)) return null
  return { id: url, bytes: new Uint8Array(await Bun.file(path).arrayBuffer()) }
}
