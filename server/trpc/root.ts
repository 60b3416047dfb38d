import { createCallerFactory, router } from './init'
import { authRouter } from './routers/auth'
import { backupRouter } from './routers/backup'
import { contactRouter } from './routers/contact'
import { cvRouter } from './routers/cv'
import { importRouter } from './routers/importer'
import { mediaRouter } from './routers/media'
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
  cv: cvRouter,
  import: importRouter,
  backup: backupRouter,
})

export type AppRouter = typeof appRouter

export const createCaller = createCallerFactory(appRouter)
