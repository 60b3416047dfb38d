import type { AuditEntry, AuditGroup } from '../../../../src/schemas/security'

/** The audit screen's filter: a kind of entry, as the API's `group` names it. */
export const auditGroupLabels: Record<AuditGroup, string> = {
  sign_in: 'Sign-in',
  two_factor: 'Two-factor',
  sessions: 'Sessions',
  content: 'Content',
  messages: 'Messages',
  maintenance: 'Maintenance',
}

const actionLabels: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in failed',
  'auth.lockout': 'Sign-in locked',
  'auth.code_requested': 'Password accepted, code asked',
  'auth.logout': 'Signed out',
  'twoFactor.setup': 'Two-factor set-up started',
  'twoFactor.enable': 'Two-factor sign-in turned on',
  'twoFactor.disable': 'Two-factor sign-in turned off',
  'twoFactor.recoveryCodes': 'New recovery codes made',
  'twoFactor.reset': 'Two-factor sign-in reset (command line)',
  'sessions.revoke': 'Session revoked',
  'sessions.revokeOthers': 'Signed out everywhere else',
  'projects.create': 'Project created',
  'projects.update': 'Project updated',
  'projects.delete': 'Project deleted',
  'projects.reorder': 'Projects reordered',
  'timeline.create': 'Event created',
  'timeline.update': 'Event updated',
  'timeline.delete': 'Event deleted',
  'timeline.reorder': 'Events reordered',
  'profile.update': 'Profile updated',
  'media.upload': 'Image uploaded',
  'media.updateAlt': 'Image alt text changed',
  'media.delete': 'Image deleted',
  'contact.delete': 'Message deleted',
  'admin.created': 'Admin created (command line)',
  'admin.password_reset': 'Password reset (command line)',
  'backup.restore': 'Backup restored',
  'backup.download': 'Backup downloaded',
}

export function actionLabel(action: string): string {
  return actionLabels[action] ?? action
}

const plain = (value: unknown): string =>
  Array.isArray(value)
    ? value.map(plain).join(', ')
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
          .map(([key, inner]) => `${key.replaceAll('_', ' ')} ${plain(inner)}`)
          .join(', ')
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : String(value)

/** What an entry touched, in a line: its target, then its particulars (ids and titles once). */
export function entrySummary(entry: AuditEntry): string {
  const { id: _id, title: _title, ...rest } = entry.details
  const parts = Object.entries(rest).map(([key, value]) =>
    key === 'fields' ? `fields: ${plain(value)}` : `${key.replaceAll('_', ' ')}: ${plain(value)}`,
  )
  return [entry.target, ...parts].filter(Boolean).join(' · ')
}
