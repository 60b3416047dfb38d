/**
 * Seeds a running server through its API with the bench and load-test
 * content: 20 projects (the first 4 featured) and 10 timeline events.
 * Returns the slug of the 10th project, a typical project page.
 */
export async function seedContent(
  base: string,
  admin: { username: string; password: string },
): Promise<string> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  })
  if (login.status !== 200) throw new Error(`seeding: sign-in failed (${login.status})`)
  const { token } = (await login.json()) as { token: string }
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  /** Creates one row through the API; answers with the created row. */
  async function create(path: '/api/projects' | '/api/timeline', data: unknown): Promise<unknown> {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(data),
    })
    if (response.status !== 201) throw new Error(`seeding failed: ${response.status}`)
    return response.json()
  }
  let slug = ''
  for (let i = 1; i <= 20; i++) {
    const project = (await create('/api/projects', {
      title: `Project ${i}`,
      description: `Short description of project ${i}.`,
      long_description: `A longer description of project ${i}. `.repeat(10),
      website_url: `https://example.com/project-${i}`,
      image_urls: [`/images/project-${i}.png`],
      tags: ['TypeScript', 'React', 'PostgreSQL'],
      is_featured: i <= 4,
    })) as { slug: string }
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
