import { describe, expect, test } from 'bun:test'
import {
  displayNameOf,
  fileNameOf,
  formatBytes,
  matchesSearch,
  occurrenceIds,
  thumbnailUrl,
} from './media-info'

describe('thumbnailUrl', () => {
  test('the smallest variant, else the full-size file', () => {
    const variants = [
      { width: 320, url: '/media/a-320.webp', content_type: 'image/webp' },
      { width: 640, url: '/media/a-640.webp', content_type: 'image/webp' },
    ]
    expect(thumbnailUrl({ url: '/media/a.jpg', variants })).toBe('/media/a-320.webp')
    expect(thumbnailUrl({ url: '/media/a.gif', variants: [] })).toBe('/media/a.gif')
  })
})

describe('fileNameOf', () => {
  test('the last path segment, without query or fragment', () => {
    expect(fileNameOf('/media/ab12.jpg')).toBe('ab12.jpg')
    expect(fileNameOf('https://cdn.example/img/logo.png?v=2#top')).toBe('logo.png')
    expect(fileNameOf('https://cdn.example/')).toBe('cdn.example')
  })
})

describe('formatBytes', () => {
  test('bytes, kilobytes, megabytes', () => {
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(120 * 1024 + 300)).toBe('120 KB')
    expect(formatBytes(2.44 * 1024 * 1024)).toBe('2.4 MB')
    expect(formatBytes(15 * 1024 * 1024)).toBe('15 MB')
  })
})

describe('occurrenceIds', () => {
  test('unique for repeated URLs, and unchanged for a URL when others move', () => {
    expect(occurrenceIds(['/a', '/b', '/a'])).toEqual(['0:/a', '0:/b', '1:/a'])
    expect(occurrenceIds(['/b', '/a'])).toEqual(['0:/b', '0:/a'])
  })
})

describe('names and search', () => {
  const image = { name: 'Beach, 2024.png', alt: 'Sand and sea', url: '/media/ab12cd.jpg' }
  test('the display name is the name, else the stored file name', () => {
    expect(displayNameOf(image)).toBe('Beach, 2024.png')
    expect(displayNameOf({ ...image, name: '  ' })).toBe('ab12cd.jpg')
  })
  test('a search matches every word in the name, alt text or file name, any case', () => {
    expect(matchesSearch(image, '')).toBe(true)
    expect(matchesSearch(image, 'beach')).toBe(true)
    expect(matchesSearch(image, 'SEA 2024')).toBe(true)
    expect(matchesSearch(image, 'ab12')).toBe(true)
    expect(matchesSearch(image, 'mountain')).toBe(false)
    expect(matchesSearch(image, 'beach mountain')).toBe(false)
  })
})
