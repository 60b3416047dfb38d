import { SITE_STYLES } from '../domain/site-styles'
import { z } from './zod'

export {
  DEFAULT_SITE_STYLE,
  isSiteStyle,
  SITE_STYLE_INFO,
  SITE_STYLES,
  type SiteStyle,
} from '../domain/site-styles'

export const siteStyleSchema = z.enum(SITE_STYLES)

/** `GET /api/appearance`: the style in use and every style there is. */
export const appearanceSchema = z.object({
  style: siteStyleSchema,
  styles: z.array(siteStyleSchema),
})
export type Appearance = z.infer<typeof appearanceSchema>

/** `PUT /api/appearance`. */
export const appearanceInput = z.object({
  style: z.enum(SITE_STYLES, { error: `Style must be one of: ${SITE_STYLES.join(', ')}.` }),
})
export type AppearanceInput = z.infer<typeof appearanceInput>
