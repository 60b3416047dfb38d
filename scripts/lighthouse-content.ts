/**
 * The content `bun run lighthouse` audits, seeded through the API of a
 * running server: uploaded screenshots, projects (3 featured), a timeline.
 */
import sharp from 'sharp'
import { createRow, signIn } from './seed-content'

/** A photo-like test image: a gradient with a few shapes, encoded as PNG. */
async function testImage(width: number, height: number, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,35%)"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.3}" cy="${height * 0.4}" r="${height * 0.25}" fill="rgba(255,255,255,0.35)"/>
    <rect x="${width * 0.55}" y="${height * 0.2}" width="${width * 0.3}" height="${height * 0.5}" rx="24" fill="rgba(0,0,0,0.2)"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

/**
 * Content as an owner would have it: uploaded screenshots (so pages get
 * WebP variants and placeholders, as in production), featured projects on
 * the home page, a timeline. Answers with the audited project's slug.
 */
export async function seedLighthouseContent(
  base: string,
  admin: { username: string; password: string },
): Promise<string> {
  const token = await signIn(base, admin)
  const authorization = `Bearer ${token}`

  const images: string[] = []
  for (const [index, hue] of [210, 20, 140].entries()) {
    const form = new FormData()
    form.append(
      'file',
      new File([new Uint8Array(await testImage(1600, 900, hue))], `screenshot-${index}.png`, {
        type: 'image/png',
      }),
    )
    form.append('alt', `Screenshot ${index + 1}`)
    const response = await fetch(`${base}/api/media`, {
      method: 'POST',
      headers: { authorization },
      body: form,
    })
    if (response.status !== 201) throw new Error(`seeding: upload failed (${response.status})`)
    images.push(((await response.json()) as { url: string }).url)
  }

  const create = (path: string, data: unknown) => createRow(base, token, path, data)
  let slug = ''
  for (let i = 1; i <= 6; i++) {
    const project = await create('/api/projects', {
      title: `Project ${i}: a tool people use`,
      description: `Short description of project ${i}, what it does and for whom.`,
      long_description: `## What it is\n\n${`A longer description of project ${i}. `.repeat(6)}`,
      website_url: `https://example.com/project-${i}`,
      image_urls: [images[i % images.length], images[(i + 1) % images.length]],
      tags: ['TypeScript', 'React', 'PostgreSQL'],
      is_featured: i <= 3,
    })
    if (i === 2) slug = project.slug
  }
  for (let i = 1; i <= 6; i++) {
    await create('/api/timeline', {
      title: `Role ${i}`,
      start_date: `Jan 20${10 + i}`,
      end_date: i === 6 ? null : `Dec 20${10 + i}`,
      position: 'Engineer',
      description: ['Built things people use.', 'Shipped them on time.'],
      event_type: i % 3 === 0 ? 'education' : 'experience',
    })
  }
  return slug
}
