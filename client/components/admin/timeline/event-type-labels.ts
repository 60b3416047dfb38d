import type { EventType } from '../../../../src/schemas/timeline'

export const eventTypeLabels: Record<EventType, string> = {
  experience: 'Experience',
  education: 'Education',
}
