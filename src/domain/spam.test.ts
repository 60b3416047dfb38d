import { expect, test } from 'bun:test'
import { contentSpamSignal, countLinks, spamPhraseIn } from './spam'

test('links are counted by scheme or www.', () => {
  expect(countLinks('see https://a.example and http://b.example or www.c.example')).toBe(3)
  expect(countLinks('my site is example.com')).toBe(0)
})

test('known phrases are found whatever their case and spacing', () => {
  expect(spamPhraseIn('We offer SEO   Services for you')).toBe('seo services')
  expect(spamPhraseIn('I would like to offer you an internship')).toBeNull()
})

test('three links or a phrase make spam; an ordinary message does not', () => {
  const links = 'https://a.example https://b.example https://c.example'
  expect(contentSpamSignal({ name: 'X', message: links }, 3)).toBe('3 links')
  expect(contentSpamSignal({ name: 'X', message: 'Buy backlinks now' }, 3)).toContain('backlinks')
  expect(
    contentSpamSignal({ name: 'Grace', message: 'Loved https://your.site, can we talk?' }, 3),
  ).toBeNull()
})
