import type { Sharp } from 'sharp'
import { rgbaToThumbHash, thumbHashToRGBA } from 'thumbhash'
import { heicSentence, imageTooLargeSentence, mediaLimits } from '../../src/schemas/media'
import {
  InvalidInputError,
  ServiceError,
  TooLargeError,
  UnavailableError,
  UnsupportedTypeError,
} from '../errors'
import { contentTypes, fullKey, type MediaExtension, variantKey } from './keys'

type SharpModule = typeof import('sharp').default
let sharpModule: Promise<SharpModule> | undefined

/**
 * sharp (libvips), loaded on the first upload: a server that only answers
 * visitors never needs it, and loading it costs about 11 MB of resident
 * memory (measured: 42 → 53 MB in a bare Bun process).
 */
function loadSharp(): Promise<SharpModule> {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Uploads are rare and large: libvips' cache of recent operations would only hold memory.
    sharp.cache(false)
    return sharp
  })
  return sharpModule
}

/** One file to store. */
export interface ImageFile {
  key: string
  bytes: Uint8Array
  contentType: string
}

/** What an upload becomes: the files to store and what pages need to know of them. */
export interface ProcessedImage {
  /** After EXIF orientation. */
  width: number
  height: number
  /** The full-size fallback: JPEG, PNG (with transparency) or GIF (stays animated). */
  full: ImageFile
  /** WebP, ascending by width, never wider than the image. */
  variants: (ImageFile & { width: number })[]
  /** A data: URL of the image's ThumbHash, rendered as a tiny WebP. */
  placeholder: string
}

const acceptedList = 'JPEG, PNG, WebP, AVIF or GIF'
export const imageSentences = {
  unsupported: `The file is not an image we accept: upload a ${acceptedList} image (SVG, PDF and other files are refused).`,
  heic: heicSentence,
  unreadable: 'The image could not be read: the file is damaged or incomplete.',
  busy: 'Too many images are being processed right now. Please try again shortly.',
  tooManyBytes: imageTooLargeSentence(),
  tooManyPixels: (width: number, height: number) =>
    `The image is too large: ${width} × ${height} pixels is ${((width * height) / 1e6).toFixed(1)} megapixels, and the limit is ${mediaLimits.maxPixels / 1e6} megapixels.`,
}

const accepted: ReadonlySet<string> = new Set(mediaLimits.acceptedTypes)
/** A phone's photo in a HEIF container (HEVC-coded as a rule), as file-type names them; a sequence is a video. */
const heif: ReadonlySet<string> = new Set(['image/heic', 'image/heif'])

/** The image type the bytes say they are (magic numbers), if it is one we accept. */
async function acceptedTypeOf(bytes: Uint8Array): Promise<string> {
  // file-type loads with the first upload, as sharp does, not at start.
  const { fileTypeFromBuffer } = await import('file-type')
  const detected = await fileTypeFromBuffer(bytes)
  // An animated PNG is a PNG to every decoder that ignores the animation.
  const type = detected?.mime === 'image/apng' ? 'image/png' : detected?.mime
  if (type && heif.has(type)) return type
  if (!type || !accepted.has(type)) throw new UnsupportedTypeError(imageSentences.unsupported)
  return type
}

/**
 * Whether this build of sharp (libvips with libheif) can decode HEIF at all.
 * The prebuilt one reads the container and AV1 images (AVIF) but has no HEVC
 * decoder, which most phones' HEIC photos need: those fail at decoding, and
 * are refused with `heicSentence` then.
 */
export function sharpReadsHeif(sharp: SharpModule): boolean {
  return sharp.format.heif?.input.buffer === true
}

const encoders = {
  // Plain libjpeg, not mozjpeg: a third the time (0.35 s for 12 MP), and pages mostly get the WebP variants.
  jpg: (image: Sharp) => image.jpeg({ quality: 82, progressive: true }),
  png: (image: Sharp) => image.png({ compressionLevel: 9, adaptiveFiltering: true }),
  gif: (image: Sharp) => image.gif({ effort: 7 }),
  webp: (image: Sharp) => image.webp({ quality: 78, effort: 4 }),
} satisfies Record<MediaExtension, (image: Sharp) => Sharp>

async function encode(image: Sharp, extension: MediaExtension): Promise<Uint8Array> {
  return new Uint8Array(await encoders[extension](image).toBuffer())
}

/**
 * Widths of the WebP variants: each standard width below the image's, and
 * the image's own when it is no wider than the largest standard one and
 * worth a file (over 15% wider than the next one down).
 */
export function variantWidthsFor(width: number): number[] {
  const widths: number[] = mediaLimits.variantWidths.filter((candidate) => candidate < width)
  const largest = mediaLimits.variantWidths.at(-1) ?? 0
  const below = widths.at(-1) ?? 0
  if (width <= largest && width > below * 1.15) widths.push(width)
  return widths
}

