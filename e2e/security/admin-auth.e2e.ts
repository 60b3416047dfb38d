import { e2eAdmin, expect, signInPage, test, unique } from '../fixtures'

const storedToken = (page: import('@playwright/test').Page) =>
  page.evaluate(() => window.localStorage.getItem('token'))

test.describe('admin login', () => {
  test('signs in with valid credentials, stores the token and opens the dashboard', async ({
    page,
  }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Admin Login.' })).toBeVisible()
    await expect(page.getByLabel('Username')).toHaveAttribute('required', '')
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '')
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password')

    await page.getByLabel('Username').fill(e2eAdmin.username)
    await page.getByLabel('Password').fill(e2eAdmin.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()

    await expect(page).toHaveURL(/\/admin$/)
    await expect(page.getByRole('heading', { name: 'Manage Projects.' })).toBeVisible()
    expect(await storedToken(page)).toMatch(/\S{16,}/)
  })

  test('shows the server error inline on wrong credentials', async ({ page }) => {
    await page.goto('/login')
    // A username of its own: failed attempts never lock the shared e2e admin.
    await page.getByLabel('Username').fill(unique('nobody'))
    await page.getByLabel('Password').fill('not the password')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()

    await expect(page.getByRole('alert')).toHaveText('Invalid username or password.')
    await expect(page).toHaveURL(/\/login$/)
    expect(await storedToken(page)).toBeNull()
    // The form keeps what was typed so the visitor can correct it.
    await expect(page.getByLabel('Password')).toHaveValue('not the password')
  })

  test('shows "Login failed" when the server gives no reason', async ({ page }) => {
    await page.route('**/trpc/auth.login**', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '' }),
    )
    await page.goto('/login')
    await page.getByLabel('Username').fill(unique('empty'))
    await page.getByLabel('Password').fill('whatever')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText('Login failed')

    // The same with a well-formed error whose message is empty.
    await page.unroute('**/trpc/auth.login**')
    await page.route('**/trpc/auth.login**', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify([
          { error: { message: '', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } },
        ]),
      }),
    )
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText('Login failed')
    expect(await storedToken(page)).toBeNull()
  })

  test('shows the network error when the server cannot be reached', async ({ page }) => {
    await page.route('**/trpc/auth.login**', (route) => route.abort('connectionrefused'))
    await page.goto('/login')
    await page.getByLabel('Username').fill(e2eAdmin.username)
    await page.getByLabel('Password').fill(e2eAdmin.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText('An error occurred. Please try again later.')
    await expect(page).toHaveURL(/\/login$/)
  })

  test('a visitor who holds a token is sent from /login to /admin', async ({ adminPage }) => {
    await adminPage.goto('/login')
    await expect(adminPage).toHaveURL(/\/admin$/)
    await expect(adminPage.getByRole('heading', { name: 'Manage Projects.' })).toBeVisible()
  })
})

test.describe('admin guard', () => {
  for (const path of ['/admin', '/admin/projects/new', '/admin/timeline/edit/1']) {
    test(`without a token ${path} redirects to /login`, async ({ page }) => {
      await page.goto(path)
      await expect(page).toHaveURL(/\/login$/)
      await expect(page.getByRole('heading', { name: 'Admin Login.' })).toBeVisible()
    })
  }

  test('an invalid token is cleared and the dashboard sends the visitor to /login', async ({
    page,
  }) => {
    await signInPage(page, 'not-a-real-token')
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { name: 'Admin Login.' })).toBeVisible()
    expect(await storedToken(page)).toBeNull()
  })
})

test('sign out revokes the token on the server and clears it', async ({
  adminPage,
  token,
  request,
}) => {
  const auth = { authorization: `Bearer ${token}` }
  expect((await request.get('/api/auth/me', { headers: auth })).status()).toBe(200)

  await adminPage.goto('/admin')
  await adminPage.getByRole('button', { name: 'Sign out' }).click()

  await expect(adminPage).toHaveURL(/\/login$/)
  expect(await storedToken(adminPage)).toBeNull()
  expect((await request.get('/api/auth/me', { headers: auth })).status()).toBe(401)
})

test('sign out still clears the token when the server cannot be reached', async ({ adminPage }) => {
  await adminPage.goto('/admin')
  await expect(adminPage.getByRole('heading', { name: 'Manage Contacts.' })).toBeVisible()
  await adminPage.route('**/trpc/auth.logout**', (route) => route.abort('connectionrefused'))
  await adminPage.getByRole('button', { name: 'Sign out' }).click()
  await expect(adminPage).toHaveURL(/\/login$/)
  expect(await storedToken(adminPage)).toBeNull()
})
