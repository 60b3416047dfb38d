import type { Locator, Page, Request } from '@playwright/test'
import { expect, hydrated, test, unique } from '../fixtures'

const isMessageSend = (url: URL) =>
  url.pathname.startsWith('/trpc/') && url.pathname.includes('messages.send')

/** Records every messages.send call the page makes. */
function watchSends(page: Page): Request[] {
  const sent: Request[] = []
  page.on('request', (request) => {
    if (isMessageSend(new URL(request.url()))) sent.push(request)
  })
  return sent
}

/** The browser's own verdict on a field. */
function validity(field: Locator) {
  return field.evaluate((element: HTMLInputElement | HTMLTextAreaElement) => ({
    valueMissing: element.validity.valueMissing,
    typeMismatch: element.validity.typeMismatch,
    valid: element.validity.valid,
  }))
}

async function openForm(page: Page) {
  await page.goto('/contact-me')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Me.')
  // The form sends through the app, which starts after the page's largest paint.
  await hydrated(page)
  return {
    name: page.getByLabel('Name'),
    email: page.getByLabel('Email'),
    message: page.getByLabel('Message'),
    send: page.getByRole('button', { name: 'Send Message' }),
    status: page.getByRole('status'),
  }
}

test.describe('contact form', () => {
  test('the fields are labelled, required and typed', async ({ page }) => {
    const form = await openForm(page)
    await expect(form.name).toHaveAttribute('required', '')
    await expect(form.email).toHaveAttribute('required', '')
    await expect(form.email).toHaveAttribute('type', 'email')
    await expect(form.message).toHaveAttribute('required', '')
    await expect(form.message).toHaveJSProperty('tagName', 'TEXTAREA')
    const placeholder = (await form.message.getAttribute('placeholder')) ?? ''
    expect(placeholder).toMatch(/feedback/i)
    expect(placeholder).toMatch(/career opportunit/i)
    expect(placeholder).toMatch(/hello/i)
    await expect(form.status).toHaveAttribute('aria-live', 'polite')
    await expect(form.status).toHaveText('')
  })

  test('the browser blocks an empty form and a malformed email', async ({ page }) => {
    const sent = watchSends(page)
    const form = await openForm(page)

    await form.send.click()
    expect(await validity(form.name)).toMatchObject({ valueMissing: true })
    expect(await validity(form.email)).toMatchObject({ valueMissing: true })
    expect(await validity(form.message)).toMatchObject({ valueMissing: true })

    await form.name.fill('Charles Babbage')
    await form.email.fill('not-an-email')
    await form.message.fill('Hello!')
    await form.send.click()
    expect(await validity(form.email)).toMatchObject({ typeMismatch: true })

    await form.email.fill('charles@')
    await form.message.fill('')
    await form.send.click()
    expect(await validity(form.message)).toMatchObject({ valueMissing: true })

    // Nothing left the browser and nothing was announced.
    await page.waitForTimeout(300)
    expect(sent).toHaveLength(0)
    await expect(form.status).toHaveText('')
  })

  test('a sent message is announced, clears the form and reaches the owner', async ({
    page,
    request,
    token,
  }) => {
    const form = await openForm(page)
    const name = unique('Charles Babbage')
    const message = `${unique('Would you like to work on the Analytical Engine?')}\nBest, C.`

    // Hold the request so the sending state can be observed.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    await page.route(isMessageSend, async (route) => {
      await held
      await route.continue()
    })

    await form.name.fill(name)
    await form.email.fill('charles@example.com')
    await form.message.fill(message)
    await form.send.click()
    await expect(form.send).toBeDisabled()
    release()

    await expect(form.status).toHaveText('Message sent successfully!')
    await expect(form.send).toBeEnabled()
    await expect(form.name).toHaveValue('')
    await expect(form.email).toHaveValue('')
    await expect(form.message).toHaveValue('')

    const response = await request.get('/api/contact', {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(response.status()).toBe(200)
    const rows = (await response.json()) as { name: string; email: string; message: string }[]
    expect(rows.filter((row) => row.name === name)).toEqual([
      expect.objectContaining({ name, email: 'charles@example.com', message }),
    ])
  })

  test('a non-OK answer keeps the input and says the message failed', async ({ page }) => {
    const form = await openForm(page)
    await page.route(isMessageSend, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify([
          {
            error: {
              message: 'Something went wrong on our side. Please try again later.',
              code: -32603,
              data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'messages.send' },
            },
          },
        ]),
      }),
    )
    await form.name.fill('Charles Babbage')
    await form.email.fill('charles@example.com')
    await form.message.fill('Hello there')
    await form.send.click()

    await expect(form.status).toHaveText('Failed to send message. Please try again later.')
    await expect(form.send).toBeEnabled()
    await expect(form.name).toHaveValue('Charles Babbage')
    await expect(form.email).toHaveValue('charles@example.com')
    await expect(form.message).toHaveValue('Hello there')
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
  })

  test('the server refusing the input is a non-OK answer too', async ({ page }) => {
    const form = await openForm(page)
    // Blank after trimming: the browser accepts it, the server's schema does not.
    await form.name.fill('   ')
    await form.email.fill('charles@example.com')
    await form.message.fill('Hello there')
    const answer = page.waitForResponse((response) => isMessageSend(new URL(response.url())))
    await form.send.click()
    expect((await answer).status()).toBe(400)
    await expect(form.status).toHaveText('Failed to send message. Please try again later.')
  })

  test('a network failure says an error occurred', async ({ page }) => {
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs++
      void dialog.dismiss()
    })
    const form = await openForm(page)
    await page.route(isMessageSend, (route) => route.abort('internetdisconnected'))
    await form.name.fill('Charles Babbage')
    await form.email.fill('charles@example.com')
    await form.message.fill('Hello there')
    await form.send.click()

    await expect(form.status).toHaveText('An error occurred. Please try again later.')
    await expect(form.send).toBeEnabled()
    await expect(form.message).toHaveValue('Hello there')

    // Sending again after the network is back works, and the region updates.
    await page.unroute(isMessageSend)
    await form.send.click()
    await expect(form.status).toHaveText('Message sent successfully!')
    expect(dialogs).toBe(0)
  })
})