/**
 * The ThumbHash of a ≤100 px copy, drawn back to pixels (about 32 × 20) and
 * sent as a lossy WebP: 80–150 bytes where a PNG of the same pixels took
 * 0.5–2.2 KB, and a page carries one per card twice (in the markup and in
 * the data its script hydrates from). Alpha is kept only when the image has
 * transparency.
 */
async function placeholderOf(sharp: SharpModule, image: Sharp): Promise<string> {
  const { data, info } = await image
    .resize(100, 100, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const drawn = thumbHashToRGBA(rgbaToThumbHash(info.width, info.height, data))
  return placeholderWebp(
    sharp(drawn.rgba, { raw: { width: drawn.w, height: drawn.h, channels: 4 } }),
  )
}

async function placeholderWebp(pixels: Sharp): Promise<string> {
  const { isOpaque } = await pixels.clone().stats()
  const shaped = isOpaque ? pixels.removeAlpha() : pixels
  const webp = await shaped.webp({ quality: 80, smartSubsample: true, effort: 6 }).toBuffer()
  return `data:image/webp;base64,${webp.toString('base64')}`
}

const pngPlaceholderPrefix = 'data:image/png;base64,'

/** Whether a stored placeholder is in the former PNG form, which `compactPlaceholder` re-encodes. */
export function isPngPlaceholder(placeholder: string): boolean {
  return placeholder.startsWith(pngPlaceholderPrefix)
}

/**
 * The largest PNG placeholder an earlier version made: ThumbHash drawn back
 * to pixels is at most 32 pixels a side; 128 leaves room and still bounds
 * the decode to 64 KB of pixels.
 */
const PNG_PLACEHOLDER_MAX_SIDE = 128

/** A PNG's width and height from its IHDR chunk, or null when the bytes are not a PNG. */
function pngSize(png: Buffer): { width: number; height: number } | null {
  const signature = '89504e470d0a1a0a'
  if (png.length < 24 || png.subarray(0, 8).toString('hex') !== signature) return null
  if (png.subarray(12, 16).toString('latin1') !== 'IHDR') return null
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) }
}

/**
 * A placeholder stored by an earlier version (a PNG data: URL) as the WebP
 * that uploads now get; anything else is returned as it is. Used at start-up
 * for the stored rows and on restore for an older backup's. The PNG comes
 * from a file anyone could have edited, so it is not decoded blindly: its
 * header must say at most 128 × 128 pixels, and sharp is held to that many
 * pixels while decoding (a PNG whose data holds more fails instead of
 * filling memory). One that fails either check is replaced by a plain grey
 * placeholder rather than kept: browsers would decode it for every visitor.
 */
export async function compactPlaceholder(placeholder: string): Promise<string> {
  if (!isPngPlaceholder(placeholder)) return placeholder
  const png = Buffer.from(placeholder.slice(pngPlaceholderPrefix.length), 'base64')
  const size = pngSize(png)
  if (
    !size ||
    size.width < 1 ||
    size.height < 1 ||
    size.width > PNG_PLACEHOLDER_MAX_SIDE ||
    size.height > PNG_PLACEHOLDER_MAX_SIDE
  ) {
    return plainPlaceholder
  }
  try {
    const sharp = await loadSharp()
    const pixels = sharp(png, { limitInputPixels: PNG_PLACEHOLDER_MAX_SIDE ** 2 }).ensureAlpha()
    return await placeholderWebp(pixels)
  } catch {
    return plainPlaceholder
  }
}

/** A 1 × 1 grey WebP: what an unreadable or oversized old placeholder becomes. */
export const plainPlaceholder =
  'data:image/webp;base64,UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAUAmJaQAA3AA/vdCAAA='

/**
 * Turns uploaded bytes into the files to store. The type is read from the
 * bytes (never the name or the declared type), the size in pixels from the
 * header before anything is decoded; then EXIF orientation is applied and
 * every file is encoded anew, so none carries the upload's metadata (EXIF,
 * GPS, XMP, IPTC, comments, ICC profiles: colours are converted to sRGB,
 * which is what a browser assumes of an image without a profile).
 */
