import { describe, expect, test } from 'bun:test'
import type { AuditEntry } from '../../../../src/schemas/security'
import { actionLabel, entrySummary } from './audit-labels'

const entry = (action: string, target: string | null, details: Record<string, unknown>) =>
  ({
    id: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    action,
    ip: '198.51.100.1',
    actor: 'owner',
    target,
    details,
  }) satisfies AuditEntry

describe('an audit entry in a line', () => {
  test('an update names the columns that changed, as the forms name them', () => {
    expect(
      entrySummary(
        entry('projects.update', 'project 3 "Engine"', {
          id: 3,
          title: 'Engine',
          fields: ['long_description', 'is_featured'],
        }),
      ),
    ).toBe('project 3 "Engine" · changed: long description, featured')
  })

  test('an update that changed nothing says so', () => {
    expect(entrySummary(entry('profile.update', 'profile', { fields: [] }))).toBe(
      'profile · nothing changed',
    )
  })

  test('a lockout says what was locked and for how long', () => {
    expect(entrySummary(entry('auth.lockout', null, { seconds: 3600, scope: 'ip' }))).toBe(
      'locked: the address (failures per hour), for 1 h',
    )
    expect(entrySummary(entry('auth.lockout', null, { seconds: 900, scope: 'user' }))).toBe(
      'locked: the username, for 15 min',
    )
    expect(actionLabel('auth.lockout')).toBe('Sign-in locked')
  })

  test('an empty list reads none', () => {
    expect(
      entrySummary(
        entry('import.jsonResume', null, { projects_created: 1, profile_fields_filled: [] }),
      ),
    ).toBe('projects created: 1 · profile fields filled: none')
  })

  test('writes of the CV, the import and a test alert have names', () => {
    expect(actionLabel('cv.upload')).toBe('CV uploaded')
    // The label claims no way of making the admin: the entry's `via` says which.
    expect(actionLabel('admin.created')).toBe('Admin created')
    expect(entrySummary(entry('admin.created', null, { via: 'set-up page' }))).toBe(
      'via: set-up page',
    )
    expect(actionLabel('import.jsonResume')).toBe('JSON Resume imported')
    expect(actionLabel('notifications.test')).toBe('Test alert sent')
  })
})
