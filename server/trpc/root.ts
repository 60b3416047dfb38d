import { createCallerFactory, router } from './init'
import { activityPubRouter } from './routers/activitypub'
import { analyticsRouter } from './routers/analytics'
import { appearanceRouter } from './routers/appearance'
import { auditRouter } from './routers/audit'
import { authRouter } from './routers/auth'
import { backupRouter } from './routers/backup'
import { conversationsRouter } from './routers/conversations'
import { cvRouter } from './routers/cv'
import { githubRouter } from './routers/github'
import { importRouter } from './routers/importer'
import { markdownRouter } from './routers/markdown'
import { mediaRouter } from './routers/media'
import { messagesRouter } from './routers/messages'
import { navigationRouter } from './routers/navigation'
import { newsletterRouter } from './routers/newsletter'
import { notesRouter } from './routers/notes'
import { notificationsRouter } from './routers/notifications'
import { overviewRouter } from './routers/overview'
import { pagesRouter } from './routers/pages'
import { passkeysRouter } from './routers/passkeys'
import { profileRouter } from './routers/profile'
import { projectsRouter } from './routers/projects'
import { publicationsRouter } from './routers/publications'
import { searchRouter } from './routers/search'
import { sessionsRouter } from './routers/sessions'
import { settingsRouter } from './routers/settings'
import { shareLinksRouter } from './routers/share-links'
import { talksRouter } from './routers/talks'
import { teachingRouter } from './routers/teaching'
import { timelineRouter } from './routers/timeline'
import { trashRouter } from './routers/trash'
import { twoFactorRouter } from './routers/two-factor'
import { webmentionsRouter } from './routers/webmentions'
import { registerInputs } from './strict-input'

export const appRouter = router({
  activityPub: activityPubRouter,
  projects: projectsRouter,
  timeline: timelineRouter,
  messages: messagesRouter,
  conversations: conversationsRouter,
  auth: authRouter,
  profile: profileRouter,
  media: mediaRouter,
  twoFactor: twoFactorRouter,
  passkeys: passkeysRouter,
  sessions: sessionsRouter,
  audit: auditRouter,
  markdown: markdownRouter,
  cv: cvRouter,
  import: importRouter,
  backup: backupRouter,
  notifications: notificationsRouter,
  shareLinks: shareLinksRouter,
  analytics: analyticsRouter,
  github: githubRouter,
  trash: trashRouter,
  notes: notesRouter,
  search: searchRouter,
  newsletter: newsletterRouter,
  appearance: appearanceRouter,
  overview: overviewRouter,
  settings: settingsRouter,
  pages: pagesRouter,
  navigation: navigationRouter,
  publications: publicationsRouter,
  talks: talksRouter,
  teaching: teachingRouter,
  webmentions: webmentionsRouter,
})

// Every input is strict: a field a procedure does not take answers 400 (strict-input.ts).
registerInputs(appRouter._def.record)

export type AppRouter = typeof appRouter

export const createCaller = createCallerFactory(appRouter)
