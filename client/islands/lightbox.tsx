import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import type { LightboxImage } from '../components/lightbox'
import LightboxDialog from '../components/lightbox-dialog'

/**
 * Opens the page's images large (client/components/lightbox-dialog.tsx), from
 * the opener pressed: the images come from the page (`data-lightbox-images`,
 * client/components/lightbox.tsx). The dialog is drawn in a node of its own
 * and removed when it closes; the focus goes back to the opener.
 */
export function open(opener: HTMLElement): void {
  const images = JSON.parse(
    document.querySelector<HTMLElement>('[data-lightbox-images]')?.dataset.lightboxImages ?? '[]',
  ) as LightboxImage[]
  const start = Number(opener.dataset.lightbox ?? 0)
  if (!images[start]) return
  const host = document.createElement('div')
  document.body.append(host)
  const root = createRoot(host)
  root.render(
    <StrictMode>
      <LightboxDialog
        images={images}
        start={start}
        onClosed={() => {
          root.unmount()
          host.remove()
          opener.focus()
        }}
      />
    </StrictMode>,
  )
}
