import { useState } from 'react'
import { limits } from '../../../src/schemas/fields'
import { type Profile, type ProfileData, profileInput } from '../../../src/schemas/profile'
import { TextField } from './form-controls'
import { FormPage } from './form-page'
import { ImageField } from './image-field'
import { useSchemaForm } from './use-schema-form'

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
  }
}

/** Every field of the home page's intro; the form stays open after a save and says so. */
export function ProfileForm({
  profile,
  save,
}: {
  profile: Profile
  save: (data: ProfileData) => Promise<unknown>
}) {
  const [status, setStatus] = useState<string | null>(null)
  const form = useSchemaForm({
    initial: () => valuesOf(profile),
    schema: profileInput,
    toInput: (values) => values,
    save: (data: ProfileData) => {
      setStatus(null)
      return save(data)
    },
    failure: 'The profile could not be saved.',
    onSaved: () => setStatus('Profile saved. The home page shows the change on its next load.'),
  })
  const { text } = form

  return (
    <FormPage heading="Edit Profile." submit="Save Profile" form={form} status={status}>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="profile-name"
          label="Name"
          field={text('name')}
          required
          autoComplete="name"
          maxLength={limits.name}
        />
        <TextField
          id="profile-birth-year"
          label="Birth year"
          hint="The age on the home page is counted from it."
          field={text('birth_year')}
          required
          inputMode="numeric"
          maxLength={4}
        />
      </div>
      <TextField
        id="profile-headline"
        label="Greeting headline"
        hint="The home page's main heading."
        field={text('headline')}
        required
        placeholder="Hi, I'm Ada!"
        maxLength={limits.title}
      />
      <TextField
        id="profile-email"
        label="Email"
        hint="The mailto link in the social links."
        field={text('email')}
        required
        inputMode="email"
        autoComplete="email"
        maxLength={limits.email}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="profile-major"
          label="Major"
          hint="“I'm a … major at …”"
          field={text('major')}
          required
          maxLength={limits.title}
        />
        <TextField
          id="profile-university"
          label="University"
          field={text('university')}
          required
          maxLength={limits.title}
        />
      </div>
      <TextField
        id="profile-focus"
        label="Focus"
        hint="“My focus is on …”"
        field={text('focus')}
        required
        maxLength={limits.shortText}
      />
      <TextField
        id="profile-minor"
        label="Minor"
        hint="“I'm currently pursuing a minor in …”"
        field={text('minor')}
        required
        maxLength={limits.title}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="profile-linkedin"
          label="LinkedIn URL"
          field={text('linkedin_url')}
          required
          inputMode="url"
          placeholder="https://www.linkedin.com/in/…"
          maxLength={limits.url}
        />
        <TextField
          id="profile-github"
          label="GitHub URL"
          field={text('github_url')}
          required
          inputMode="url"
          placeholder="https://github.com/…"
          maxLength={limits.url}
        />
      </div>
      <ImageField
        id="profile-photo"
        label="Photo URL"
        hint="Shown at 175 × 175 pixels, cropped to a circle."
        field={text('photo_url')}
        placeholder="/profile.svg"
        maxLength={limits.url}
      />
    </FormPage>
  )
}
