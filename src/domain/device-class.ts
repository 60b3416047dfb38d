/** What the analytics count a view's device as. */
export const deviceClasses = ['mobile', 'tablet', 'desktop'] as const
export type DeviceClass = (typeof deviceClasses)[number]

/**
 * A device class from a User-Agent, for the analytics' devices table: no
 * model, no version, three words. Tablets first: an iPad, an Android without
 * "Mobile" (Google's convention for Android tablets), Kindle and Silk, or
 * anything saying Tablet. Then phones: "Mobi" (what Mozilla advises to look
 * for), iPhone, iPod, Windows Phone, Opera Mini. Everything else, including
 * an empty or missing header, is a desktop. iPadOS 13+ sends a Mac's
 * User-Agent and counts as a desktop: nothing in the header tells them apart.
 */
export function deviceClass(userAgent: string | null | undefined): DeviceClass {
  const ua = userAgent ?? ''
  if (/\biPad\b|\bTablet\b|\bKindle\b|\bSilk\/|\bPlayBook\b/i.test(ua)) return 'tablet'
  if (/\bAndroid\b/i.test(ua) && !/\bMobi/i.test(ua)) return 'tablet'
  if (/\bMobi|\biPhone\b|\biPod\b|\bWindows Phone\b|\bOpera Mini\b|\bIEMobile\b/i.test(ua)) {
    return 'mobile'
  }
  return 'desktop'
}
