import { describe, expect, test } from 'bun:test'
import type { ImageInfo } from '../../src/schemas/media'
import { firstShown, imageSizes, srcSetOf } from './responsive-image'

const upload: ImageInfo = {
  url: '/media/abc.jpg',
  content_type: 'image/jpeg',
  width: 800,
  height: 600,
  alt: 'A lighthouse',
  variants: [
    { width: 320, url: '/media/abc-320.webp', content_type: 'image/webp' },
    { width: 640, url: '/media/abc-640.webp', content_type: 'image/webp' },
    { width: 800, url: '/media/abc-800.webp', content_type: 'image/webp' },
  ],
  placeholder: 'data:image/png;base64,AAAA',
}

describe('srcSetOf', () => {
  test('lists every variant with its width descriptor, in the given (ascending) order', () => {
    expect(srcSetOf(upload.variants)).toBe(
      '/media/abc-320.webp 320w, /media/abc-640.webp 640w, /media/abc-800.webp 800w',
    )
  })

  test('is empty without variants', () => {
    expect(srcSetOf([])).toBe('')
  })
})

describe('firstShown', () => {
  test('the first URL with the image info at the same index', () => {
    expect(firstShown(['/media/abc.jpg', '/b.png'], [upload, null])).toEqual({
      src: '/media/abc.jpg',
      image: upload,
    })
  })

  test('skips unsafe URLs and keeps the index aligned with images', () => {
    expect(firstShown(['javascript:alert(1)', '/media/abc.jpg'], [null, upload])).toEqual({
      src: '/media/abc.jpg',
      image: upload,
    })
    expect(firstShown(['data:image/png,xx', 'https://cdn.example/a.png'], [null, null])).toEqual({
      src: 'https://cdn.example/a.png',
      image: null,
    })
  })

  test('an external URL, or images missing (an older answer), has no image info', () => {
    expect(firstShown(['/a.png'], undefined)).toEqual({ src: '/a.png', image: null })
    expect(firstShown(['/a.png'], [])).toEqual({ src: '/a.png', image: null })
  })

  test('null when no URL is safe, or there is none', () => {
    expect(firstShown([], [])).toBeNull()
    expect(firstShown(['javascript:x', '//evil.example/a.png'], [null, null])).toBeNull()
  })
})

describe('imageSizes', () => {
  test('every entry is a valid sizes list: media conditions, then one bare length last', () => {
    for (const sizes of Object.values(imageSizes)) {
      const entries = sizes.split(',')
      const last = entries.pop() ?? ''
      expect(last).toMatch(/^(\d+px|calc\([^()]+\))$/)
      for (const entry of entries) {
        expect(entry).toMatch(/^\(min-width:\d+px\) (\d+px|calc\([^()]+\))$/)
      }
    }
  })

  test('the fixed boxes match their CSS sizes', () => {
    expect(imageSizes.photo).toBe('175px')
    expect(imageSizes.icon).toBe('48px')
  })
})
