/**
 * The site's content in the JSON Resume format (https://jsonresume.org/schema)
 * and back. Pure: no I/O. Dates: the site keeps free text ("Jan 2024",
 * "Spring 2025"); JSON Resume wants ISO 8601 with optional parts ("2024-01",
 * "2024"). Text that reads as a month or a year is converted both ways; other
 * text is left out of the export (the schema allows a missing date).
 */
import type { Profile } from '../schemas/profile'
import type { Project, ProjectData } from '../schemas/project'
import type { TimelineData, TimelineEvent } from '../schemas/timeline'
import { linksWithOrcid, normaliseOrcid } from './orcid'
import { studyLine } from './profile-lines'

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function monthNumber(name: string): number | null {
  const index = months.findIndex((month) => name.toLowerCase().startsWith(month.toLowerCase()))
  return index === -1 ? null : index + 1
}

const two = (n: number) => String(n).padStart(2, '0')
const validYear = (year: number) => year >= 1000 && year <= 2999

/** "Jan 2024", "January 2024", "2024-01", "01/2024", "2024" → ISO 8601 ("2024-01", "2024"); else null. */
export function isoDateOfText(text: string | null | undefined): string | null {
  const value = text?.trim() ?? ''
  let match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value)
  if (match) {
    const [, year = '', month, day] = match
    if (!validYear(Number(year))) return null
    if (month && (Number(month) < 1 || Number(month) > 12)) return null
    if (day && (Number(day) < 1 || Number(day) > 31)) return null
    return value
  }
  match = /^([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(value)
  if (match) {
    const month = monthNumber(match[1] ?? '')
    const year = Number(match[2])
    return month && validYear(year) ? `${year}-${two(month)}` : null
  }
  match = /^(\d{1,2})\/(\d{4})$/.exec(value)
  if (match) {
    const month = Number(match[1])
    const year = Number(match[2])
    return month >= 1 && month <= 12 && validYear(year) ? `${year}-${two(month)}` : null
  }
  return null
}

/** ISO 8601 ("2024-01-15", "2024-01", "2024") → the site's way of writing it ("Jan 2024", "2024"). */
export function textOfIsoDate(iso: string): string {
  const match = /^(\d{4})(?:-(\d{2}))?/.exec(iso.trim())
  if (!match) return iso.trim()
  const [, year = '', month] = match
  const name = month ? months[Number(month) - 1] : undefined
  return name ? `${name} ${year}` : year
}

const isPresent = (text: string | null | undefined) =>
  !text?.trim() || /^(present|now|today|current)$/i.test(text.trim())

const absolute = (siteUrl: string, url: string) =>
  /^https?:\/\//i.test(url) ? url : url.startsWith('/') ? `${siteUrl}${url}` : null

/** `{ key: value }` without the keys whose value is null, undefined, '' or []. */
function compact<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(record).filter(
      ([, value]) =>
        value !== null &&
        value !== undefined &&
        value !== '' &&
        !(Array.isArray(value) && value.length === 0),
    ),
  ) as Partial<T>
}

function usernameOf(url: string): string | undefined {
  try {
    return new URL(url).pathname.split('/').filter(Boolean).pop()
  } catch {
    return undefined
  }
}

export interface ResumeSources {
  profile: Profile
  events: readonly TimelineEvent[]
  /** Published projects only, in the manual order. */
  projects: readonly Project[]
  /** Published publications, in the list's order (JSON Resume's `publications`). */
  publications?: readonly ResumePublicationSource[]
  /** Published talks, newest first (a `talks` section beside the schema's, as CV themes read it). */
  talks?: readonly ResumeTalkSource[]
  siteUrl: string
}

export interface ResumePublicationSource {
  title: string
  venue: string | null
  date: string | null
  year: number | null
  doi: string | null
  url: string | null
  slug: string
  abstract: string
}

export interface ResumeTalkSource {
  title: string
  event: string
  date: string
  place: string
  online: boolean
  slides_url: string | null
  video_url: string | null
}

const SCHEMA_URL = 'https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json'

/** The study lines as one summary, leaving out the fields the owner left empty. */
function studySummary(profile: Profile): string {
  const study = studyLine(profile)
  return [study ? `${study}.` : '', profile.focus ? `Focus: ${profile.focus}.` : '']
    .filter(Boolean)
    .join(' ')
}

