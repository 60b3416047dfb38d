import { useEffect, useState } from 'react'

/**
 * The otpauth:// address as a QR code. The `qrcode` library is fetched only
 * when this is shown (the security screen's set-up step), so neither the
 * public pages nor the rest of the admin carry it. Drawn as SVG in an <img>
 * (a data: URL, allowed by the page's img-src), no canvas.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    import('qrcode')
      .then((qrcode) =>
        qrcode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      )
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)
      })
      .catch(() => {
        if (live) setFailed(true)
      })
    return () => {
      live = false
    }
  }, [value])
  if (failed) {
    return (
      <p className="text-sm text-muted">The QR code could not be drawn: enter the key below.</p>
    )
  }
  return src ? (
    <img
      src={src}
      alt={label}
      width={200}
      height={200}
      className="rounded-lg border border-line bg-surface-raised p-2"
    />
  ) : (
    <div
      role="img"
      aria-label="Drawing the QR code…"
      className="h-[200px] w-[200px] animate-pulse rounded-lg bg-surface-sunken"
    />
  )
}
