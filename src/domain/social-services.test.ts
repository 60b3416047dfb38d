import { expect, test } from 'bun:test'
import { socialServiceOf } from './social-services'

test('known services are read from the address', () => {
  expect(socialServiceOf('https://mastodon.social/@ada')).toBe('mastodon')
  expect(socialServiceOf('https://hachyderm.io/@ada/')).toBe('mastodon')
  expect(socialServiceOf('https://bsky.app/profile/ada.example')).toBe('bluesky')
  expect(socialServiceOf('https://github.com/ada')).toBe('github')
  expect(socialServiceOf('https://www.linkedin.com/in/ada')).toBe('linkedin')
  expect(socialServiceOf('https://youtu.be/x')).toBe('youtube')
  expect(socialServiceOf('https://x.com/ada')).toBe('x')
  expect(socialServiceOf('https://orcid.org/0000-0002-1825-0097')).toBe('orcid')
  expect(socialServiceOf('https://blog.example/feed.xml')).toBe('rss')
  expect(socialServiceOf('https://blog.example/about')).toBeNull()
  expect(socialServiceOf('not a url')).toBeNull()
})