/** The JSON Resume document of the site's content. */
export function toJsonResume({
  profile,
  events,
  projects,
  publications = [],
  talks = [],
  siteUrl,
}: ResumeSources) {
  const dates = (start: string, end: string | null) =>
    compact({
      startDate: isoDateOfText(start),
      endDate: isPresent(end) ? null : isoDateOfText(end),
    })
  const profiles = [
    { network: 'LinkedIn', url: profile.linkedin_url },
    { network: 'GitHub', url: profile.github_url },
    ...linksWithOrcid(profile).map((link) => ({ network: link.label, url: link.url })),
  ]
    .filter((item) => /^https?:\/\/[^/]+\/.+/i.test(item.url))
    .map((item) => compact({ ...item, username: usernameOf(item.url) }))
  return {
    $schema: SCHEMA_URL,
    basics: compact({
      name: profile.name,
      label: profile.major ? `${profile.major} student` : undefined,
      image: absolute(siteUrl, profile.photo_url),
      email: profile.email,
      url: `${siteUrl}/`,
      summary: profile.bio.trim() || studySummary(profile) || undefined,
      location: profile.location ? { city: profile.location } : undefined,
      profiles,
    }),
    ...(profile.skills.length > 0
      ? { skills: profile.skills.map((skill) => ({ name: skill })) }
      : {}),
    work: events
      .filter((event) => event.event_type === 'experience')
      .map((event) =>
        compact({
          name: event.title,
          position: event.position,
          ...dates(event.start_date, event.end_date),
          highlights: event.description,
        }),
      ),
    education: events
      .filter((event) => event.event_type === 'education')
      .map((event) =>
        compact({
          institution: event.title,
          area: event.position,
          ...dates(event.start_date, event.end_date),
          courses: event.description,
        }),
      ),
    projects: projects.map((project) =>
      compact({
        name: project.title,
        description: project.description,
        keywords: project.tags,
        url: project.website_url ?? project.repo_url,
        roles: project.role ? [project.role] : [],
        startDate: isoDateOfText(project.period),
      }),
    ),
    ...(publications.length > 0
      ? {
          publications: publications.map((publication) =>
            compact({
              name: publication.title,
              publisher: publication.venue ?? undefined,
              releaseDate:
                publication.date ?? (publication.year ? String(publication.year) : undefined),
              url: publication.doi
                ? `https://doi.org/${publication.doi}`
                : (publication.url ??
                  `${siteUrl}/publications/${encodeURIComponent(publication.slug)}`),
              summary: publication.abstract.trim() || undefined,
            }),
          ),
        }
      : {}),
    ...(talks.length > 0
      ? {
          talks: talks.map((talk) =>
            compact({
              name: talk.title,
              event: talk.event || undefined,
              date: talk.date,
              location: talk.online ? 'Online' : talk.place || undefined,
              url: talk.slides_url ?? talk.video_url ?? undefined,
            }),
          ),
        }
      : {}),
    meta: { canonical: `${siteUrl}/resume.json`, version: 'v1.0.0' },
  }
}

/* Import: a JSON Resume document (already checked against the schema) → rows to create. */

interface ResumeWork {
  name?: string
  position?: string
  startDate?: string
  endDate?: string
  summary?: string
  highlights?: string[]
  url?: string
}
interface ResumeEducation {
  institution?: string
  area?: string
  studyType?: string
  startDate?: string
  endDate?: string
  courses?: string[]
}
interface ResumeProject {
  name?: string
  description?: string
  highlights?: string[]
  keywords?: string[]
  startDate?: string
  endDate?: string
  url?: string
  roles?: string[]
}
export interface ResumeDocument {
  basics?: {
    name?: string
    label?: string
    image?: string
    email?: string
    profiles?: { network?: string; url?: string }[]
  }
  skills?: { name?: string; keywords?: string[] }[]
  work?: ResumeWork[]
  education?: ResumeEducation[]
  projects?: ResumeProject[]
}

/** An entry of the document the import leaves out, and why. */
export interface SkippedEntry {
  section: 'work' | 'education' | 'projects'
  title: string
  reason: string
}

export interface ImportPlan {
  /** Input for `timelineInput` (checked by the caller). */
  timeline: TimelineData[]
  /** Input for `projectInput` (checked by the caller). */
  projects: ProjectData[]
  skipped: SkippedEntry[]
}

