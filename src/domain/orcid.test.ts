import { expect, test } from 'bun:test'
import { linksWithOrcid, normaliseOrcid, orcidAddress } from './orcid'

test('an iD typed bare, as its address or without dashes comes back in its usual form', () => {
  expect(normaliseOrcid('0000-0002-1825-0097')).toBe('0000-0002-1825-0097')
  expect(normaliseOrcid(' https://orcid.org/0000-0002-1825-0097/ ')).toBe('0000-0002-1825-0097')
  expect(normaliseOrcid('orcid.org/0000000218250097')).toBe('0000-0002-1825-0097')
  // An X check character, typed in lower case.
  expect(normaliseOrcid('0000-0002-9079-593x')).toBe('0000-0002-9079-593X')
  expect(orcidAddress('0000-0002-1825-0097')).toBe('https://orcid.org/0000-0002-1825-0097')
})

test('a mistyped digit fails the check character; other shapes are refused', () => {
  expect(normaliseOrcid('0000-0002-1825-0098')).toBeNull()
  expect(normaliseOrcid('0000-0002-1852-0097')).toBeNull()
  expect(normaliseOrcid('0000-0002-1825')).toBeNull()
  expect(normaliseOrcid('https://example.org/0000-0002-1825-0097')).toBeNull()
  expect(normaliseOrcid('')).toBeNull()
})

test('the ORCID iD joins the links once, after the owner’s own', () => {
  const links = [{ label: 'Blog', url: 'https://blog.example' }]
  expect(linksWithOrcid({ links, orcid: '' })).toEqual(links)
  expect(linksWithOrcid({ links, orcid: '0000-0002-1825-0097' })).toEqual([
    ...links,
    { label: 'ORCID', url: 'https://orcid.org/0000-0002-1825-0097' },
  ])
  const already = [{ label: 'My ORCID', url: 'http://orcid.org/0000-0002-1825-0097/' }]
  expect(linksWithOrcid({ links: already, orcid: '0000-0002-1825-0097' })).toEqual(already)
})
