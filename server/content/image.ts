/**
 * Images (the `media` table): the media library's uploads, named by the
 * SHA-256 of their bytes. Other kinds use them by URL (their `imageUses`).
 */
import { createSelectSchema } from 'drizzle-zod'
import { z } from 'zod'
import { contentKindLabels } from '../../src/domain/content-kinds'
import { isPlaceholder } from '../../src/domain/placeholder'
import { optionalText } from '../../src/schemas/fields'
import { mediaLimits } from '../../src/schemas/media'
import { media } from '../db/schema'
import { isMediaKey } from '../media/keys'
import { backupTable, positive } from './backup-rows'
import { defineKind } from './kind'

const mediaKey = z.string().refine(isMediaKey, 'must be a media key (<sha256>.<extension>)')

export const imageKind = defineKind({
  name: 'image',
  labels: contentKindLabels.image,
  table: media,
  public: true,
  slugs: null,
  audit: { titled: false, group: 'content' },
  // Its stored keys and placeholder by the media rules, its words by the library's.
  fieldRules: z.object({
    key: mediaKey,
    alt: optionalText('Alt text', mediaLimits.altMax),
    name: optionalText('Name', mediaLimits.nameMax),
    placeholder: z
      .string()
      .refine(isPlaceholder, 'must be a base64 data:image/webp or data:image/png URL'),
    variants: z.array(z.object({ key: mediaKey }).passthrough()),
  }),
  backup: {
    tables: {
      media: backupTable({
        table: media,
        rows: createSelectSchema(media, {
          id: positive,
          key: (key) => key.refine(isMediaKey, 'must be a media key'),
          // Written into a CSS url("…") on public pages: a base64 WebP or PNG data: URL, nothing else.
          placeholder: (placeholder) =>
            placeholder.refine(
              isPlaceholder,
              'must be a base64 data:image/webp or data:image/png URL (at most 16 KB)',
            ),
          variants: z.array(
            z.strictObject({
              width: z.number().int().positive(),
              key: z.string().refine(isMediaKey, 'must be a media key'),
              content_type: z.string(),
              bytes: z.number().int().nonnegative(),
            }),
          ),
        }).extend({
          // Files written before media kept their file names: no name.
          name: z.string().default(''),
        }),
        order: [media.id],
      }),
    },
    // Version 1 files were written before the media library.
    absentFromOlderFiles: true,
    manualOrder: false,
  },
  imageUses: [],
  search: null,
  revisions: false,
  trash: {
    // A display name when the library keeps one, else its alt text, else its file.
    title: (row) =>
      [row.name, row.alt, row.key].find(
        (value): value is string => typeof value === 'string' && value !== '',
      ) ?? 'Image',
    notFound: 'Image not found.',
    sameAs: media.hash,
    keepsFiles: true,
  },
})
