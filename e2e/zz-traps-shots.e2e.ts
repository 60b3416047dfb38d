import { apiCreate, expect, hydrated, signInPage, test, unique } from './fixtures'

test('traps screenshots', async ({ browser, request, token }) => {
  test.setTimeout(480_000)
  const project = await apiCreate(request, token, '/api/projects', {
    title: unique('Café Finder'),
    description: 'Finds the nearest café with a free table.',
    long_description: 'Long.',
    tags: ['React', 'Maps'],
  })
  for (const n of [1, 2]) {
    await apiCreate(request, token, '/api/projects', {
      title: unique(`交通追踪器 ${n}`),
      description: 'Tracks the city traffic.',
      long_description: 'Long.',
      tags: ['Go'],
    })
  }
  const publicPaths = ['/', '/projects', `/projects/${project.slug}`, '/contact-me', '/privacy', '/no-such-page']
  const adminPaths = ['/admin', '/admin/projects', '/admin/timeline', '/admin/nope', `/admin/projects/edit/${project.id}`]
  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ viewport: { width, height: width === 390 ? 844 : 800 }, colorScheme })
      const page = await context.newPage()
      await signInPage(page, token)
      for (const path of [...publicPaths, ...adminPaths]) {
        await page.goto(path)
        await page.waitForLoadState('networkidle')
        const name = `${path.replace(/[^a-z0-9]+/gi, '_')}-${width}-${colorScheme}.png`
        await page.screenshot({ path: `.tmp/shots/${name}`, fullPage: path === '/projects' || path.startsWith('/admin/projects/edit') })
      }
      await context.close()
    }
  }
  for (const style of ['editorial', 'bold', 'minimal']) {
    const r = await request.put('/api/appearance', { data: { style }, headers: { authorization: `Bearer ${token}` } })
    expect(r.status(), await r.text()).toBe(200)
    if (style === 'minimal') break
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    for (const path of ['/', '/projects', '/contact-me']) {
      await page.goto(path)
      await hydrated(page)
      await page.screenshot({ path: `.tmp/shots/style-${style}${path.replace(/\W+/g, '_')}.png` })
    }
    await context.close()
  }
})
