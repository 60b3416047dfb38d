import { joinCommaList, splitCommaList } from '../../../src/domain/comma-list'
import { limits } from '../../../src/schemas/fields'
import { type Project, type ProjectData, projectInput } from '../../../src/schemas/project'
import { listHint, TextField } from './form-controls'
import { FormPage } from './form-page'
import { ImageField } from './image-field'
import { MarkdownField } from './markdown-field'
import type { ContentFormProps } from './use-content-save'
import { useSchemaForm } from './use-schema-form'

function valuesOf(project: Project | undefined) {
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

export function ProjectForm({ heading, item, save }: ContentFormProps<Project, ProjectData>) {
  const form = useSchemaForm({
    initial: () => valuesOf(item),
    schema: projectInput,
    toInput: (typed) => ({
      ...typed,
      image_urls: splitCommaList(typed.image_urls),
      tags: splitCommaList(typed.tags),
    }),
    save,
    failure: 'The project could not be saved.',
  })
  const { values, set, text } = form

  return (
    <FormPage heading={heading} submit="Save Project" form={form} wide>
      <TextField
        id="project-title"
        label="Title"
        field={text('title')}
        required
        maxLength={limits.title}
      />
      <TextField
        id="project-description"
        label="Short Description"
        field={text('description')}
        required
        maxLength={limits.shortText}
      />
      <MarkdownField
        id="project-long-description"
        label="Long Description"
        field={text('long_description')}
        required
        rows={6}
        maxLength={limits.longText}
      />
      <TextField
        id="project-website"
        label="Website URL"
        hint="An http(s) address, or leave empty."
        field={text('website_url')}
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com"
        maxLength={limits.url}
      />
      <ImageField
        id="project-images"
        label="Image URLs (comma-separated)"
        hint={`${listHint} The first image is the cover.`}
        field={text('image_urls')}
        placeholder={'https://example.com/cover.png\nhttps://example.com/detail.png'}
        multiple
      />
      <TextField
        id="project-tags"
        label="Tags (comma-separated)"
        hint={listHint}
        field={text('tags')}
        rows={3}
        placeholder={'React\nTypeScript\nSQL'}
      />
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
    </FormPage>
  )
}
