/**
 * The dashboard's sections, each also shown alone (`/admin?section=projects`).
 * Its own module: the route's search check travels with the public entry.
 */
export const dashboardSections = ['projects', 'timeline', 'messages'] as const
export type DashboardSection = (typeof dashboardSections)[number]
