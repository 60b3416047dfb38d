import { z } from './zod'

/** The uploaded CV: a PDF, recognised from its first bytes (`%PDF-`), at most 10 MB. */
export const cvLimits = {
  maxBytes: 10 * 1024 * 1024,
} as const

/**
 * `PUT /api/cv` as the REST door reads it (`multipart/form-data`): the PDF in
 * the field `file`.
 */
export const cvUploadInput = z
  .instanceof(FormData, { error: 'Send the PDF as a multipart/form-data form.' })
  .pipe(
    z.preprocess(
      (form: FormData) => ({ file: form.get('file') }),
      z.object({
        file: z.instanceof(File, {
          error: 'Choose a PDF to upload (the form field "file" holds no file).',
        }),
      }),
    ),
  )

/** Which CV `/cv.pdf` serves: the uploaded file, or null for the one made from the content. */
export const cvStatusSchema = z.object({
  uploaded: z
    .object({
      file_name: z.string(),
      bytes: z.number(),
      /** Served at this address too (immutable, named by its hash). */
      url: z.string(),
      uploaded_at: z.string(),
    })
    .nullable(),
})
export type CvStatus = z.infer<typeof cvStatusSchema>
