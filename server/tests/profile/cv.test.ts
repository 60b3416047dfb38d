/**
 * The CV: `/cv` rendered on the server from the profile, the
 * timeline (experience and education) and the published projects in their
 * order, with its print stylesheet; the sitemap lists it; the home page links
 * to `/cv.pdf`. `/cv.pdf`: made from the same content (its text read back
 * with unpdf, its links as annotations), kept until the content changes, or
 * the PDF the owner uploaded (`PUT /api/cv`), byte for byte, until removed.
 */
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { extractText, getDocumentProxy } from 'unpdf'
import { renderCvPdf } from '../../cv/pdf'
import {
  ADMIN,
  createTestApp,
  sample,
  type TestApp,
  testEnv,
  toTestResponse,
} from '../support/harness'
import { encodeForm, uploadForm } from '../support/media-fixtures'

setDefaultTimeout(30_000)

const SITE = 'https://ada.example'

function stubDist(): string {
  const dir = join(tmpdir(), `portfolio-cv-dist-${process.pid}`)
  mkdirSync(join(dir, '.vite'), { recursive: true })
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index-e1.js', isEntry: true } }),
  )
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>shell</title>')
  return dir
}

/** The page's visible text (no tags, no scripts, no styles): what a visitor reads. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<style[\s\S]*?<\/style>/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
}

let t: TestApp
let token: string
beforeAll(async () => {
  t = await createTestApp({ ssr: true, siteUrl: SITE, distDir: stubDist(), cache: true })
  token = await t.login()
  const postTo = async (path: string, body: Record<string, unknown>) => {
    const r = await t.request('POST', path, { token, body })
    expect(r.status).toBe(201)
  }
  // Created last first: a new row comes first in the manual order.
  await postTo('/api/projects', {
    ...sample.project('Second Shown'),
    website_url: 'https://second.example/',
  })
  await postTo('/api/projects', {
    ...sample.project('Secret Draft'),
    is_published: false,
  })
  await postTo('/api/projects', {
    ...sample.project('First Shown'),
    repo_url: 'https://github.com/ada/first',
    role: 'Lead developer',
    period: 'Spring 2025',
    tags: ['TypeScript', 'PostgreSQL'],
  })
  await postTo('/api/timeline', {
    ...sample.event('State University'),
    position: 'BSc Computer Science',
    event_type: 'education',
  })
  await postTo('/api/timeline', {
    title: 'Acme Corp',
    start_date: 'Jun 2024',
    end_date: 'Aug 2024',
    position: 'Software Engineering Intern',
    description: [
      'Built the **billing** export',
      'Cut page loads by half',
      'Wrote [the API guide](https://docs.acme.example/api) and a [case study](/projects/first-shown), see https://acme.example',
    ],
    event_type: 'experience',
  })
}, 30_000)
afterAll(() => t.close())

describe('/cv', () => {
  test('shows the profile, experience, education and the published projects in order', async () => {
    const page = await t.request('GET', '/cv')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    const text = visibleText(page.text)
    expect(text).toContain(testEnv.OWNER_NAME)
    expect(text).toContain(testEnv.OWNER_EMAIL)
    expect(text).toContain('Experience')
    expect(text).toContain('Acme Corp')
    expect(text).toContain('Software Engineering Intern')
    expect(text).toContain('Jun 2024 – to Aug 2024')
    expect(text).toContain('Built the billing export')
    expect(text).toContain('Education')
    expect(text).toContain('State University')
    expect(text).toContain('BSc Computer Science')
    expect(text).toContain('Lead developer')
    expect(text).toContain('Spring 2025')
    expect(text).toContain('TypeScript · PostgreSQL')
    expect(text).toContain('github.com/ada/first')
    expect(text).not.toContain('Secret Draft')
    const first = text.indexOf('First Shown')
    const second = text.indexOf('Second Shown')
    expect(first).toBeGreaterThan(-1)
    expect(second).toBeGreaterThan(first)
    // Experience comes before education, both before the projects.
    expect(text.indexOf('Acme Corp')).toBeLessThan(text.indexOf('State University'))
    expect(text.indexOf('State University')).toBeLessThan(first)
    expect(page.text).toContain(`<link rel="canonical" href="${SITE}/cv"/>`)
  })

  test('carries a print stylesheet: the paper size, no navigation, links as text', async () => {
    const html = (await t.request('GET', '/cv')).text
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    expect(css).toMatch(/@page\s*\{[^}]*size:\s*auto/)
    expect(css).toMatch(/@page\s*\{[^}]*margin:/)
    const print = css.slice(css.indexOf('@media print'))
    expect(print).toMatch(/header, footer[^{]*\{\s*display: none/)
    expect(print).toContain('content: " (" attr(data-print-url) ")"')
    // The site's header (with its navigation) is what print hides.
    expect(html).toMatch(/<header[\s\S]*<nav/)
  })

  test('a bullet link whose text is not its address prints the address (the print rule applies to it)', async () => {
    const html = (await t.request('GET', '/cv')).text
    const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
    const print = css.slice(css.indexOf('@media print'))
    expect(print).toContain('.cv a[data-print-url]::after')
    const experience = html.slice(
      html.indexOf('id="cv-experience"'),
      html.indexOf('id="cv-education"'),
    )
    const bulletLinks = [...experience.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/g)]
      .flatMap((item) => [...(item[1] ?? '').matchAll(/<a ([^>]*)>([^<]*)<\/a>/g)])
      .map(([, attributes = '', text]) => ({
        text,
        href: /href="([^"]*)"/.exec(attributes)?.[1],
        print: /data-print-url="([^"]*)"/.exec(attributes)?.[1] ?? null,
      }))
    expect(bulletLinks).toEqual([
      // Inside .cv, so `.cv a[data-print-url]::after` prints " (https://docs.acme.example/api)".
      {
        text: 'the API guide',
        href: 'https://docs.acme.example/api',
        print: 'https://docs.acme.example/api',
      },
      // A site path leads nowhere on paper; a link that is its address already shows it.
      { text: 'case study', href: '/projects/first-shown', print: null },
      { text: 'https://acme.example', href: 'https://acme.example', print: null },
    ])
    expect(html.indexOf('class="cv"')).toBeLessThan(html.indexOf('the API guide'))
  })

  test('the home page links to the PDF and the sitemap lists /cv', async () => {
    const home = await t.request('GET', '/')
    expect(home.text).toMatch(/<a href="\/cv\.pdf"[^>]*>Download CV<\/a>/)
    const sitemap = (await t.request('GET', '/sitemap.xml')).text
    expect(sitemap).toContain(`<loc>${SITE}/cv</loc>`)
  })
})

async function pdfOf(bytes: ArrayBuffer | Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes))
  const { text } = await extractText(pdf, { mergePages: true })
  const links: string[] = []
  for (let page = 1; page <= pdf.numPages; page++) {
    for (const annotation of await (await pdf.getPage(page)).getAnnotations()) {
      if (typeof annotation.url === 'string') links.push(annotation.url)
    }
  }
  return { text: text.replace(/\s+/g, ' '), links }
}

async function getPdf(path = '/cv.pdf') {
  const response = await t.app.handle(new Request(`http://localhost${path}`))
  return { status: response.status, headers: response.headers, bytes: await response.arrayBuffer() }
}

async function putCv(form: FormData, withToken: string | null = token) {
  const { bytes, type } = await encodeForm(form)
  const headers: Record<string, string> = { 'content-type': type }
  if (withToken) headers.authorization = `Bearer ${withToken}`
  return toTestResponse(
    await t.app.handle(
      new Request('http://localhost/api/cv', { method: 'PUT', headers, body: bytes }),
    ),
  )
}

/** A small PDF of our own making: not the generated CV, recognisable by its text. */
async function otherPdf(text: string): Promise<Uint8Array> {
  const pdf = await renderCvPdf({
    profile: {
      name: text,
      birth_year: 2000,
      age: 25,
      show_age: true,
      email: 'x@example.com',
      university: 'U',
      major: 'M',
      focus: 'F',
      minor: 'N',
      headline: 'H',
      greeting: 'H',
      bio: '',
      bio_html: '',
      skills: [],
      location: '',
      links: [],
      linkedin_url: '',
      github_url: '',
      photo_url: '',
      photo: null,
      accent_color: '#4f46e5',
      fediverse_account: '',
      atproto_did: '',
      orcid: '',
      version: 0,
    },
    events: [],
    projects: [],
    siteUrl: 'https://other.example',
    hasNotes: false,
  })
  return pdf
}

