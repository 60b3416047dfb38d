import { limits } from '../../../src/schemas/fields'
import { type Profile, type ProfileData, profileInput } from '../../../src/schemas/profile'
import { describedBy, Field, inputClass, TextField, type TextFieldProps } from './form-controls'
import { FormPage } from './form-page'
import { ImageField } from './image-field'
import { useToast } from './toasts'
import { type TextBinding, useSchemaForm } from './use-schema-form'

function valuesOf(profile: Profile) {
  return {
    name: profile.name,
    headline: profile.headline,
    birth_year: String(profile.birth_year),
    email: profile.email,
    university: profile.university,
    major: profile.major,
    focus: profile.focus,
    minor: profile.minor,
    linkedin_url: profile.linkedin_url,
    github_url: profile.github_url,
    photo_url: profile.photo_url,
    accent_color: profile.accent_color,
  }
}

type Values = ReturnType<typeof valuesOf>

/** A required text field of the form, as TextField takes it. */
interface TextSpec
  extends Pick<
    TextFieldProps,
    'label' | 'hint' | 'maxLength' | 'inputMode' | 'autoComplete' | 'placeholder'
  > {
  key: Exclude<keyof Values, 'photo_url' | 'accent_color'>
}

/** The fields in rows: one, or two side by side from the small breakpoint up. */
const rows: TextSpec[][] = [
  [
    { key: 'name', label: 'Name', autoComplete: 'name', maxLength: limits.name },
    {
      key: 'birth_year',
      label: 'Birth year',
      hint: 'The age on the home page is counted from it.',
      inputMode: 'numeric',
      maxLength: 4,
    },
  ],
  [
    {
      key: 'headline',
      label: 'Greeting headline',
      hint: "The home page's main heading.",
      placeholder: "Hi, I'm Ada!",
      maxLength: limits.title,
    },
  ],
  [
    {
      key: 'email',
      label: 'Email',
      hint: 'The mailto link in the social links.',
      inputMode: 'email',
      autoComplete: 'email',
      maxLength: limits.email,
    },
  ],
  [
    { key: 'major', label: 'Major', hint: "“I'm a … major at …”", maxLength: limits.title },
    { key: 'university', label: 'University', maxLength: limits.title },
  ],
  [{ key: 'focus', label: 'Focus', hint: '“My focus is on …”', maxLength: limits.shortText }],
  [
    {
      key: 'minor',
      label: 'Minor',
      hint: "“I'm currently pursuing a minor in …”",
      maxLength: limits.title,
    },
  ],
  [
    {
      key: 'linkedin_url',
      label: 'LinkedIn URL',
      inputMode: 'url',
      placeholder: 'https://www.linkedin.com/in/…',
      maxLength: limits.url,
    },
    {
      key: 'github_url',
      label: 'GitHub URL',
      inputMode: 'url',
      placeholder: 'https://github.com/…',
      maxLength: limits.url,
    },
  ],
]

/** Every field of the home page's intro; the form stays open after a save, which a toast confirms. */
export function ProfileForm({
  profile,
  save,
}: {
  profile: Profile
  save: (data: ProfileData) => Promise<unknown>
}) {
  const toast = useToast()
  const form = useSchemaForm({
    initial: () => valuesOf(profile),
    schema: profileInput,
    toInput: (values) => values,
    save,
    failure: 'The profile could not be saved.',
    draft: 'profile',
    onSaved: () => toast.success('Profile saved. The home page shows the change on its next load.'),
  })
  const { text } = form

  return (
    <FormPage heading="Edit Profile." submit="Save Profile" form={form}>
      {rows.map((row) => {
        const fields = row.map(({ key, ...spec }) => (
          <TextField key={key} id={`profile-${key}`} field={text(key)} required {...spec} />
        ))
        return fields.length === 1 ? (
          fields[0]
        ) : (
          <div key={row[0]?.key} className="grid gap-5 sm:grid-cols-2">
            {fields}
          </div>
        )
      })}
      <ImageField
        id="profile-photo_url"
        label="Photo URL"
        hint="Shown at 175 × 175 pixels, cropped to a circle."
        field={text('photo_url')}
        placeholder="/profile.svg"
        maxLength={limits.url}
      />
      <AccentField field={text('accent_color')} />
    </FormPage>
  )
}

const accentHint =
  'Buttons, links and highlights on every page. Text on it and links in it stay readable in both themes.'

/** The accent colour: typed as #rrggbb or picked; a typed value that is not a colour is an inline error on save. */
function AccentField({ field }: { field: TextBinding }) {
  const id = 'profile-accent_color'
  const picked = /^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value.toLowerCase() : '#4f46e5'
  return (
    <Field id={id} label="Accent colour" hint={accentHint} error={field.error}>
      <div className="flex items-center gap-3">
        <input
          type="color"
          aria-label="Pick the accent colour"
          value={picked}
          onChange={(event) => field.set(event.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-control border border-line-strong bg-surface-raised p-1"
        />
        <input
          type="text"
          id={id}
          value={field.value}
          onChange={(event) => field.set(event.target.value)}
          maxLength={20}
          spellCheck={false}
          autoComplete="off"
          placeholder="#4f46e5"
          className={`${inputClass} font-mono`}
          {...describedBy(id, { hint: true, error: field.error })}
        />
      </div>
    </Field>
  )
}
