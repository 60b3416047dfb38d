import { joinCommaList } from '../../../../src/domain/comma-list'
import { splitNameList } from '../../../../src/domain/name-list'
import { limits } from '../../../../src/schemas/fields'
import { type Profile, type ProfileData, profileInput } from '../../../../src/schemas/profile'
import { ImageField } from '../media/image-field'
import {
  CheckboxField,
  describedBy,
  Field,
  inputClass,
  lengthLimit,
  listHint,
  TextField,
  type TextFieldProps,
} from '../ui/form-controls'
import { FormPage } from '../ui/form-page'
import { ListPreview } from '../ui/list-preview'
import { MarkdownField } from '../ui/markdown-field'
import { useToast } from '../ui/toasts'
import { type TextBinding, useSchemaForm } from '../ui/use-schema-form'

function valuesOf(profile: Profile) {
  return {
    name: profile.name,
    headline: profile.headline,
    birth_year: profile.birth_year === null ? '' : String(profile.birth_year),
    show_age: profile.show_age,
    location: profile.location,
    bio: profile.bio,
    skills: joinCommaList(profile.skills),
    links: profile.links.map((link) => ({ ...link })),
    email: profile.email,
    university: profile.university,
    major: profile.major,
    focus: profile.focus,
    minor: profile.minor,
    linkedin_url: profile.linkedin_url,
    github_url: profile.github_url,
    photo_url: profile.photo_url,
    accent_color: profile.accent_color,
    fediverse_account: profile.fediverse_account,
    atproto_did: profile.atproto_did,
    orcid: profile.orcid,
  }
}

type Values = ReturnType<typeof valuesOf>

/** A required text field of the form, as TextField takes it. */
interface TextSpec
  extends Pick<
    TextFieldProps,
    'label' | 'hint' | 'maxLength' | 'inputMode' | 'autoComplete' | 'placeholder'
  > {
  key: Exclude<keyof Values, 'photo_url' | 'accent_color' | 'show_age' | 'links' | 'bio' | 'skills'>
  required?: boolean
}

/** The fields in rows: one, or two side by side from the small breakpoint up. */
const rows: TextSpec[][] = [
  [
    { key: 'name', label: 'Name', autoComplete: 'name', maxLength: limits.name, required: true },
    {
      key: 'birth_year',
      label: 'Birth year',
      hint: 'Optional. The age on the home page is counted from it.',
      inputMode: 'numeric',
    },
  ],
  [
    {
      key: 'headline',
      label: 'Greeting headline',
      hint: "The home page's main heading. Leave empty for “Hi, I'm {your name}!”, which follows your name.",
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
      required: true,
    },
    {
      key: 'location',
      label: 'Location',
      hint: 'Optional, like “Berlin, Germany”.',
      maxLength: limits.title,
    },
  ],
  [
    {
      key: 'major',
      label: 'Major',
      hint: "Optional. “I'm a … major at …”",
      maxLength: limits.title,
    },
    { key: 'university', label: 'University', hint: 'Optional.', maxLength: limits.title },
  ],
  [
    {
      key: 'focus',
      label: 'Focus',
      hint: 'Optional. “My focus is on …”',
      maxLength: limits.shortText,
    },
  ],
  [
    {
      key: 'minor',
      label: 'Minor',
      hint: "Optional. “I'm currently pursuing a minor in …”",
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
      required: true,
    },
    {
      key: 'github_url',
      label: 'GitHub URL',
      inputMode: 'url',
      placeholder: 'https://github.com/…',
      maxLength: limits.url,
      required: true,
    },
  ],
  [
    {
      key: 'fediverse_account',
      label: 'Fediverse account',
      hint: 'Optional. Mastodon credits you on links to this site shared there (fediverse:creator).',
      placeholder: '@you@mastodon.social',
      maxLength: limits.title,
    },
    {
      key: 'atproto_did',
      label: 'Bluesky DID',
      hint: 'Optional. Makes this domain your Bluesky handle: Bluesky shows it under Settings → Account → Handle.',
      placeholder: 'did:plc:…',
      maxLength: limits.title,
    },
  ],
  [
    {
      key: 'orcid',
      label: 'ORCID iD',
      hint: 'Optional. Linked from the home page, the CV and your publications; Publications syncs your ORCID works from it.',
      placeholder: '0000-0002-1825-0097',
      maxLength: limits.title,
    },
  ],
]

