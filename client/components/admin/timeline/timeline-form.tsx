import { joinCommaList, splitCommaList } from '../../../../src/domain/comma-list'
import { limits } from '../../../../src/schemas/fields'
import {
  type EventType,
  eventTypes,
  type TimelineData,
  type TimelineEvent,
  timelineInput,
} from '../../../../src/schemas/timeline'
import { ImageField } from '../media/image-field'
import { describedBy, Field, inputClass, listHint, TextField } from '../ui/form-controls'
import { FormPage } from '../ui/form-page'
import { ListPreview } from '../ui/list-preview'
import type { ContentFormProps } from '../ui/use-content-save'
import { useSchemaForm } from '../ui/use-schema-form'
import { eventTypeLabels } from './event-type-labels'

function valuesOf(event: TimelineEvent | undefined) {
  return {
    title: event?.title ?? '',
    start_date: event?.start_date ?? '',
    end_date: event?.end_date ?? '',
    position: event?.position ?? '',
    icon_path: event?.icon_path ?? '',
    description: joinCommaList(event?.description ?? []),
    event_type: event?.event_type ?? 'experience',
  }
}

function isEventType(value: string): value is EventType {
  return (eventTypes as readonly string[]).includes(value)
}

export function TimelineForm({
  heading,
  item,
  save,
  reload,
}: ContentFormProps<TimelineEvent, TimelineData>) {
  const form = useSchemaForm({
    initial: () => valuesOf(item),
    schema: timelineInput,
    toInput: (typed) => ({
      ...typed,
      description: splitCommaList(typed.description),
    }),
    save,
    version: item?.version,
    reload,
    failure: 'The timeline event could not be saved.',
    draft: `timeline:${item?.id ?? 'new'}`,
  })
  const { values, set, errorOf, text } = form

  return (
    <FormPage heading={heading} submit="Save Event" form={form}>
      <TextField
        id="event-title"
        label="Title"
        field={text('title')}
        required
        maxLength={limits.title}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="event-start"
          label="Start Date"
          field={text('start_date')}
          required
          placeholder="Sep 2023"
          maxLength={limits.date}
        />
        <TextField
          id="event-end"
          label="End Date (optional)"
          hint="Leave empty while it is ongoing."
          field={text('end_date')}
          placeholder="Jun 2024"
          maxLength={limits.date}
        />
      </div>
      <TextField
        id="event-position"
        label="Position / Degree"
        field={text('position')}
        maxLength={limits.title}
      />
      <ImageField
        id="event-icon"
        label="Icon URL"
        field={text('icon_path')}
        placeholder="https://example.com/logo.png"
        maxLength={limits.url}
      />
      <TextField
        id="event-description"
        label="Description (comma-separated)"
        hint={`${listHint} Each item becomes a bullet point.`}
        field={text('description')}
        rows={4}
      />
      <ListPreview
        id="event-description"
        items={splitCommaList(values.description)}
        look="bullets"
        noun={['bullet', 'bullets']}
      />
      <Field id="event-type" label="Type" error={errorOf('event_type')}>
        <select
          id="event-type"
          value={values.event_type}
          onChange={(e) => {
            if (isEventType(e.target.value)) set('event_type', e.target.value)
          }}
          className={inputClass}
          {...describedBy('event-type', { error: errorOf('event_type') })}
        >
          {eventTypes.map((type) => (
            <option key={type} value={type}>
              {eventTypeLabels[type]}
            </option>
          ))}
        </select>
      </Field>
    </FormPage>
  )
}
