import { apiCreate, expect, expectNoAxeViolations, hydrated, test, unique } from '../fixtures'

/**
 * A project's long description and a timeline event's bullets are Markdown,
 * rendered and sanitised on the server: visitors see lists, code, links and
 * the harmless raw HTML (`<kbd>`, `<details>`), never a script, an event
 * handler or a javascript: link.
 */
test('a Markdown description shows its list, highlighted code and safe links; nothing runs', async ({
  page,
  request,
  token,
}) => {
  const title = unique('Markdown Project')
  const dialogs: string[] = []
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message())
    await dialog.dismiss()
  })
  const project = await apiCreate(request, token, '/api/projects', {
    title,
    description: 'Written in Markdown.',
    long_description: [
      '## What it does',
      '',
      '- Plans **rides**',
      '- Shares `routes`',
      '',
      '```js',
      'const answer = 42',
      '```',
      '',
      'See [the docs](https://example.com/docs) or [this](javascript:alert(1)).',
      '',
      '<script>alert("raw")</script>',
      '',
      'Press <kbd>Ctrl</kbd>+<kbd>K</kbd> <img src="/nothing.png" onerror="alert(\'img\')" alt="">',
      '',
      '<details>',
      '<summary>Show the details</summary>',
      '',
      'Hidden until opened.',
      '',
      '</details>',
    ].join('\n'),
  })
  await page.goto(`/projects/${project.slug}`)
  await hydrated(page)
  const body = page.locator('.prose-md')
  // `## What it does`, the description's top heading, sits under the page's own h2
  // "Description.": an h3, so the outline skips no level.
  await expect(body.getByRole('heading', { level: 3, name: 'What it does' })).toBeVisible()
  // axe on the page with its rendered description (heading order included).
  await expectNoAxeViolations(page)
  await expect(body.getByRole('listitem')).toHaveText(['Plans rides', 'Shares routes'])
  await expect(body.locator('strong')).toHaveText('rides')
  await expect(body.locator('pre code.hljs .hljs-keyword')).toHaveText('const')
  const docs = body.getByRole('link', { name: 'the docs' })
  await expect(docs).toHaveAttribute('href', 'https://example.com/docs')
  await expect(docs).toHaveAttribute('rel', 'noopener noreferrer')
  await expect(docs).toHaveAttribute('target', '_blank')
  // The javascript: link is text; the raw script is removed, neither run nor shown.
  await expect(body.getByRole('link', { name: 'this' })).toHaveCount(0)
  await expect(body).not.toContainText('alert')
  expect(await page.locator('.prose-md script').count()).toBe(0)
  // Harmless raw HTML renders; the image keeps no handler.
  await expect(body.locator('kbd')).toHaveText(['Ctrl', 'K'])
  await expect(body.locator('img[onerror]')).toHaveCount(0)
  const details = body.locator('details')
  await expect(details.getByText('Hidden until opened.')).toBeHidden()
  await details.getByText('Show the details').click()
  await expect(details.getByText('Hidden until opened.')).toBeVisible()
  expect(dialogs).toEqual([])
})

test('timeline bullets render inline Markdown', async ({ page, request, token }) => {
  const title = unique('Markdown Job')
  await apiCreate(request, token, '/api/timeline', {
    title,
    start_date: 'Jan 2025',
    description: ['Shipped **v2** with [a blog note](https://example.com/v2)'],
  })
  await page.goto('/')
  await hydrated(page)
  const event = page.getByRole('article').filter({ hasText: title })
  await expect(event.locator('li strong')).toHaveText('v2')
  await expect(event.getByRole('link', { name: 'a blog note' })).toHaveAttribute(
    'href',
    'https://example.com/v2',
  )
})
