import { describe, expect, test } from 'bun:test'
import { cardVersion, ogImagePath, ogPageOf } from './og-image'

describe('og image paths', () => {
  test('each page has its path, and the path names the page again', () => {
    for (const page of [
      { page: 'home' },
      { page: 'projects' },
      { page: 'contact' },
      { page: 'project', slug: 'difference-engine' },
      { page: 'project', slug: 'ünïcode & spaces/slash' },
    ] as const) {
      expect(ogPageOf(ogImagePath(page))).toEqual(page)
    }
    expect(ogImagePath({ page: 'project', slug: 'a/b' })).toBe('/og/projects/a%2Fb.png')
  })

  test('anything else is no card', () => {
    for (const path of [
      '/og/',
      '/og/home.jpg',
      '/og/projects/.png',
      '/og/projects/a/b.png',
      '/og/projects/%E0%A4%A.png',
      '/og/projects/%20.png',
      '/og/other.png',
    ]) {
      expect(ogPageOf(path)).toBeNull()
    }
  })

  test('the version follows what the card shows', () => {
    const a = cardVersion(['Ada', 'Hi', '/media/x.png'])
    expect(a).toMatch(/^[0-9a-f]{8}$/)
    expect(cardVersion(['Ada', 'Hi', '/media/x.png'])).toBe(a)
    expect(cardVersion(['Ada', 'Hello', '/media/x.png'])).not.toBe(a)
    // Parts are kept apart: moving a character between two parts changes it.
    expect(cardVersion(['ab', 'c'])).not.toBe(cardVersion(['a', 'bc']))
  })
})
