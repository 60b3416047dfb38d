import { lazy, type MouseEvent, type ReactNode, Suspense, useRef, useState } from 'react'

export interface LightboxImage {
  /** The full-size image. */
  src: string
  alt: string
}

// Fetched on the first opening: a page that nobody opens an image on pays nothing for it.
const LightboxDialog = lazy(() => import('./lightbox-dialog'))

/**
 * Images that open large in a lightbox (client/components/lightbox-dialog.tsx).
 * Each opener is a link to the full-size file, so the image still opens (as
 * a file) before the page's script runs or with a modifier key; when the
 * lightbox closes, the focus returns to the link that opened it. On a
 * public page no script hydrates this: each opener carries its place
 * (`data-lightbox`) and the page the images (`data-lightbox-images`), and the
 * island loader opens the same dialog on the first press
 * (client/islands/lightbox.tsx).
 */
export function useLightbox(images: readonly LightboxImage[]) {
  const opener = useRef<HTMLElement | null>(null)
  const [openAt, setOpenAt] = useState<number | null>(null)

  /** A link's props that open image `at` in the lightbox. */
  function openerProps(at: number) {
    return {
      href: images[at]?.src,
      'aria-haspopup': 'dialog' as const,
      'data-lightbox': at,
      onClick: (event: MouseEvent<HTMLAnchorElement>) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
        event.preventDefault()
        opener.current = event.currentTarget
        setOpenAt(at)
      },
    }
  }

  const element: ReactNode =
    openAt === null ? (
      <div hidden data-lightbox-images={JSON.stringify(images)} />
    ) : (
      <Suspense fallback={null}>
        <LightboxDialog
          images={images}
          start={openAt}
          onClosed={() => {
            setOpenAt(null)
            opener.current?.focus()
          }}
        />
      </Suspense>
    )

  return { openerProps, element }
}
