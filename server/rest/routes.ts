import type { createCaller } from '../trpc/root'

type Caller = ReturnType<typeof createCaller>
type Params = Record<string, string>
type Body = Record<string, unknown>

export interface RestRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  /** Success status: 200 reads/updates, 201 creates, 204 deletes. */
  status: 200 | 201 | 204
  /** Whether the route takes a JSON body. */
  body: boolean
  call: (caller: Caller, params: Params, body: Body) => Promise<unknown>
}

/** The spec's section 7, plus auth/logout, auth/me and profile: one row per call. */
export const restRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/timeline',
    status: 200,
    body: false,
    call: (c) => c.timeline.list(),
  },
  {
    method: 'GET',
    path: '/api/timeline/:id',
    status: 200,
    body: false,
    call: (c, p) => c.timeline.byId({ id: p.id as never }),
  },
  {
    method: 'POST',
    path: '/api/timeline',
    status: 201,
    body: true,
    call: (c, _p, b) => c.timeline.create(b as never),
  },
  {
    method: 'PUT',
    path: '/api/timeline/:id',
    status: 200,
    body: true,
    call: (c, p, b) => c.timeline.update({ ...b, id: p.id } as never),
  },
  {
    method: 'DELETE',
    path: '/api/timeline/:id',
    status: 204,
    body: false,
    call: (c, p) => c.timeline.delete({ id: p.id as never }),
  },

  {
    method: 'GET',
    path: '/api/projects',
    status: 200,
    body: false,
    call: (c) => c.projects.list(),
  },
  {
    method: 'GET',
    path: '/api/projects/:slug',
    status: 200,
    body: false,
    call: (c, p) => c.projects.bySlug({ slug: p.slug as string }),
  },
  {
    method: 'POST',
    path: '/api/projects',
    status: 201,
    body: true,
    call: (c, _p, b) => c.projects.create(b as never),
  },
  {
    method: 'PUT',
    path: '/api/projects/:id',
    status: 200,
    body: true,
    call: (c, p, b) => c.projects.update({ ...b, id: p.id } as never),
  },
  {
    method: 'DELETE',
    path: '/api/projects/:id',
    status: 204,
    body: false,
    call: (c, p) => c.projects.delete({ id: p.id as never }),
  },

  {
    method: 'POST',
    path: '/api/contact',
    status: 201,
    body: true,
    call: (c, _p, b) => c.contact.send(b as never),
  },
  { method: 'GET', path: '/api/contact', status: 200, body: false, call: (c) => c.contact.list() },
  {
    method: 'DELETE',
    path: '/api/contact/:id',
    status: 204,
    body: false,
    call: (c, p) => c.contact.delete({ id: p.id as never }),
  },

  {
    method: 'POST',
    path: '/api/auth/login',
    status: 200,
    body: true,
    call: (c, _p, b) => c.auth.login(b as never),
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    status: 204,
    body: false,
    call: (c) => c.auth.logout(),
  },
  { method: 'GET', path: '/api/auth/me', status: 200, body: false, call: (c) => c.auth.me() },

  { method: 'GET', path: '/api/profile', status: 200, body: false, call: (c) => c.profile.get() },
]
