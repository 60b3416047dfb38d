import { readFileSync } from 'node:fs'
import { captureScreens, screenPaths } from '../../scripts/screenshots-core'
import { allowUpTo, apiCreate, expect, test, unique } from '../fixtures'

/**
 * `bun run screenshots` in CI: its core (scripts/screenshots-core.ts), on a
 * sample of its screens (two public, two admin, in that order, as the script
 * takes them), at 390 and 1280 px in both colour schemes against this run's
 * server. No image comparison: each picture is a PNG, and each dark one is
 * of a page that really was dark (the script once took light pages twice).
 * Every screen of the script's list is opened in both themes, with axe, by
 * themes.e2e.ts.
 */
test('the screenshot script takes public and admin screens at two widths, light and dark', async ({
  browser,
  token,
  request,
  baseURL,
}, testInfo) => {
  allowUpTo(90_000)
  const project = await apiCreate(request, token, '/api/projects', {
    title: unique('Screenshot Subject'),
    description: 'Pictured at two widths in two themes.',
    long_description: 'Long.',
    image_urls: ['/profile.svg'],
    tags: ['Screens'],
  })
  const all = screenPaths(project.slug)
  const paths = [all.public[0], all.public[2], all.admin[0], all.admin[1]].filter(
    (path): path is string => Boolean(path),
  )
  expect(paths).toEqual(['/', `/projects/${project.slug}`, '/admin', '/admin/projects'])
  const shots = await captureScreens({
    browser,
    base: baseURL ?? '',
    token,
    slug: project.slug,
    outDir: testInfo.outputPath('screens'),
    paths,
  })
  expect(shots).toHaveLength(paths.length * 2 * 2)
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  for (const shot of shots) {
    const label = `${shot.path} ${shot.width} ${shot.colorScheme}`
    const bytes = readFileSync(shot.file)
    expect(bytes.subarray(0, 8).equals(png), label).toBe(true)
    expect(bytes.length, label).toBeGreaterThan(2_000)
    expect(shot.theme, label).toBe(shot.colorScheme)
    expect(shot.background, label).toBe(
      shot.colorScheme === 'dark' ? 'rgb(2, 6, 23)' : 'rgb(248, 250, 252)',
    )
  }
})
