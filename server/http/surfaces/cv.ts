/**
 * The CV files. `/cv.pdf`: the uploaded CV when there is one, else the CV the server makes
 * from the content (server/cv/pdf.ts). Kept in the response cache under the
 * content version like the pages: made once, made again only after a write
 * to the content (an upload or a removal bumps the version too).
 */
import {
  type ResumePublicationSource,
  type ResumeTalkSource,
  toJsonResume,
} from '../../../src/domain/json-resume'
import type { CvContent, CvPublication, CvTalk } from '../../cv/pdf'
import type { Db } from '../../db/client'
import type { MediaStore } from '../../media/store'
import { getUploadedCv } from '../../services/cv'
import type { SeoSources } from './seo'

export interface CvSources extends Omit<SeoSources, 'publications' | 'talks'> {
  timeline: { list: () => Promise<CvContent['events']> }
  notes: SeoSources['notes'] & { any: () => Promise<boolean> }
  publications: { list: () => Promise<(ResumePublicationSource & CvPublication)[]> }
  talks: { list: () => Promise<(ResumeTalkSource & CvTalk)[]> }
}

/** The download's file name: the owner's name, ASCII, no spaces ("Ada-Lovelace-CV.pdf"). */
export function cvFileName(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
  return `${ascii || 'CV'}-CV.pdf`.replace(/^CV-CV/, 'CV')
}

export async function cvPdfResponse(
  db: Db,
  store: MediaStore,
  siteUrl: string,
  sources: CvSources,
): Promise<Response> {
  const profile = await sources.profile.get()
  const headers = {
    'content-type': 'application/pdf',
    'content-disposition': `inline; filename="${cvFileName(profile.name)}"`,
    'cache-control': 'no-cache',
  }
  const uploaded = await getUploadedCv(db)
  if (uploaded && (await store.size(uploaded.key)) !== null) {
    const bytes = await new Response(store.get(uploaded.key)).arrayBuffer()
    return new Response(bytes, { headers })
  }
  const [events, projects, hasNotes, publications, talks] = await Promise.all([
    sources.timeline.list(),
    sources.projects.list(),
    sources.notes.any(),
    sources.publications.list(),
    sources.talks.list(),
  ])
  // pdfkit and fontkit (~0.25 s to load) come with the first CV made, not with every start.
  const { renderCvPdf } = await import('../../cv/pdf')
  const pdf = await renderCvPdf({
    profile,
    events,
    projects: projects.filter((project) => project.is_published),
    siteUrl,
    hasNotes,
    publications,
    talks,
  })
  return new Response(pdf, { headers })
}

/** `/resume.json`: the site's content as a JSON Resume document (src/domain/json-resume.ts). */
export async function resumeJsonResponse(siteUrl: string, sources: CvSources): Promise<Response> {
  const [profile, events, projects, publications, talks] = await Promise.all([
    sources.profile.get(),
    sources.timeline.list(),
    sources.projects.list(),
    sources.publications.list(),
    sources.talks.list(),
  ])
  const document = toJsonResume({
    profile,
    events,
    projects: projects.filter((project) => project.is_published),
    publications,
    talks,
    siteUrl,
  })
  return new Response(`${JSON.stringify(document, null, 2)}\n`, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
  })
}
