/**
 * A search match is marked in the theme's own colours, in light and dark and
 * in each site style, never the browser's default yellow; the passage reads
 * without a code block's language name. Pictures at 390 and 1280 px in
 * both themes (e2e/support/pictures.ts).
 */
import { apiCreate, expect, expectNoAxeViolations, test, unique } from '../fixtures'
import { pictures } from '../support/pictures'

const browserYellow = ['rgb(255, 255, 0)', 'rgb(255, 255, 0, 1)']

test('search highlights read in every theme and style, and no language name leaks', async ({
  page,
  token,
  request,
}) => {
  const word = unique('Quokka')
    .toLowerCase()
    .replace(/[^a-z]/g, '')
  await apiCreate(request, token, '/api/projects', {
    title: `Highlight ${word}`,
    description: `Finds the ${word} in a passage.`,
    long_description: `Intro text.\n\n\`\`\`ts\nexport const ${word}Count = 1\n\`\`\`\n\nThe ${word} again.`,
    tags: ['PostgreSQL'],
  })
  await page.goto(`/search?q=${encodeURIComponent(word.slice(0, 6))}`)
  const result = page.getByRole('listitem').filter({ hasText: `Highlight ${word}` })
  await expect(result).toBeVisible()
  const mark = result.locator('p mark').first()
  await expect(mark).toBeVisible()
  await expect(result.locator('p').last()).not.toContainText(' ts ')

  for (const style of ['minimal', 'editorial', 'bold']) {
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(
        ([s, th]) => {
          document.documentElement.dataset.style = s
          document.documentElement.dataset.theme = th
        },
        [style, theme],
      )
      const colours = await mark.evaluate((element) => {
        const css = getComputedStyle(element)
        const paragraph = getComputedStyle(element.parentElement as HTMLElement)
        return { background: css.backgroundColor, color: css.color, text: paragraph.color }
      })
      expect(browserYellow, `${style} ${theme}`).not.toContain(colours.background)
      expect(colours.background, `${style} ${theme}`).not.toBe('rgba(0, 0, 0, 0)')
      // The device's scheme as the theme set here: the page's theme follows it either way.
      await pictures(page, `search-highlight/mark-${style}`, { schemes: [theme] })
    }
  }
  await page.evaluate(() => {
    document.documentElement.dataset.style = 'minimal'
    document.documentElement.dataset.theme = 'light'
  })
  await expectNoAxeViolations(page)
})