describe('/cv.pdf, generated', () => {
  test('is a PDF whose text holds the owner, the timeline and the projects, with links', async () => {
    const r = await getPdf()
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/pdf')
    expect(r.headers.get('content-disposition')).toBe('inline; filename="Ada-Lovelace-CV.pdf"')
    expect(new TextDecoder().decode(r.bytes.slice(0, 5))).toBe('%PDF-')
    const { text, links } = await pdfOf(r.bytes)
    expect(text).toContain(testEnv.OWNER_NAME)
    expect(text).toContain('Acme Corp')
    expect(text).toContain('Software Engineering Intern')
    expect(text).toContain('Built the billing export')
    expect(text).toContain('State University')
    expect(text).toContain('First Shown')
    expect(text).not.toContain('Secret Draft')
    expect(links).toContain('https://github.com/ada/first')
    expect(links).toContain(`mailto:${testEnv.OWNER_EMAIL}`)
    expect(links).toContain(`${SITE}/cv`)
  })

  test('bullet links stay links, with their text; a site path is made absolute', async () => {
    const { text, links } = await pdfOf((await getPdf()).bytes)
    expect(text).toContain('Wrote the API guide and a case study, see https://acme.example')
    expect(text).not.toContain('](')
    expect(links).toContain('https://docs.acme.example/api')
    expect(links).toContain(`${SITE}/projects/first-shown`)
    // pdf.js reads the address back normalised (a trailing slash after the host).
    expect(links).toContain('https://acme.example/')
  })

  test('names in other scripts print as written; a character the font lacks becomes "?"', async () => {
    const pdf = await otherPdf('Łukasz Żółć · Ελένη · Дмитрий · Đặng · 张伟')
    const { text } = await pdfOf(pdf)
    expect(text).toContain('Łukasz Żółć')
    expect(text).toContain('Ελένη')
    expect(text).toContain('Дмитрий')
    expect(text).toContain('Đặng')
    expect(text).not.toContain('张')
    expect(text).toContain('??')
  })

  test('holds what the web CV shows: the About text, the owner links and, once a note is live, the notes', async () => {
    const before = await pdfOf((await getPdf()).bytes)
    expect(before.text).not.toContain('About')
    // No live note: no link to the notes (the page's header shows none either).
    expect(before.links).not.toContain(`${SITE}/notes`)

    const current = await t.request('GET', '/api/profile', { token })
    const { age: _a, greeting: _g, photo: _p, bio_html: _b, ...profile } = current.body
    const saved = await t.request('PUT', '/api/profile', {
      token,
      body: {
        ...profile,
        bio: 'I build **small tools** for [libraries](https://lib.example/).\n\nLately:\n\n- teaching SQL\n- a type checker',
        links: [{ label: 'Mastodon', url: 'https://social.example/@ada' }],
      },
    })
    expect(saved.status).toBe(200)
    const note = await t.request('POST', '/api/notes', {
      token,
      body: { title: 'A live note', summary: 'About it.', body: 'Text.', status: 'published' },
    })
    expect(note.status).toBe(201)

    const after = await pdfOf((await getPdf()).bytes)
    expect(after.text).toContain('About')
    expect(after.text).toContain('I build small tools for libraries.')
    expect(after.text).not.toContain('**')
    expect(after.text).toContain('Lately:')
    expect(after.text).toContain('• teaching SQL')
    expect(after.text).toContain('• a type checker')
    expect(after.links).toContain('https://lib.example/')
    expect(after.text).toContain('Mastodon: social.example/@ada')
    expect(after.links).toContain('https://social.example/@ada')
    expect(after.text).toContain('Notes: ada.example/notes')
    expect(after.links).toContain(`${SITE}/notes`)
    // The web CV says the same.
    const page = visibleText((await t.request('GET', '/cv')).text)
    expect(page).toContain('I build small tools for libraries .')
  })

  test('is kept until the content changes, then made again', async () => {
    const first = await getPdf()
    const again = await getPdf()
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(Buffer.from(again.bytes).equals(Buffer.from(first.bytes))).toBe(true)
    const created = await t.request('POST', '/api/timeline', {
      token,
      body: sample.event('Freshly Added Event'),
    })
    expect(created.status).toBe(201)
    const after = await getPdf()
    expect(after.headers.get('etag')).not.toBe(first.headers.get('etag'))
    expect((await pdfOf(after.bytes)).text).toContain('Freshly Added Event')
  })
})

