import { createLazyFileRoute, useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import { backupFileName } from '../../../src/domain/backup-name'
import { contentTableLabels } from '../../../src/domain/content-kinds'
import type { BackupSummary } from '../../../src/schemas/backup'
import { FilePickButton } from '../../components/admin/media/upload-controls'
import { PasswordField } from '../../components/admin/ui/credential-fields'
import {
  cardClass,
  dangerButtonClass,
  ErrorAlert,
  inputClass,
  primaryButtonClass,
} from '../../components/admin/ui/form-controls'
import { AdminPageHeader } from '../../components/admin/ui/page-header'
import { restCall, sentenceOf } from '../../components/admin/ui/rest-call'
import { useToast } from '../../components/admin/ui/toasts'
import { useLeaveGuard } from '../../components/admin/ui/use-leave-guard'
import { endSession } from '../../lib/session-ended'

export const Route = createLazyFileRoute('/admin/backup')({
  component: BackupScreen,
})

/** The backup's tables as the owner reads them (every name of server/backup/format.ts's backupTables; the content kinds' from src/domain/content-kinds.ts). */
const tableLabels: Record<string, string> = {
  ...contentTableLabels,
  profile: 'Profile',
  admin_users: 'Admin users',
  two_factor: 'Two-factor sign-in',
  passkeys: 'Passkeys (their public keys)',
  cv_file: 'Uploaded CV (PDF)',
  share_links: 'Share links',
  analytics_views: 'Page-view counts (per day, page, site, device, link)',
  analytics_visitors: 'Visitor hashes (per day, no address kept)',
  trash: 'Items in the Trash',
  revisions: 'Earlier versions (projects, pages and profile)',
  appearance: 'Site style',
  screen_seo: 'Search & sharing of the fixed screens',
  navigation: 'Menus (header and footer)',
  notification_settings: 'Where alerts go (the password and webhook sealed)',
  conversation_trust: 'Trusted authors and domains (conversations)',
  newsletter_settings: 'Newsletter: email per note or weekly digest',
  newsletter_subscribers: 'Newsletter subscribers (addresses and consent)',
  newsletter_issues: 'Newsletter emails already written',
  activitypub_settings: 'Fediverse account settings',
  activitypub_keys: "Fediverse account's keys",
  activitypub_followers: 'Fediverse followers',
  activitypub_notes: 'Notes sent to the fediverse',
  activitypub_projects: 'Projects sent to the fediverse',
}

function Download() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const toast = useToast()

  async function download() {
    setBusy(true)
    setError(null)
    try {
      const response = await restCall('GET', '/api/backup', undefined, 'The backup failed')
      // Written as `bun run backup` writes it: two-space JSON and a final newline.
      const text = `${JSON.stringify(await response.json(), null, 2)}\n`
      const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
      const link = document.createElement('a')
      link.href = url
      link.download = backupFileName()
      link.click()
      URL.revokeObjectURL(url)
      toast.success(`Backup downloaded as ${link.download}.`)
    } catch (failure) {
      setError(sentenceOf(failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="download-title" className={`space-y-3 ${cardClass}`}>
      <h2 id="download-title" className="text-xl font-bold tracking-tight text-strong">
        Download backup
      </h2>
      <p className="text-sm text-muted">
        One file with all content, the profile, the admin users, messages and every uploaded image:
        the same file as <code>bun run backup</code>. It holds password hashes and visitors'
        messages: keep it private.
      </p>
      <ErrorAlert message={error} />
      <button type="button" className={primaryButtonClass} onClick={download} disabled={busy}>
        {busy ? 'Preparing…' : 'Download backup'}
      </button>
    </section>
  )
}

function Restore() {
  const navigate = useNavigate()
  const [backup, setBackup] = useState<unknown>(null)
  const [summary, setSummary] = useState<BackupSummary | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // A file read and not restored yet: leaving asks first.
  const guard = useLeaveGuard(() => backup !== null)

  async function choose(files: File[]) {
    setError(null)
    setSummary(null)
    setBackup(null)
    const file = files[0]
    if (!file) return
    let parsed: unknown
    try {
      parsed = JSON.parse(await file.text())
    } catch {
      setError('This file is not a backup: it is not JSON. Nothing was changed.')
      return
    }
    setBusy(true)
    try {
      const response = await restCall(
        'POST',
        '/api/restore/preview',
        JSON.stringify({ backup: parsed }),
        'The file could not be read',
      )
      setSummary((await response.json()) as BackupSummary)
      setBackup(parsed)
    } catch (failure) {
      setError(sentenceOf(failure))
    } finally {
      setBusy(false)
    }
  }

  async function restore(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    if (!backup) return
    setError(null)
    setBusy(true)
    try {
      const response = await restCall(
        'POST',
        '/api/restore',
        JSON.stringify({ password: String(form.get('password') ?? ''), backup }),
        'The restore failed',
      )
      const answer: unknown = await response.json().catch(() => null)
      // The restore dropped every session, this one too: the sign-in page says
      // when it happened, and what must be typed again.
      endSession(
        typeof answer === 'object' && answer !== null && 'notice' in answer
          ? String(answer.notice)
          : null,
      )
      guard.release()
      await navigate({ to: '/login' })
    } catch (failure) {
      setError(sentenceOf(failure))
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="restore-title" className={`space-y-3 ${cardClass}`}>
      <h2 id="restore-title" className="text-xl font-bold tracking-tight text-strong">
        Restore from a backup
      </h2>
      <p className="text-sm text-muted">
        Replaces all content, the profile, the admin users, messages and images with the file's. You
        see what the file holds first; nothing changes until you enter your password and confirm.
        Everyone is signed out afterwards.
      </p>
      <FilePickButton
        label="Backup file"
        text="Choose file"
        accept="application/json,.json"
        onFiles={choose}
      />
      <ErrorAlert message={error} />
      {summary ? (
        <form onSubmit={restore} className="space-y-3">
          <p className="text-strong">
            Taken on <strong>{new Date(summary.created_at).toLocaleString()}</strong>
            {summary.source
              ? ` from ${summary.source === 'postgres' ? 'PostgreSQL' : 'PGlite'}`
              : ''}
            . It holds:
          </p>
          <table className="w-full max-w-md text-left text-sm">
            <caption className="sr-only">Rows per table in the backup</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-1 font-semibold">
                  Table
                </th>
                <th scope="col" className="whitespace-nowrap py-1 pl-3 text-right font-semibold">
                  Rows
                </th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(summary.tables).map(([name, count]) => (
                <tr key={name} className="border-b border-line">
                  <td className="py-1">{tableLabels[name] ?? name}</td>
                  <td className="py-1 text-right tabular-nums">{count}</td>
                </tr>
              ))}
              <tr>
                <td className="py-1">Image files</td>
                <td className="py-1 text-right tabular-nums">{summary.media_files}</td>
              </tr>
            </tbody>
          </table>
          <PasswordField
            id="restore-password"
            label="Your password"
            className={`${inputClass} max-w-sm`}
          />
          <button type="submit" className={dangerButtonClass} disabled={busy}>
            {busy ? 'Restoring…' : 'Restore this backup'}
          </button>
        </form>
      ) : null}
    </section>
  )
}

function BackupScreen() {
  return (
    <div className="space-y-6">
      <AdminPageHeader title="Backup." lead="Take everything with you, or put it back." />
      <Download />
      <Restore />
    </div>
  )
}
