import { useMemo } from 'react'
import { renderSVG } from 'uqr'

/** The share link as a QR code: an SVG image with the link as its accessible name. */
export function ReferralQrCode({ link }: { link: string }) {
  const source = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(link, { border: 2 }))}`,
    [link],
  )
  return (
    <img
      src={source}
      alt={`QR code of your invitation link ${link}`}
      width={176}
      height={176}
      className="size-44 rounded-md border bg-white"
    />
  )
}