/** One line: the fields a resume's text lands in (titles, summaries, bullets) hold no line break. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim()
const text = (value: string | undefined) => (value === undefined ? '' : oneLine(value))
const list = (values: string[] | undefined) => (values ?? []).map(oneLine).filter(Boolean)

/** What a period of a project reads: "2023 – 2024", "Jan 2024", or null. */
function periodOf(start: string | undefined, end: string | undefined): string | null {
  const from = start ? textOfIsoDate(start) : ''
  const to = end ? textOfIsoDate(end) : ''
  if (from && to && from !== to) return `${from} – ${to}`
  return from || to || null
}

/** The rows a document holds, before anything is compared with what is stored. */
export function planFromJsonResume(document: ResumeDocument): ImportPlan {
  const plan: ImportPlan = { timeline: [], projects: [], skipped: [] }
  const event = (
    section: 'work' | 'education',
    title: string,
    fields: { position: string; startDate?: string; endDate?: string; description: string[] },
  ) => {
    if (!title) {
      plan.skipped.push({ section, title: '(no name)', reason: 'It has no name.' })
      return
    }
    if (!fields.startDate) {
      plan.skipped.push({ section, title, reason: 'It has no start date.' })
      return
    }
    plan.timeline.push({
      title,
      position: fields.position,
      start_date: textOfIsoDate(fields.startDate),
      end_date: fields.endDate ? textOfIsoDate(fields.endDate) : null,
      icon_path: null,
      description: fields.description,
      event_type: section === 'work' ? 'experience' : 'education',
    })
  }
  for (const work of document.work ?? []) {
    event('work', text(work.name), {
      position: text(work.position),
      startDate: work.startDate,
      endDate: work.endDate,
      description: [...(text(work.summary) ? [text(work.summary)] : []), ...list(work.highlights)],
    })
  }
  for (const school of document.education ?? []) {
    const studyType = text(school.studyType)
    const area = text(school.area)
    event('education', text(school.institution), {
      position: studyType && area ? `${studyType}, ${area}` : studyType || area,
      startDate: school.startDate,
      endDate: school.endDate,
      description: list(school.courses),
    })
  }
  for (const project of document.projects ?? []) {
    const title = text(project.name)
    if (!title) {
      plan.skipped.push({ section: 'projects', title: '(no name)', reason: 'It has no name.' })
      continue
    }
    const highlights = list(project.highlights)
    const description = text(project.description) || highlights[0] || title
    plan.projects.push({
      title,
      description,
      long_description: [description, ...highlights.map((item) => `- ${item}`)].join('\n\n'),
      website_url: text(project.url) || null,
      image_urls: [],
      tags: list(project.keywords),
      is_featured: false,
      is_published: true,
      repo_url: null,
      role: list(project.roles).join(', ') || null,
      period: periodOf(project.startDate, project.endDate),
      // Search and sharing: what is made from the project (JSON Resume has none of it).
      seo_description: null,
      share_image: null,
      canonical_url: null,
      noindex: false,
    })
  }
  return plan
}

/** Profile fields a document can fill, when the stored ones are empty. */
export function profileFieldsOf(
  document: ResumeDocument,
): Partial<
  Record<'name' | 'email' | 'photo_url' | 'linkedin_url' | 'github_url' | 'orcid', string>
> {
  const basics = document.basics ?? {}
  const network = (name: string) =>
    basics.profiles?.find((item) => item.network?.trim().toLowerCase() === name)?.url?.trim()
  return compact({
    name: text(basics.name),
    email: text(basics.email),
    photo_url: text(basics.image),
    linkedin_url: network('linkedin'),
    github_url: network('github'),
    // Stored bare; an address that is not an iD is left as it is for the check to name.
    orcid: ((url) => (url ? (normaliseOrcid(url) ?? url) : undefined))(network('orcid')),
  })
}

/** The skills a document names (each skill's name), for a profile with none yet. */
export function skillsOf(document: ResumeDocument): string[] {
  const names = (document.skills ?? []).map((skill) => skill.name?.trim() ?? '')
  return [...new Set(names.filter((name) => name !== ''))]
}

/** Two timeline events are the same entry: same type, title and start (any case, spacing). */
export function timelineIdentity(event: Pick<TimelineData, 'event_type' | 'title' | 'start_date'>) {
  const norm = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase()
  return `${event.event_type}|${norm(event.title)}|${norm(event.start_date)}`
}

/** Two projects are the same entry: same title (any case, spacing). */
export function projectIdentity(project: Pick<ProjectData, 'title'>) {
  return project.title.trim().replace(/\s+/g, ' ').toLowerCase()
}
