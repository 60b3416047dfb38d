/**
 * Pure helpers for the public pages' images (client/components/responsive-image.tsx):
 * which URL a list shows first, a `srcset` from an upload's variants, and the
 * `sizes` of each place an image appears. Part of the public bundle: keep it small.
 */
import { isSafeUrl } from '../../src/domain/safe-url'
import type { ImageInfo, MediaVariant } from '../../src/schemas/media'

/** `srcset` candidates: `/media/a-320.webp 320w, /media/a-640.webp 640w`. */
export function srcSetOf(variants: readonly MediaVariant[]): string {
  return variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ')
}

/** An image to show: the URL (safe to render) and its upload info when it is one. */
export interface Shown {
  src: string
  image: ImageInfo | null
}

/** The first safe URL of a list and the image info at the same index (`images` follows `image_urls`). */
export function firstShown(
  urls: readonly string[],
  images: readonly (ImageInfo | null)[] | undefined,
): Shown | null {
  const index = urls.findIndex(isSafeUrl)
  const src = urls[index]
  return src === undefined ? null : { src, image: images?.[index] ?? null }
}

/**
 * How wide each place shows its image, for `sizes`: the content column is at
 * most 704 px with 1.5 rem padding (1 rem below 640 px); cards sit two a row
 * (1.5 rem gap) from 640 px up.
 */
export const imageSizes = {
  page: '(min-width:704px) 656px,(min-width:640px) calc(100vw - 3rem),calc(100vw - 2rem)',
  /** /projects: the frame's width, three cards a row from 1200 px, two from 640 px. */
  card: '(min-width:1200px) 368px,(min-width:640px) calc(50vw - 2.25rem),calc(100vw - 2rem)',
  /** The wide pages (home, a project): a 1200 px column, two cards a row from 640 px. */
  featured: '(min-width:1200px) 564px,(min-width:640px) calc(50vw - 2.25rem),calc(100vw - 2rem)',
  photo: '175px',
  icon: '48px',
} as const
