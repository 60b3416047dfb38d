import { idSchema, optionalText } from './fields'
import { z } from './zod'

/** What uploads may be: recognised from the bytes, never from the name or declared type. */
export const mediaLimits = {
  maxBytes: 15 * 1024 * 1024,
  /** Refused before decoding: a small file can expand to gigabytes of pixels. */
  maxPixels: 40_000_000,
  /**
   * A still image is kept at most this many pixels a side (the full-size
   * file; pages show the WebP widths below): decoded once and shrunk while
   * it is read, so one upload holds at most ~64 MB of pixels.
   */
  maxStoredSide: 4096,
  /** Widths of the resized variants; only those below the original are made (never upscaled). */
  variantWidths: [320, 640, 960, 1280, 1920],
  acceptedTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'],
  /**
   * Phones' HEIC/HEIF photos: taken where the server's image library can
   * decode them (converted like every upload), else refused with
   * `heicSentence`. The file chooser offers them either way (some browsers
   * know only the extensions).
   */
  heifTypes: ['image/heic', 'image/heif', '.heic', '.heif'],
  altMax: 500,
  nameMax: 255,
} as const

/** `15 MB`, `20.4 MB`: a size as the upload messages say it, rounded up (15 MB and a byte: 15.1 MB). */
export function megabytes(bytes: number): string {
  return `${Math.ceil((bytes / 1024 / 1024) * 10) / 10} MB`
}

/**
 * Why an image is refused for its size: the same sentence from the browser,
 * which checks before sending (with the file's own size), and from the
 * server, which checks the declared length before reading the body.
 */
export function imageTooLargeSentence(size?: number): string {
  const limit = megabytes(mediaLimits.maxBytes)
  return size === undefined
    ? `The image is too large: the limit is ${limit}.`
    : `The image is too large (${megabytes(size)}): the limit is ${limit}. Make it smaller (export it at a lower size or quality) and try again.`
}

/** A HEIC/HEIF photo this server cannot decode: how to turn it into one it takes. */
export const heicSentence =
  'This HEIC/HEIF photo cannot be read here: export it as JPEG and upload that (on a Mac: open it in Preview, File → Export, Format JPEG; on an iPhone, Settings → Camera → Formats → Most Compatible takes JPEG photos from then on).'

export const mediaVariantSchema = z.object({
  width: z.number(),
  /** Site-relative: `/media/<content hash>-<width>.webp`. */
  url: z.string(),
  content_type: z.string(),
})
export type MediaVariant = z.infer<typeof mediaVariantSchema>

/**
 * How a page shows an uploaded image: its size (no layout shift), resized
 * variants for `srcset`, and a tiny placeholder (a data: URL) shown until
 * the image arrives. Public: it is part of the content that uses the image.
 */
export const imageInfoSchema = z.object({
  /** The full-size fallback in a widely supported format (JPEG, PNG or GIF). */
  url: z.string(),
  content_type: z.string(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
  /** Ascending by width, in a modern format (WebP). */
  variants: z.array(mediaVariantSchema),
  /** A data: URL of a few hundred bytes (ThumbHash rendered to PNG). */
  placeholder: z.string(),
})
export type ImageInfo = z.infer<typeof imageInfoSchema>

/** A stored upload, as the media library lists it. */
export const mediaSchema = imageInfoSchema.extend({
  id: z.number(),
  /** The display name: the uploaded file's name, editable (the URL stays content-addressed). */
  name: z.string(),
  /** Where the image is used, as phrases ("the project \"X\"", "the profile photo"). */
  uses: z.array(z.string()),
  /** Size of the full-size fallback in bytes. */
  bytes: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
})
export type Media = z.infer<typeof mediaSchema>

export const mediaIdInput = z.object({ id: idSchema })
/** `PATCH /api/media/{id}`: the alt text (left out: none). */
export const mediaAltInput = z.object({
  id: idSchema,
  alt: optionalText('Alt text', mediaLimits.altMax),
})

/** `PATCH /api/media/{id}/name`: the display name (blank: the stored file's name is shown). */
export const mediaNameInput = z.object({
  id: idSchema,
  name: optionalText('Name', mediaLimits.nameMax),
})

/**
 * An upload as the REST door reads it (`multipart/form-data`): the image in
 * the field `file`, its alt text in `alt`.
 */
export const mediaUploadInput = z
  .instanceof(FormData, { error: 'Send the image as a multipart/form-data form.' })
  .pipe(
    z.preprocess(
      (form: FormData) => ({ file: form.get('file'), alt: form.get('alt') }),
      z.object({
        file: z.instanceof(File, {
          error: 'Choose an image to upload (the form field "file" holds no file).',
        }),
        alt: optionalText('Alt text', mediaLimits.altMax),
      }),
    ),
  )
