import { Link } from '@tanstack/react-router'
import { joinCommaList, splitCommaList } from '../../../src/domain/comma-list'
import { limits } from '../../../src/schemas/fields'
import {
  type EventType,
  eventTypes,
  type TimelineData,
  type TimelineEvent,
  timelineInput,
} from '../../../src/schemas/timeline'
import { eventTypeLabels } from './event-type-labels'
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

interface TimelineFormValues {
  title: string
  start_date: string
  end_date: string
  position: string
  icon_path: string
  description: string
  event_type: EventType
}

function valuesOf(event: TimelineEvent | undefined): TimelineFormValues {
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

interface TimelineFormProps {
  heading: string
  event?: TimelineEvent
  save: (data: TimelineData) => Promise<unknown>
}

export function TimelineForm({ heading, event, save }: TimelineFormProps) {
  const { values, set, onSubmit, errorOf, action } = useSchemaForm({
    initial: () => valuesOf(event),
    schema: timelineInput,
    toInput: (typed: TimelineFormValues) => ({
      ...typed,
      description: splitCommaList(typed.description),
    }),
    save,
    failure: 'The timeline event could not be saved.',
  })

  return (
    <FormPage heading={heading}>
      <form className="space-y-5" onSubmit={onSubmit}>
        <Field id="event-title" label="Title" error={errorOf('title')}>
          <input
            id="event-title"
            type="text"
            required
            maxLength={limits.title}
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            className={inputClass}
            {...describedBy('event-title', { error: errorOf('title') })}
          />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="event-start" label="Start Date" error={errorOf('start_date')}>
            <input
              id="event-start"
              type="text"
              required
              placeholder="Sep 2023"
              maxLength={limits.date}
              value={values.start_date}
              onChange={(e) => set('start_date', e.target.value)}
              className={inputClass}
              {...describedBy('event-start', { error: errorOf('start_date') })}
            />
          </Field>
          <Field
            id="event-end"
            label="End Date (optional)"
            hint="Leave empty while it is ongoing."
            error={errorOf('end_date')}
          >
            <input
              id="event-end"
              type="text"
              placeholder="Jun 2024"
              maxLength={limits.date}
              value={values.end_date}
              onChange={(e) => set('end_date', e.target.value)}
              className={inputClass}
              {...describedBy('event-end', { hint: true, error: errorOf('end_date') })}
            />
          </Field>
        </div>
        <Field id="event-position" label="Position / Degree" error={errorOf('position')}>
          <input
            id="event-position"
            type="text"
            maxLength={limits.title}
            value={values.position}
            onChange={(e) => set('position', e.target.value)}
            className={inputClass}
            {...describedBy('event-position', { error: errorOf('position') })}
          />
        </Field>
        <Field id="event-icon" label="Icon URL" error={errorOf('icon_path')}>
          <input
            id="event-icon"
            type="text"
            inputMode="url"
            placeholder="https://example.com/logo.png"
            maxLength={limits.url}
            value={values.icon_path}
            onChange={(e) => set('icon_path', e.target.value)}
            className={inputClass}
            {...describedBy('event-icon', { error: errorOf('icon_path') })}
          />
        </Field>
        <Field
          id="event-description"
          label="Description (comma-separated)"
          hint="Each item becomes a bullet point."
          error={errorOf('description')}
        >
          <textarea
            id="event-description"
            rows={4}
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            className={inputClass}
            {...describedBy('event-description', { hint: true, error: errorOf('description') })}
          />
        </Field>
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
        <ErrorAlert message={action.error} />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
          <Link to="/admin" className={secondaryButtonClass}>
            Cancel
          </Link>
          <button type="submit" className={primaryButtonClass} disabled={action.saving}>
            Save Event
          </button>
        </div>
      </form>
    </FormPage>
  )
}