export async function processImage(bytes: Uint8Array, hash: string): Promise<ProcessedImage> {
  if (bytes.byteLength > mediaLimits.maxBytes) throw new TooLargeError(imageSentences.tooManyBytes)
  const type = await acceptedTypeOf(bytes)
  const animated = type === 'image/gif'
  const sharp = await loadSharp()
  const isHeif = heif.has(type)
  if (isHeif && !sharpReadsHeif(sharp)) throw new UnsupportedTypeError(imageSentences.heic)
  // A HEIF this build cannot decode (HEVC) is refused with the way to convert it, not as damaged.
  const unreadable = () =>
    isHeif
      ? new UnsupportedTypeError(imageSentences.heic)
      : new InvalidInputError(imageSentences.unreadable)
  // Header only: width and height (for an animated GIF, all frames stacked) before any decoding.
  const header = await sharp(bytes, { animated, limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadable()
    })
  if (header.width * header.height > mediaLimits.maxPixels) {
    throw new TooLargeError(imageSentences.tooManyPixels(header.width, header.height))
  }
  /** A pipeline from the upload: every frame (of a GIF) or the first, upright, within the pixel limit. */
  const upload = (frames = animated) =>
    sharp(bytes, { animated: frames, autoOrient: true, limitInputPixels: mediaLimits.maxPixels })

  try {
    // A still image is decoded once, upright, to 8-bit sRGB pixels no larger than
    // `maxStoredSide` a side (shrunk while it is read, so the full-size pixels are never all in
    // memory), and every file is made from those. A PNG or WebP cannot be decoded in part: each
    // pipeline from the upload (transparency, the full size, five widths, the placeholder)
    // decoded all of it again, and a 39-megapixel 16-bit PNG took 15–30 s and 400–640 MB.
    // An animated GIF keeps its frames: made from the upload.
    const decoded = animated
      ? null
      : await upload()
          .resize({
            width: mediaLimits.maxStoredSide,
            height: mediaLimits.maxStoredSide,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .toColourspace('srgb')
          .raw({ depth: 'uchar' })
          .toBuffer({ resolveWithObject: true })
    const input = (frames = animated) =>
      decoded
        ? sharp(decoded.data, {
            raw: {
              width: decoded.info.width,
              height: decoded.info.height,
              channels: decoded.info.channels,
            },
            limitInputPixels: mediaLimits.maxPixels,
          })
        : upload(frames)
    const { width, height } = decoded
      ? { width: decoded.info.width, height: decoded.info.height }
      : { width: header.width, height: header.pageHeight ?? header.height }
    const transparent = header.hasAlpha && !animated && !(await input().stats()).isOpaque
    const extension: MediaExtension = animated ? 'gif' : transparent ? 'png' : 'jpg'
    const full = {
      key: fullKey(hash, extension),
      bytes: await encode(
        transparent || animated ? input() : input().flatten({ background: '#ffffff' }),
        extension,
      ),
      contentType: contentTypes[extension],
    }
    const variants: ProcessedImage['variants'] = []
    for (const variantWidth of variantWidthsFor(width)) {
      const resized = input().resize({ width: variantWidth, withoutEnlargement: true })
      variants.push({
        width: variantWidth,
        key: variantKey(hash, variantWidth),
        bytes: await encode(resized, 'webp'),
        contentType: contentTypes.webp,
      })
    }
    const placeholder = await placeholderOf(sharp, input(false))
    return { width, height, full, variants, placeholder }
  } catch (error) {
    if (error instanceof ServiceError) throw error
    // libvips' own refusals (a truncated file, bad pixel data) are the upload's fault.
    const refusal = unreadable()
    refusal.cause = error
    throw refusal
  }
}

/**
 * At most `running` tasks at a time, and at most `waiting` more in line;
 * beyond that a task is refused at once (503) rather than queued.
 */
export function createLimiter(running: number, waiting: number) {
  let active = 0
  const queue: (() => void)[] = []
  return async function limited<T>(task: () => Promise<T>): Promise<T> {
    if (active < running) active++
    else if (queue.length < waiting) await new Promise<void>((resolve) => queue.push(resolve))
    else throw new UnavailableError(imageSentences.busy)
    try {
      return await task()
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = queue.shift()
      if (next) next()
      else active--
    }
  }
}

/**
 * Two images at a time: decoding holds every pixel of one (up to 40
 * megapixels) in memory, so uploads in parallel wait their turn instead of
 * adding up. sharp works on libuv's threads: requests go on meanwhile.
 */
const processing = createLimiter(2, 8)

/** `processImage`, two at a time (see `processing`). */
export function processUpload(bytes: Uint8Array, hash: string): Promise<ProcessedImage> {
  return processing(() => processImage(bytes, hash))
}

/** The side of an author's photo as stored (a conversation's face): shown at 48 px, sharp at 2×. */
export const AVATAR_SIZE = 96

/**
 * An author's photo fetched from elsewhere (a conversation's): the type read from the bytes,
 * the pixels bounded, cropped to a square WebP of `AVATAR_SIZE`, no metadata; stored as a
 * variant of its bytes' hash (`<hash>-96.webp`), two at a time with the uploads.
 */
export function processAvatar(bytes: Uint8Array, hash: string): Promise<ImageFile> {
  return processing(async () => {
    if (bytes.byteLength > mediaLimits.maxBytes)
      throw new TooLargeError(imageSentences.tooManyBytes)
    await acceptedTypeOf(bytes)
    const sharp = await loadSharp()
    const output = await sharp(bytes, { autoOrient: true, limitInputPixels: mediaLimits.maxPixels })
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer()
      .catch(() => {
        throw new InvalidInputError(imageSentences.unreadable)
      })
    return {
      key: variantKey(hash, AVATAR_SIZE),
      bytes: new Uint8Array(output),
      contentType: 'image/webp',
    }
  })
}
