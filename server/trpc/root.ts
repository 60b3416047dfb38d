import { createCallerFactory, router } from './init'
import { authRouter } from './routers/auth'
import { contactRouter } from './routers/contact'
import { markdownRouter } from './routers/markdown'
import { mediaRouter } from './routers/media'
import { notificationsRouter } from './routers/notifications'
import { profileRouter } from './routers/profile'
import { projectsRouter } from './routers/projects'
import { timelineRouter } from './routers/timeline'

export const appRouter = router({
  projects: projectsRouter,
  timeline: timelineRouter,
  contact: contactRouter,
  auth: authRouter,
  profile: profileRouter,
  media: mediaRouter,
  markdown: markdownRouter,
  notifications: notificationsRouter,
})

export type AppRouter = typeof appRouter

export const createCaller = createCallerFactory(appRouter)
