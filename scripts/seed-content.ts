/**
 * Seeds a running server through its API with the bench and load-test
 * content: 20 projects (the first 4 featured) and 10 timeline events.
 * Returns the slug of the 10th project, a typical project page.
 */
/** Signs the admin in through the API; answers with the bearer token. */
export async function signIn(
  base: string,
  admin: { username: string; password: string },
): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  if (login.status !== 200) throw new Error(`seeding: sign-in failed (${login.status})`)
  return ((await login.json()) as { token: string }).token
}

/** Creates one row through the API (POST, 201); answers with the created row. */
export async function createRow(
  base: string,
  token: string,
  path: string,
  data: unknown,
): Promise<{ slug: string }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(data),
  })
  if (response.status !== 201) throw new Error(`seeding ${path}: ${response.status}`)
  return (await response.json()) as { slug: string }
}

export async function seedContent(
  base: string,
  admin: { username: string; password: string },
): Promise<string> {
  const token = await signIn(base, admin)
  const create = (path: string, data: unknown) => createRow(base, token, path, data)
  let slug = ''
  for (let i = 1; i <= 20; i++) {
    const project = await create('/api/projects', {
      title: `Project ${i}`,
      description: `Short description of project ${i}.`,
      long_description: `A longer description of project ${i}. `.repeat(10),
      website_url: `https://example.com/project-${i}`,
      image_urls: [`/images/project-${i}.png`],
      tags: ['TypeScript', 'React', 'PostgreSQL'],
      is_featured: i <= 4,
    })
    if (i === 10) slug = project.slug
  }
  for (let i = 1; i <= 10; i++) {
    await create('/api/timeline', {
      title: `Role ${i}`,
      start_date: `Jan 20${10 + i}`,
      end_date: i === 10 ? null : `Dec 20${10 + i}`,
      position: 'Engineer',
      description: ['Built things people use.', 'Shipped them on time.'],
      event_type: i % 3 === 0 ? 'education' : 'experience',
    })
  }
  return slug
}
