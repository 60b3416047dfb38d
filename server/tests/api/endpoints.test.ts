import { expect, test } from 'bun:test'
import { isPublicRead } from '../../http/api/rest'
import { publicQueries, restEndpoints } from '../../trpc/endpoints'
import { endpointMetaSchema, sharesCachedAnswer } from '../../trpc/meta'

test('the REST door derived from the procedures is the API table of the spec (plus auth and passkeys, profile, appearance, the owner’s time zone, media, security, inbox, notifications, CV, import, backups, share links, analytics, GitHub, the Trash and revisions)', () => {
  const table = restEndpoints.map(
    (route) => `${route.rest.method} ${route.rest.path} ${route.rest.status} ${route.procedure}`,
  )
  expect(table.sort()).toEqual(
    [
      'GET /api/projects 200 projects.list',
      'GET /api/projects/:slug 200 projects.bySlug',
      'POST /api/projects 201 projects.create',
      'PUT /api/projects/:id 200 projects.update',
      'DELETE /api/projects/:id 204 projects.delete',
      'PUT /api/projects/order 204 projects.reorder',
      'PUT /api/timeline/order 204 timeline.reorder',
      'GET /api/timeline 200 timeline.list',
      'GET /api/timeline/:id 200 timeline.byId',
      'POST /api/timeline 201 timeline.create',
      'PUT /api/timeline/:id 200 timeline.update',
      'DELETE /api/timeline/:id 204 timeline.delete',
      'POST /api/contact 201 messages.send',
      'GET /api/contact 200 messages.list',
      'DELETE /api/contact/:id 204 messages.delete',
      'PATCH /api/contact/:id 200 messages.setStatus',
      'GET /api/contact/form-token 200 messages.formToken',
      'GET /api/notifications 200 notifications.status',
      'GET /api/overview 200 overview.get',
      'PUT /api/overview/checklist 204 overview.setChecklistHidden',
      'GET /api/settings/time-zone 200 settings.timeZone',
      'PUT /api/settings/time-zone 200 settings.setTimeZone',
      'GET /api/settings/seo 200 settings.seo',
      'PUT /api/settings/seo/:screen 200 settings.setSeo',
      'POST /api/notifications/test 200 notifications.test',
      'GET /api/notifications/settings 200 notifications.settings',
      'PUT /api/notifications/settings 200 notifications.saveSettings',
      'POST /api/auth/login 200 auth.login',
      'GET /api/setup 200 auth.setupStatus',
      'POST /api/setup 201 auth.setup',
      'POST /api/auth/logout 204 auth.logout',
      'GET /api/auth/me 200 auth.me',
      'POST /api/auth/passkey/options 200 auth.passkeyOptions',
      'POST /api/auth/login/passkey 200 auth.passkeyLogin',
      'GET /api/auth/passkeys 200 passkeys.list',
      'POST /api/auth/passkeys/options 200 passkeys.registrationOptions',
      'POST /api/auth/passkeys 201 passkeys.register',
      'PATCH /api/auth/passkeys/:id 200 passkeys.rename',
      'DELETE /api/auth/passkeys/:id 204 passkeys.remove',
      'GET /api/profile 200 profile.get',
      'PUT /api/profile 200 profile.update',
      'GET /api/appearance 200 appearance.get',
      'PUT /api/appearance 200 appearance.set',
      'POST /api/media 201 media.upload',
      'GET /api/media 200 media.list',
      'PATCH /api/media/:id 200 media.updateAlt',
      'PATCH /api/media/:id/name 200 media.rename',
      'DELETE /api/media/:id 204 media.delete',
      'POST /api/auth/login/2fa 200 auth.verifyTwoFactor',
      'GET /api/auth/2fa 200 twoFactor.status',
      'POST /api/auth/2fa/setup 200 twoFactor.setup',
      'POST /api/auth/2fa/enable 200 twoFactor.enable',
      'POST /api/auth/2fa/disable 204 twoFactor.disable',
      'POST /api/auth/2fa/recovery-codes 200 twoFactor.recoveryCodes',
      'GET /api/auth/sessions 200 sessions.list',
      'DELETE /api/auth/sessions/:id 204 sessions.revoke',
      'POST /api/auth/sessions/revoke-others 200 sessions.revokeOthers',
      'GET /api/audit 200 audit.list',
      'GET /api/cv 200 cv.status',
      'PUT /api/cv 200 cv.upload',
      'DELETE /api/cv 204 cv.remove',
      'POST /api/import/json-resume 200 import.jsonResume',
      'POST /api/import/json-resume/preview 200 import.jsonResumePreview',
      'GET /api/backup 200 backup.download',
      'POST /api/restore/preview 200 backup.preview',
      'POST /api/restore 200 backup.restore',
      'POST /api/share-links 201 shareLinks.create',
      'GET /api/share-links 200 shareLinks.list',
      'DELETE /api/share-links/:id 204 shareLinks.delete',
      'GET /api/analytics 200 analytics.summary',
      'GET /api/github/repos 200 github.repos',
      'POST /api/github/import 201 github.import',
      'POST /api/github/refresh 200 github.refresh',
      'GET /api/trash 200 trash.list',
      'POST /api/trash/:kind/:id/restore 200 trash.restore',
      'DELETE /api/trash/:kind/:id 204 trash.delete',
      'GET /api/projects/:id/revisions 200 projects.revisions',
      'POST /api/projects/:id/revisions/:rev/restore 200 projects.restoreRevision',
      'GET /api/profile/revisions 200 profile.revisions',
      'POST /api/profile/revisions/:rev/restore 200 profile.restoreRevision',
      'GET /api/notes 200 notes.list',
      'GET /api/notes/:slug 200 notes.bySlug',
      'POST /api/notes 201 notes.create',
      'PUT /api/notes/:id 200 notes.update',
      'DELETE /api/notes/:id 204 notes.delete',
      // The notes' former paths, answered for one release (decision 0387).
      'GET /api/posts 200 notes.list',
      'GET /api/posts/:slug 200 notes.bySlug',
      'POST /api/posts 201 notes.create',
      'PUT /api/posts/:id 200 notes.update',
      'DELETE /api/posts/:id 204 notes.delete',
      'GET /api/search 200 search.query',
      'GET /api/pages 200 pages.list',
      'GET /api/pages/:slug 200 pages.bySlug',
      'POST /api/pages 201 pages.create',
      'PUT /api/pages/:id 200 pages.update',
      'DELETE /api/pages/:id 204 pages.delete',
      'GET /api/pages/:id/revisions 200 pages.revisions',
      'POST /api/pages/:id/revisions/:rev/restore 200 pages.restoreRevision',
      'GET /api/navigation 200 navigation.get',
      'PUT /api/navigation 200 navigation.set',
      'GET /api/conversations 200 conversations.list',
      'PATCH /api/conversations/:id 200 conversations.setStatus',
      'DELETE /api/conversations/:id 204 conversations.delete',
      'GET /api/conversations/trust 200 conversations.trustList',
      'POST /api/conversations/:id/trust 200 conversations.trust',
      'DELETE /api/conversations/trust/:id 204 conversations.untrust',
      'GET /api/conversations/of/:type/:id 200 conversations.forTarget',
      'GET /api/activitypub/settings 200 activityPub.settings',
      'PUT /api/activitypub/settings 200 activityPub.saveSettings',
      'GET /api/activitypub/followers 200 activityPub.followers',
      'POST /api/activitypub/followers/:id/approve 200 activityPub.approveFollower',
      'DELETE /api/activitypub/followers/:id 200 activityPub.removeFollower',
      'POST /api/activitypub/followers/:id/block 200 activityPub.blockFollower',
      'GET /api/activitypub/deliveries 200 activityPub.deliveries',
    ].sort(),
  )
})

