import { contentActionLabels } from '../../../../src/domain/content-kinds'
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
  // Projects, timeline events, notes, images and messages: their own words (src/domain/content-kinds.ts).
  ...contentActionLabels,
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
  'passkeys.registrationOptions': 'Passkey set-up started',
  'passkeys.register': 'Passkey added',
  'passkeys.rename': 'Passkey renamed',
  'passkeys.remove': 'Passkey removed',
  'sessions.revoke': 'Session revoked',
  'sessions.revokeOthers': 'Signed out everywhere else',
  'profile.update': 'Profile updated',
  'profile.restoreRevision': 'Profile version restored',
  'appearance.set': 'Site style changed',
  'navigation.set': 'Menus changed',
  'settings.setTimeZone': 'Time zone changed',
  'settings.setSeo': 'Search & sharing changed',
  'trash.restore': 'Restored from the Trash',
  'trash.delete': 'Deleted for good from the Trash',
  'shareLinks.create': 'Share link created',
  'shareLinks.delete': 'Share link deleted',
  'cv.upload': 'CV uploaded',
  'cv.remove': 'Uploaded CV removed',
  'import.jsonResume': 'JSON Resume imported',
  'github.import': 'Repositories imported from GitHub',
  'github.refresh': 'GitHub data refreshed',
  'notifications.test': 'Test alert sent',
  'notifications.saveSettings': 'Alert settings changed',
  'newsletter.setMode': 'Newsletter mode changed',
  'newsletter.erase': 'Newsletter subscriber erased',
  'newsletter.import': 'Newsletter subscribers imported',
  'newsletter.test': 'Newsletter test email sent',
  'activityPub.saveSettings': 'Fediverse settings changed',
  'activityPub.approveFollower': 'Fediverse follower approved',
  'activityPub.removeFollower': 'Fediverse follower removed',
  'activityPub.blockFollower': 'Fediverse follower blocked',
  // How it was made (set-up page, command line, environment) is in its details' `via`.
  'admin.created': 'Admin created',
  'admin.password_reset': 'Password reset (command line)',
  'backup.restore': 'Backup restored',
  'backup.download': 'Backup downloaded',
  'overview.setChecklistHidden': 'Get started checklist hidden or shown',
}

export function actionLabel(action: string): string {
  return actionLabels[action] ?? action
}

const plain = (value: unknown): string =>
  Array.isArray(value)
    ? value.length === 0
      ? 'none'
      : value.map(plain).join(', ')
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
          .map(([key, inner]) => `${key.replaceAll('_', ' ')} ${plain(inner)}`)
          .join(', ')
      : typeof value === 'boolean'
        ? value
          ? 'yes'
          : 'no'
        : String(value)

/** A stored column's name as the forms say it: `is_featured` → featured, `long_description` → long description. */
const columnName = (name: string) => name.replace(/^is_/, '').replaceAll('_', ' ')

/** What was locked by a lockout entry (`scope`). */
const lockScopes: Record<string, string> = {
  user: 'the username',
  device: 'this browser (device cookie)',
  ip: 'the address (failures per hour)',
}

function detail(key: string, value: unknown): string {
  if (key === 'fields' && Array.isArray(value)) {
    return value.length === 0
      ? 'nothing changed'
      : `changed: ${value.map(String).map(columnName).join(', ')}`
  }
  return `${key.replaceAll('_', ' ')}: ${plain(value)}`
}

const duration = (seconds: number) =>
  seconds >= 3600 && seconds % 3600 === 0
    ? `${seconds / 3600} h`
    : seconds >= 60
      ? `${Math.round(seconds / 60)} min`
      : `${seconds} s`

/** What an entry touched, in a line: its target, then its particulars (ids and titles once). */
export function entrySummary(entry: AuditEntry): string {
  const { id: _id, title: _title, ...rest } = entry.details
  const parts: string[] = []
  const { scope, seconds, ...other } = rest
  // A lockout: what was locked, and for how long.
  if (typeof scope === 'string' && typeof seconds === 'number') {
    parts.push(`locked: ${lockScopes[scope] ?? scope}, for ${duration(seconds)}`)
    parts.push(...Object.entries(other).map(([key, value]) => detail(key, value)))
  } else {
    parts.push(...Object.entries(rest).map(([key, value]) => detail(key, value)))
  }
  return [entry.target, ...parts].filter(Boolean).join(' · ')
}
