import { expect, test } from 'bun:test'
import { type InboxMessage, inView, matchesSearch, messagesCsv, replyHref } from './inbox'

const message: InboxMessage = {
  id: 7,
  name: 'Grace Hopper',
  email: 'grace@example.com',
  message: 'Hello,\nan internship?',
  status: 'unread',
  created_at: '2026-11-22T19:13:00.000Z',
}

test('views: the inbox holds unread and read; archived and spam their own', () => {
  expect(inView(message, 'inbox')).toBe(true)
  expect(inView({ ...message, status: 'read' }, 'inbox')).toBe(true)
  expect(inView({ ...message, status: 'archived' }, 'inbox')).toBe(false)
  expect(inView({ ...message, status: 'spam' }, 'spam')).toBe(true)
})

test('search by name, email or text, every word', () => {
  expect(matchesSearch(message, 'grace')).toBe(true)
  expect(matchesSearch(message, 'EXAMPLE.COM')).toBe(true)
  expect(matchesSearch(message, 'internship hopper')).toBe(true)
  expect(matchesSearch(message, 'internship turing')).toBe(false)
})

test('Reply: the sender, a Re: subject naming the site, the message quoted', () => {
  const href = replyHref(message, 'ada.example')
  expect(href.startsWith('mailto:grace@example.com?')).toBe(true)
  const params = new URLSearchParams(href.slice(href.indexOf('?') + 1))
  expect(params.get('subject')).toBe('Re: Your message on ada.example')
  expect(params.get('body')).toContain('Grace Hopper wrote:\n> Hello,\n> an internship?')
})

test('CSV: quoted fields, doubled quotes, formulas defused', () => {
  const csv = messagesCsv([{ ...message, name: '=HYPERLINK("x")', message: 'say "hi"' }])
  const [header, row] = csv.split('\r\n')
  expect(header).toBe('id,date,status,name,email,message')
  expect(row).toBe(
    `"7","2026-11-22T19:13:00.000Z","unread","'=HYPERLINK(""x"")","grace@example.com","say ""hi"""`,
  )
})