test('only reads of public content are declared cacheable, on both doors', () => {
  expect([...publicQueries].sort()).toEqual([
    'appearance.get',
    'conversations.forTarget',
    'navigation.menu',
    'notes.any',
    'notes.bySlug',
    'notes.neighbours',
    'notes.tags',
    'pages.bySlug',
    'pages.list',
    'profile.get',
    'projects.byId',
    'projects.bySlug',
    'projects.featured',
    'projects.list',
    'projects.next',
    'settings.seo',
    'timeline.byId',
    'timeline.list',
  ])
  for (const path of [
    '/api/projects',
    '/api/projects/a-slug',
    '/api/timeline/3',
    '/api/profile',
    '/api/notes/a-slug',
    // A former path is the same public read.
    '/api/posts/a-slug',
    '/api/pages',
    '/api/pages/uses',
    '/api/settings/seo',
  ]) {
    expect(isPublicRead(path)).toBe(true)
  }
  for (const path of [
    '/api/contact',
    '/api/auth/me',
    '/api/media',
    '/api/cv',
    '/api/nothing',
    '/api/projects/%zz',
    // Read the query string (`?tag=`, `?q=`): never shared.
    '/api/notes',
    '/api/search',
  ]) {
    expect(isPublicRead(path)).toBe(false)
  }
})

test('a signed-in request skips the cache only for a query declared public-unless-signed-in', () => {
  expect(sharesCachedAnswer('public', false)).toBe(true)
  expect(sharesCachedAnswer('public', true)).toBe(true)
  expect(sharesCachedAnswer('public-unless-signed-in', false)).toBe(true)
  expect(sharesCachedAnswer('public-unless-signed-in', true)).toBe(false)
  expect(sharesCachedAnswer(undefined, false)).toBe(false)
  expect(sharesCachedAnswer(undefined, true)).toBe(false)
  expect(endpointMetaSchema.safeParse({ cache: 'public-unless-signed-in' }).success).toBe(true)
  expect(endpointMetaSchema.safeParse({ cache: 'shared' }).success).toBe(false)
})