/** Every field of the home page's intro; the form stays open after a save, which a toast confirms. */
export function ProfileForm({
  profile,
  save,
  reload,
}: {
  profile: Profile
  save: (data: ProfileData, version?: number) => Promise<unknown>
  /** Loads the stored profile again (the conflict dialog's Reload). */
  reload?: () => Promise<unknown>
}) {
  const toast = useToast()
  const form = useSchemaForm({
    initial: () => valuesOf(profile),
    schema: profileInput,
    toInput: (values) => ({
      ...values,
      skills: splitNameList(values.skills),
      // A row left wholly empty is dropped, not an error.
      links: values.links.filter((link) => link.label.trim() || link.url.trim()),
    }),
    save,
    version: profile.version,
    reload,
    failure: 'The profile could not be saved.',
    draft: 'profile',
    onSaved: () => toast.success('Profile saved. The home page shows the change on its next load.'),
  })
  const { text, values, set } = form

  return (
    <FormPage heading="Edit Profile." submit="Save Profile" form={form}>
      {rows.map((row) => {
        const fields = row.map(({ key, ...spec }) => (
          <TextField
            key={key}
            id={`profile-${key}`}
            field={text(key)}
            {...spec}
            // What an empty headline greets with: the name as typed.
            placeholder={
              key === 'headline' ? `Hi, I'm ${values.name.trim() || '…'}!` : spec.placeholder
            }
          />
        ))
        return fields.length === 1 ? (
          fields[0]
        ) : (
          <div key={row[0]?.key} className="grid gap-5 sm:grid-cols-2">
            {fields}
          </div>
        )
      })}
      <CheckboxField
        id="profile-show_age"
        label="Show my age"
        checked={values.show_age}
        onChange={(checked) => set('show_age', checked)}
      />
      <MarkdownField
        id="profile-bio"
        label="About"
        hint="Optional. Markdown: shown as the “About” section on the home page and the CV."
        field={text('bio')}
        rows={6}
        maxLength={limits.longText}
      />
      <TextField
        id="profile-skills"
        label="Skills"
        hint={`Optional. Shown as chips on the home page and the CV. ${listHint}`}
        field={text('skills')}
        rows={3}
        placeholder={'TypeScript\nPostgreSQL\nAccessibility'}
      />
      <ListPreview
        id="profile-skills"
        items={splitNameList(values.skills)}
        look="chips"
        noun={['skill', 'skills']}
      />
      <LinksField
        links={values.links}
        onChange={(links) => set('links', links)}
        error={form.errorOf('links')}
      />
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

type LinkRow = { label: string; url: string }

/** The owner's links: any number of label + URL rows, shown with rel="me" on the home page. */
function LinksField({
  links,
  onChange,
  error,
}: {
  links: LinkRow[]
  onChange: (links: LinkRow[]) => void
  error: string | undefined
}) {
  const update = (index: number, patch: Partial<LinkRow>) =>
    onChange(links.map((link, at) => (at === index ? { ...link, ...patch } : link)))
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-body">Links</legend>
      <p id="profile-links-hint" className="text-xs text-muted">
        Optional: a blog, Mastodon, anything. Each is shown with rel="me", so sites such as Mastodon
        can verify the link.
      </p>
      {links.map((link, index) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; they are edited in place
          key={index}
          className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto] sm:items-end"
        >
          <LinkInput
            id={`profile-link-${index}-label`}
            label={`Label ${index + 1}`}
            value={link.label}
            max={limits.title}
            onChange={(label) => update(index, { label })}
          />
          <LinkInput
            id={`profile-link-${index}-url`}
            label={`URL ${index + 1}`}
            value={link.url}
            max={limits.url}
            url
            onChange={(url) => update(index, { url })}
          />
          <button
            type="button"
            className="button-secondary whitespace-nowrap"
            onClick={() => onChange(links.filter((_, at) => at !== index))}
          >
            Remove link {index + 1}
          </button>
        </div>
      ))}
      {error ? (
        <p role="alert" className="text-sm text-danger-ink">
          {error}
        </p>
      ) : null}
      <button
        type="button"
        className="button-secondary"
        onClick={() => onChange([...links, { label: '', url: '' }])}
      >
        Add link
      </button>
    </fieldset>
  )
}

/** One input of a link row, counted against its limit rather than cut (see lengthLimit). */
function LinkInput({
  id,
  label,
  value,
  max,
  url = false,
  onChange,
}: {
  id: string
  label: string
  value: string
  max: number
  url?: boolean
  onChange: (value: string) => void
}) {
  const limit = lengthLimit(id, label, value, max)
  const described = [limit.countId, limit.message ? `${id}-error` : undefined].filter(Boolean)
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-body">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode={url ? 'url' : undefined}
        placeholder={url ? 'https://…' : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
        aria-invalid={limit.message ? true : undefined}
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
      />
      {limit.count}
      {limit.message ? (
        <p id={`${id}-error`} className="text-sm text-danger-ink">
          {limit.message}
        </p>
      ) : null}
    </div>
  )
}
