import { useRouteContext } from '@tanstack/react-router'
import { joinCommaList, splitCommaList } from '../../../../src/domain/comma-list'
import { ogImagePath } from '../../../../src/domain/og-image'
import { limits } from '../../../../src/schemas/fields'
import { type Project, type ProjectData, projectInput } from '../../../../src/schemas/project'
import { ImageField } from '../media/image-field'
import { SeoFields, seoValuesOf } from '../seo/seo-fields'
import { AddressField, chosenAddress } from '../ui/address-field'
import { CheckboxField, listHint, TextField } from '../ui/form-controls'
import { FormPage } from '../ui/form-page'
import { ListPreview } from '../ui/list-preview'
import { MarkdownField } from '../ui/markdown-field'
import type { ContentFormProps } from '../ui/use-content-save'
import { useSchemaForm } from '../ui/use-schema-form'

function valuesOf(project: Project | undefined) {
  return {
    title: project?.title ?? '',
    slug: project?.slug ?? '',
    description: project?.description ?? '',
    long_description: project?.long_description ?? '',
    website_url: project?.website_url ?? '',
    repo_url: project?.repo_url ?? '',
    role: project?.role ?? '',
    period: project?.period ?? '',
    image_urls: joinCommaList(project?.image_urls ?? []),
    tags: joinCommaList(project?.tags ?? []),
    is_featured: project?.is_featured ?? false,
    // A new project starts as a draft, like a note: nothing goes public until the owner says so.
    is_published: project?.is_published ?? false,
    ...seoValuesOf(project),
  }
}

export function ProjectForm({
  heading,
  item,
  save,
  reload,
}: ContentFormProps<Project, ProjectData>) {
  const form = useSchemaForm({
    initial: () => valuesOf(item),
    schema: projectInput,
    toInput: (typed) => ({
      ...typed,
      slug: chosenAddress(typed.slug, item?.slug),
      image_urls: splitCommaList(typed.image_urls),
      tags: splitCommaList(typed.tags),
    }),
    save,
    version: item?.version,
    reload,
    failure: 'The project could not be saved.',
    draft: `project:${item?.id ?? 'new'}`,
  })
  const { values, set, text } = form
  const siteUrl = useRouteContext({ from: '__root__', select: (context) => context.site.url })

  return (
    <FormPage
      heading={heading}
      submit="Save Project"
      submitNote={
        values.is_published
          ? 'Saves and publishes it: visitors see it.'
          : 'Saves it as a draft: only you see it.'
      }
      form={form}
      wide
    >
      <TextField
        id="project-title"
        label="Title"
        field={text('title')}
        required
        maxLength={limits.title}
      />
      <AddressField
        id="project-slug"
        base="/projects"
        field={text('slug')}
        title={values.title}
        current={item}
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
      <TextField
        id="project-repo"
        label="Repository URL"
        hint="The source code: an http(s) address, or leave empty."
        field={text('repo_url')}
        inputMode="url"
        autoComplete="url"
        placeholder="https://github.com/you/project"
        maxLength={limits.url}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="project-role"
          label="Role"
          hint="Optional, like “Lead developer”."
          field={text('role')}
          maxLength={limits.title}
        />
        <TextField
          id="project-period"
          label="Period"
          hint="Optional, like “Spring 2024”."
          field={text('period')}
          maxLength={limits.date}
        />
      </div>
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
      <ListPreview
        id="project-tags"
        items={splitCommaList(values.tags)}
        look="chips"
        noun={['tag', 'tags']}
      />
      <CheckboxField
        id="project-featured"
        label="Featured Project"
        checked={values.is_featured}
        onChange={(checked) => set('is_featured', checked)}
      />
      <CheckboxField
        id="project-published"
        label="Published"
        hint="Tick to publish it. Unticked, it is a draft: only you see it, signed in."
        checked={values.is_published}
        onChange={(checked) => set('is_published', checked)}
      />
      <SeoFields
        id="project"
        description={text('seo_description')}
        image={text('share_image')}
        canonical={text('canonical_url')}
        noindex={{ checked: values.noindex, onChange: (checked) => set('noindex', checked) }}
        preview={{
          host: new URL(siteUrl).host,
          title: values.title.trim() || 'Project title',
          description: values.description.trim(),
          image: item ? ogImagePath({ page: 'project', slug: item.slug }) : null,
        }}
      />
    </FormPage>
  )
}
