import { slugify } from '../../../../src/domain/slug'
import { limits } from '../../../../src/schemas/fields'
import { TextField } from './form-controls'
import type { TextBinding } from './use-schema-form'

/**
 * What the save sends for the address: the typed one when the owner changed
 * it, else nothing (the server keeps the current address while the title
 * stays, and makes one from the title otherwise).
 */
export function chosenAddress(typed: string, current: string | undefined): string | undefined {
  const value = typed.trim()
  return value === '' || value === current ? undefined : value
}

/**
 * The address a save will publish: the one typed (as the server writes it),
 * else the current one while the title stays, else the title's.
 */
export function addressPreview(options: {
  typed: string
  title: string
  current?: { slug: string; title: string } | undefined
}): string {
  const { typed, title, current } = options
  const chosen = chosenAddress(typed, current?.slug)
  if (chosen !== undefined) return slugify(chosen)
  if (current && current.title === title.trim()) return current.slug
  return slugify(title.trim())
}

/**
 * The page's address, editable: a project's or a note's. Its hint says where
 * the page will be once saved, and that a former address keeps leading to
 * it (a 301 on the public pages).
 */
export function AddressField({
  id,
  base,
  field,
  title,
  current,
}: {
  id: string
  /** `/projects` or `/notes`. */
  base: string
  field: TextBinding
  title: string
  current?: { slug: string; title: string } | undefined
}) {
  const preview = addressPreview({ typed: field.value, title, current })
  const where = `Published at ${base}/${preview}.`
  const rule = current
    ? 'Leave it as it is to keep it (or to follow a new title); a former address keeps leading here.'
    : 'Leave it empty to make it from the title.'
  return (
    <TextField
      id={id}
      label="Address"
      hint={`${where} ${rule} Letters, digits and hyphens; accents are dropped (é → e).`}
      field={field}
      maxLength={limits.slug}
      autoComplete="off"
      placeholder={current ? undefined : 'made from the title'}
    />
  )
}
