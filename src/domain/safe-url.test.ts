import { describe, expect, test } from 'bun:test'
import { isSafeUrl } from './safe-url'

describe('isSafeUrl accepts', () => {
  test.each([
    'http://example.com',
    'https://example.com',
    'https://example.com/path?q=1#frag',
    'HTTPS://EXAMPLE.COM/upper',
    'https://sub.example.co.uk:8443/x',
    'http://localhost:3000/img.png',
    '/',
    '/img/me.png',
    '/projects/hello-world?x=1',
  ])('%p', (url) => {
    expect(isSafeUrl(url)).toBe(true)
  })
})

describe('isSafeUrl rejects', () => {
  test.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:image/png;base64,AAAA',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://example.com/file',
    'mailto:someone@example.com',
    'tel:+123456',
    '//evil.com',
    '//evil.com/path',
    '/\\evil.com',
    '/path with spaces',
    'http://',
    'https://',
    'http:/example.com',
    'https:example.com',
    'example.com',
    'relative/path.png',
    './img.png',
    '../img.png',
    '',
    '   ',
    '#anchor',
    '?q=1',
  ])('%p', (url) => {
    expect(isSafeUrl(url)).toBe(false)
  })
})
