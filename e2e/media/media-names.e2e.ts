/** The library keeps each upload's file name: shown, searchable, editable; and where each image is used. */
import { answerConfirm, apiUpload, expect, test, unique } from '../fixtures'
import { pngFile } from '../support/png'

test('an upload is listed by its file name, found by a search, renamed, and shows where it is used', async ({
  adminPage: page,
  request,
  token,
}) => {
  const name = `${unique('lisbon-harbour')}.png`
  const image = await apiUpload(request, token, pngFile(name, 320, 200))
  const title = unique('Harbour map')
  const project = await request.post('/api/projects', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      description: 'Short',
      long_description: `A map.\n\n![Harbour](${image.url})`,
    },
  })
  expect(project.status()).toBe(201)

  await page.goto('/admin/media')
  const search = page.getByLabel('Search images')
  await search.fill(name.slice(0, -4).toUpperCase())
  const cards = page.getByRole('list').filter({ hasText: 'Alt text' }).first().getByRole('listitem')
  const card = cards.filter({ hasText: name })
  await expect(card).toHaveCount(1)
  await expect(card.getByText(`the description of the project "${title}"`)).toBeVisible()

  const newName = unique('Harbour at dusk')
  await card.getByLabel('Name', { exact: true }).fill(newName)
  await card.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Name saved.')
  await search.fill(newName)
  await expect(cards.filter({ hasText: newName })).toHaveCount(1)
  await search.fill('no image is called this')
  await expect(page.getByText('No image matches “no image is called this”.')).toBeVisible()

  // Deleting it is refused while the description uses it.
  await search.fill(newName)
  const renamed = cards.filter({ hasText: newName })
  await renamed.getByRole('button', { name: 'Delete' }).click()
  await answerConfirm(page, true)
  await expect(renamed.getByRole('alert')).toContainText(
    `This image is still used by the description of the project "${title}"`,
  )
})
