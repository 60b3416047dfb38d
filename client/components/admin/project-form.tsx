import { Link } from '@tanstack/react-router'
import { joinCommaList, splitCommaList } from '../../../src/domain/comma-list'
import { limits } from '../../../src/schemas/fields'
import { type Project, type ProjectData, projectInput } from '../../../src/schemas/project'
import {
  describedBy,
  ErrorAlert,
  Field,
  inputClass,
  primaryButtonClass,
  secondaryButtonClass,
} from './form-controls'
import { FormPage } from './form-page'
import { useSchemaForm } from './use-schema-form'

interface ProjectFormValues {
  title: string
  description: string
  long_description: string
  website_url: string
  image_urls: string
  tags: string
  is_featured: boolean
}

function valuesOf(project: Project | undefined): ProjectFormValues {
  return {
    title: project?.title ?? '',
    description: project?.description ?? '',
    long_description: project?.long_description ?? '',
    website_url: project?.website_url ?? '',
    image_urls: joinCommaList(project?.image_urls ?? []),
    tags: joinCommaList(project?.tags ?? []),
    is_featured: project?.is_featured ?? false,
  }
}

interface ProjectFormProps {
  heading: string
  project?: Project
  save: (data: ProjectData) => Promise<unknown>
}

export function ProjectForm({ heading, project, save }: ProjectFormProps) {
  const { values, set, onSubmit, errorOf, action } = useSchemaForm({
    initial: () => valuesOf(project),
    schema: projectInput,
    toInput: (typed: ProjectFormValues) => ({
      ...typed,
      image_urls: splitCommaList(typed.image_urls),
      tags: splitCommaList(typed.tags),
    }),
    save,
    failure: 'The project could not be saved.',
  })

  return (
    <FormPage heading={heading}>
      <form className="space-y-5" onSubmit={onSubmit}>
        <Field id="project-title" label="Title" error={errorOf('title')}>
          <input
            id="project-title"
            type="text"
            required
            maxLength={limits.title}
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            className={inputClass}
            {...describedBy('project-title', { error: errorOf('title') })}
          />
        </Field>
        <Field id="project-description" label="Short Description" error={errorOf('description')}>
          <input
            id="project-description"
            type="text"
            required
            maxLength={limits.shortText}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            className={inputClass}
            {...describedBy('project-description', { error: errorOf('description') })}
          />
        </Field>
        <Field
          id="project-long-description"
          label="Long Description"
          error={errorOf('long_description')}
        >
          <textarea
            id="project-long-description"
            required
            rows={6}
            maxLength={limits.longText}
            value={values.long_description}
            onChange={(e) => set('long_description', e.target.value)}
            className={inputClass}
            {...describedBy('project-long-description', { error: errorOf('long_description') })}
          />
        </Field>
        <Field
          id="project-website"
          label="Website URL"
          hint="An http(s) address, or leave empty."
          error={errorOf('website_url')}
        >
          <input
            id="project-website"
            type="text"
            inputMode="url"
            autoComplete="url"
            placeholder="https://example.com"
            maxLength={limits.url}
            value={values.website_url}
            onChange={(e) => set('website_url', e.target.value)}
            className={inputClass}
            {...describedBy('project-website', { hint: true, error: errorOf('website_url') })}
          />
        </Field>
        <Field
          id="project-images"
          label="Image URLs (comma-separated)"
          hint="The first image is the cover."
          error={errorOf('image_urls')}
        >
          <input
            id="project-images"
            type="text"
            inputMode="url"
            placeholder="https://example.com/cover.png, https://example.com/detail.png"
            value={values.image_urls}
            onChange={(e) => set('image_urls', e.target.value)}
            className={inputClass}
            {...describedBy('project-images', { hint: true, error: errorOf('image_urls') })}
          />
        </Field>
        <Field id="project-tags" label="Tags (comma-separated)" error={errorOf('tags')}>
          <input
            id="project-tags"
            type="text"
            placeholder="React, TypeScript, SQL"
            value={values.tags}
            onChange={(e) => set('tags', e.target.value)}
            className={inputClass}
            {...describedBy('project-tags', { error: errorOf('tags') })}
          />
        </Field>
        <div className="flex items-center gap-3">
          <input
            id="project-featured"
            type="checkbox"
            checked={values.is_featured}
            onChange={(e) => set('is_featured', e.target.checked)}
            className="size-4 rounded border-slate-300 accent-indigo-600"
          />
          <label htmlFor="project-featured" className="text-sm font-medium text-slate-700">
            Featured Project
          </label>
        </div>
        <ErrorAlert message={action.error} />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
          <Link to="/admin" className={secondaryButtonClass}>
            Cancel
          </Link>
          <button type="submit" className={primaryButtonClass} disabled={action.saving}>
            Save Project
          </button>
        </div>
      </form>
    </FormPage>
  )
}
