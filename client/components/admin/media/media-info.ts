/** Small pure helpers for the admin's media screens (tested in media-info.test.ts). */
import type { Media } from '../../../../src/schemas/media'

/** The smallest stored version of an image, for thumbnails (the variants are ascending). */
export function thumbnailUrl(media: Pick<Media, 'url' | 'variants'>): string {
  return media.variants[0]?.url ?? media.url
}

/** The last segment of a URL's path: `/media/ab12.jpg` → `ab12.jpg`. */
export function fileNameOf(url: string): string {
  const path = url.split(/[?#]/)[0] ?? ''
  return path.split('/').filter(Boolean).at(-1) ?? url
}

/** What the library calls an image: its name (the uploaded file's, editable), else its stored file's. */
export function displayNameOf(media: Pick<Media, 'name' | 'url'>): string {
  return media.name.trim() || fileNameOf(media.url)
}

/** Whether an image matches a search: every word in its name, alt text or stored file name. */
export function matchesSearch(media: Pick<Media, 'name' | 'alt' | 'url'>, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const text = `${media.name} ${media.alt} ${fileNameOf(media.url)}`.toLowerCase()
  return words.every((word) => text.includes(word))
}

/** `512 B`, `120 KB`, `2.4 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`
}

/**
 * Stable ids for a list that may repeat a URL (drag-and-drop needs unique
 * ones): the URL and how many times it came before.
 */
export function occurrenceIds(urls: readonly string[]): string[] {
  const seen = new Map<string, number>()
  return urls.map((url) => {
    const count = seen.get(url) ?? 0
    seen.set(url, count + 1)
    return `${count}:${url}`
  })
}
