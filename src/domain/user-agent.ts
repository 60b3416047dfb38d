/**
 * A browser and system in a few words ("Chrome on Linux") from a User-Agent
 * header, for the session list: enough for the owner to recognise a device,
 * not a full parser. The order matters: Edge and Opera also say "Chrome",
 * Chrome also says "Safari", Android also says "Linux", iOS also says "Mac OS X".
 */
const browsers: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|Chrom(e|ium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^Bun\//, 'Bun'],
  [/\bnode(-fetch)?\b|^undici/i, 'Node.js'],
  [/^python-requests\/|^Python-urllib/, 'Python'],
]

const systems: [RegExp, string][] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
]

export function describeUserAgent(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? ''
  if (!ua) return 'Unknown browser'
  const browser = browsers.find(([pattern]) => pattern.test(ua))?.[1]
  const system = systems.find(([pattern]) => pattern.test(ua))?.[1]
  if (browser && system) return `${browser} on ${system}`
  if (browser) return browser
  if (system) return `Browser on ${system}`
  return 'Unknown browser'
}