describe('/cv.pdf, uploaded', () => {
  test('PUT /api/cv needs the token; GET /api/cv too', async () => {
    const bytes = await otherPdf('Nobody')
    expect((await putCv(uploadForm(bytes, { name: 'cv.pdf' }), null)).status).toBe(401)
    expect((await t.request('GET', '/api/cv')).status).toBe(401)
    expect((await t.request('DELETE', '/api/cv')).status).toBe(401)
  })

  test('a file that is not a PDF is refused and changes nothing', async () => {
    const before = await getPdf()
    const png = await putCv(
      uploadForm(Buffer.from('\x89PNG\r\n\x1a\nnot really'), {
        name: 'cv.pdf',
        type: 'application/pdf',
      }),
    )
    expect(png.status).toBe(400)
    expect(String(png.body.error)).toContain('PDF')
    const text = await putCv(uploadForm(Buffer.from('hello'), { name: 'cv.txt' }))
    expect(text.status).toBe(400)
    const missing = await putCv(new FormData())
    expect(missing.status).toBe(400)
    expect((await t.request('GET', '/api/cv', { token })).body).toEqual({ uploaded: null })
    const after = await getPdf()
    expect(Buffer.from(after.bytes).equals(Buffer.from(before.bytes))).toBe(true)
  })

  test('a file over 10 MB is refused with a reason', async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set(new TextEncoder().encode('%PDF-1.7\n'))
    const r = await putCv(uploadForm(big, { name: 'big.pdf' }))
    expect(r.status).toBe(400)
    expect(r.body.error).toBe('The CV must be a PDF of at most 10 MB.')
  })

  test('a request body over 11 MB is refused before it is read (413), changing nothing', async () => {
    const huge = new Uint8Array(12 * 1024 * 1024)
    huge.set(new TextEncoder().encode('%PDF-1.7\n'))
    const r = await putCv(uploadForm(huge, { name: 'huge.pdf' }))
    expect(r.status).toBe(413)
    expect(r.body.error).toBe('The request body is too large (the limit is 11 MB).')
    expect((await t.request('GET', '/api/cv', { token })).body).toEqual({ uploaded: null })
  })

  test('an uploaded PDF is served byte for byte, until it is removed', async () => {
    const bytes = await otherPdf('Uploaded Version')
    const r = await putCv(uploadForm(bytes, { name: 'C:\\docs\\My CV.pdf', type: '' }))
    expect(r.status).toBe(200)
    const uploaded = r.body.uploaded as Record<string, unknown>
    expect(uploaded.file_name).toBe('My CV.pdf')
    expect(uploaded.bytes).toBe(bytes.byteLength)
    expect(String(uploaded.url)).toMatch(/^\/media\/[0-9a-f]{64}\.pdf$/)

    const served = await getPdf()
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(served.bytes).equals(Buffer.from(bytes))).toBe(true)
    // The preview address serves the same bytes.
    const preview = await getPdf(String(uploaded.url))
    expect(preview.headers.get('content-type')).toBe('application/pdf')
    expect(Buffer.from(preview.bytes).equals(Buffer.from(bytes))).toBe(true)

    // Another upload replaces it; the old file goes from the store.
    const second = await otherPdf('Second Upload')
    const replaced = await putCv(uploadForm(second, { name: 'cv2.pdf' }))
    expect(replaced.status).toBe(200)
    expect((await getPdf(String(uploaded.url))).status).toBe(404)
    expect(Buffer.from((await getPdf()).bytes).equals(Buffer.from(second))).toBe(true)

    const removed = await t.request('DELETE', '/api/cv', { token })
    expect(removed.status).toBe(204)
    expect((await t.request('GET', '/api/cv', { token })).body).toEqual({ uploaded: null })
    const generated = await getPdf()
    expect((await pdfOf(generated.bytes)).text).toContain('Acme Corp')
  })
})

