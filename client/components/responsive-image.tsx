import { type ReactNode, useEffect, useRef, useState } from 'react'
import { placeholderBackground } from '../../src/domain/placeholder'
import { type Shown, srcSetOf } from '../lib/responsive-image'

interface ResponsiveImageProps {
  /** What to show (client/lib/responsive-image.ts); none: the fallback. */
  shown: Shown | null
  /** Used when the upload has no alt text of its own. */
  alt: string
  /** The box for an external URL, and for any image when `fixed`; an upload gives its own. */
  width: number
  height: number
  fixed?: boolean
  /** How wide the image is shown (imageSizes), for the browser's pick from `srcset`. */
  sizes: string
  /** The page's main image, above the fold: fetched first, not lazily. */
  priority?: boolean
  className: string
  /** Shown when there is no image or it fails to load (never the browser's broken-image icon). */
  fallback: ReactNode
}

/**
 * An image on a public page. An upload comes as `<picture>`: its WebP
 * variants in a `srcset`, the full-size fallback with its size (no layout
 * shift) and its placeholder as the background until it has loaded. Any
 * other URL is a plain `<img>`.
 */
export function ResponsiveImage({ shown, fallback, ...rest }: ResponsiveImageProps) {
  if (!shown) return fallback
  // A new URL is a new element, loading afresh.
  return <Loading key={shown.src} shown={shown} fallback={fallback} {...rest} />
}

function Loading({
  shown: { src, image },
  alt,
  width,
  height,
  fixed,
  sizes,
  priority,
  className,
  fallback,
}: ResponsiveImageProps & { shown: Shown }) {
  const ref = useRef<HTMLImageElement>(null)
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading')

  useEffect(() => {
    // Rendered on the server, the image may have loaded or failed before
    // hydration, when React was not listening yet.
    const element = ref.current
    if (element?.complete) setState(element.naturalWidth > 0 ? 'loaded' : 'failed')
  }, [])

  if (state === 'failed') return fallback
  const sized = image && !fixed
  const img = (
    <img
      ref={ref}
      src={src}
      alt={image?.alt || alt}
      width={sized ? image.width : width}
      height={sized ? image.height : height}
      loading={priority ? undefined : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      style={
        image && state === 'loading' && placeholderBackground(image.placeholder)
          ? {
              backgroundImage: placeholderBackground(image.placeholder),
              backgroundSize: 'cover',
              backgroundPosition: 'center',
            }
          : undefined
      }
      onLoad={() => setState('loaded')}
      onError={() => setState('failed')}
      className={className}
    />
  )
  const shown = image?.variants.length ? (
    <picture className="contents">
      <source type="image/webp" srcSet={srcSetOf(image.variants)} sizes={sizes} />
      {img}
    </picture>
  ) : (
    img
  )
  // The fallback, inert beside the image, for a public page's island loader to put in its
  // place should it fail (client/islands/loader.ts): no script hydrates these pages.
  return (
    <>
      {shown}
      <template data-image-fallback="">{fallback}</template>
    </>
  )
}