describe('the uploaded CV in backups', () => {
  test('a backup holds the uploaded PDF; a restore brings it back after it was removed', async () => {
    const bytes = await otherPdf('Backed Up Version')
    expect((await putCv(uploadForm(bytes, { name: 'kept.pdf' }))).status).toBe(200)
    const backup = await t.request('GET', '/api/backup', { token })
    expect(backup.status).toBe(200)
    const tables = backup.body.tables as Record<string, { key: string; file_name: string }[]>
    expect(tables.cv_file).toHaveLength(1)
    const key = tables.cv_file?.[0]?.key ?? ''
    expect(tables.cv_file?.[0]?.file_name).toBe('kept.pdf')
    const files = backup.body.media_files as Record<string, string>
    expect(Buffer.from(files[key] ?? '', 'base64').equals(Buffer.from(bytes))).toBe(true)

    // A file that names a CV without its bytes is refused, and changes nothing.
    const { [key]: _dropped, ...withoutCv } = files
    const broken = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: { ...backup.body, media_files: withoutCv } },
    })
    expect(broken.status).toBe(400)
    expect(String(broken.body.error)).toContain('cv_file')

    // Removed (its file deleted from the store), then restored: served byte for byte again.
    expect((await t.request('DELETE', '/api/cv', { token })).status).toBe(204)
    expect((await getPdf(`/media/${key}`)).status).toBe(404)
    const restored = await t.request('POST', '/api/restore', {
      token,
      body: { password: ADMIN.password, backup: backup.body },
    })
    expect(restored.status).toBe(200)
    token = await t.login()
    expect((await t.request('GET', '/api/cv', { token })).body.uploaded).toMatchObject({
      file_name: 'kept.pdf',
      bytes: bytes.byteLength,
    })
    const served = await getPdf()
    expect(Buffer.from(served.bytes).equals(Buffer.from(bytes))).toBe(true)
  })
})
