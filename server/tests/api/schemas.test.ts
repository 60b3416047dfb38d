/** The shared zod schemas (src/schemas) on their own: defaults, trimming, stripping. */
import { describe, expect, test } from 'bun:test'
import { loginInput, newPasswordSchema } from '../../../src/schemas/auth'
import { idSchema, limits } from '../../../src/schemas/fields'
import { messageInput } from '../../../src/schemas/message'
import { projectInput, projectUpdateInput } from '../../../src/schemas/project'
import { timelineInput } from '../../../src/schemas/timeline'

const project = { title: 'T', description: 'd', long_description: 'l' }

describe('projectInput', () => {
  test('fills the defaults', () => {
    expect(projectInput.parse(project)).toStrictEqual({
      ...project,
      website_url: null,
      image_urls: [],
      tags: [],
      is_featured: false,
      is_published: true,
      repo_url: null,
      role: null,
      period: null,
      seo_description: null,
      share_image: null,
      canonical_url: null,
      noindex: false,
    })
  })

  test('strips unknown keys (id, timestamps, anything else) and keeps the address', () => {
    const parsed = projectInput.parse({
      ...project,
      id: 5,
      slug: 's',
      created_at: 'x',
      updated_at: 'y',
      extra: true,
    })
    expect(Object.keys(parsed).sort()).toEqual([
      'canonical_url',
      'description',
      'image_urls',
      'is_featured',
      'is_published',
      'long_description',
      'noindex',
      'period',
      'repo_url',
      'role',
      'seo_description',
      'share_image',
      'slug',
      'tags',
      'title',
      'website_url',
    ])
  })

  test('trims text and list items, drops blank items, blank URL is null', () => {
    expect(
      projectInput.parse({
        title: '  T  ',
        description: ' d ',
        long_description: ' l ',
        website_url: '   ',
        image_urls: [' /a.png ', '  '],
        tags: [' x ', '', 'y'],
      }),
    ).toMatchObject({
      title: 'T',
      description: 'd',
      long_description: 'l',
      website_url: null,
      image_urls: ['/a.png'],
      tags: ['x', 'y'],
    })
  })

  test('the list limit counts items after blanks are dropped', () => {
    const tags = [...Array.from({ length: limits.listItems }, (_, i) => `t${i}`), '', ' ']
    expect(projectInput.parse({ ...project, tags }).tags).toHaveLength(limits.listItems)
  })

  test('failures name their field paths', () => {
    const result = projectInput.safeParse({ ...project, title: '', image_urls: ['/ok', 'ftp://x'] })
    expect(result.success).toBe(false)
    const paths = result.error?.issues.map((issue) => issue.path.join('.')).sort()
    expect(paths).toEqual(['image_urls.1', 'title'])
  })

  test('the update input needs a positive whole id', () => {
    expect(projectUpdateInput.parse({ ...project, id: '7' }).id).toBe(7)
    expect(projectUpdateInput.safeParse({ ...project }).success).toBe(false)
    expect(projectUpdateInput.safeParse({ ...project, id: 'x' }).success).toBe(false)
  })
})

describe('timelineInput', () => {
  test('fills the defaults', () => {
    expect(timelineInput.parse({ title: 'T', start_date: '2024' })).toStrictEqual({
      title: 'T',
      start_date: '2024',
      end_date: null,
      position: '',
      icon_path: null,
      description: [],
      event_type: 'experience',
    })
  })

  test('a blank end date is null (shown as Present)', () => {
    expect(timelineInput.parse({ title: 'T', start_date: 's', end_date: '  ' }).end_date).toBe(null)
  })

  test('event_type is exactly experience or education', () => {
    expect(
      timelineInput.parse({ title: 'T', start_date: 's', event_type: 'education' }).event_type,
    ).toBe('education')
    expect(
      timelineInput.safeParse({ title: 'T', start_date: 's', event_type: 'Education' }).success,
    ).toBe(false)
  })
})

describe('messageInput', () => {
  test('trims and validates the email', () => {
    expect(
      messageInput.parse({ name: ' N ', email: ' n@example.com ', message: ' hi ' }),
    ).toMatchObject({ name: 'N', email: 'n@example.com', message: 'hi' })
    expect(messageInput.safeParse({ name: 'N', email: 'nope', message: 'hi' }).success).toBe(false)
  })

  test('strips unknown keys', () => {
    const parsed = messageInput.parse({ name: 'N', email: 'n@example.com', message: 'm', id: 3 })
    expect(parsed).not.toHaveProperty('id')
  })
})

describe('auth schemas', () => {
  test('login trims the username but never the password', () => {
    expect(loginInput.parse({ username: ' owner ', password: ' secret ' })).toStrictEqual({
      username: 'owner',
      password: ' secret ',
    })
  })

  test('a new password has at least 8 characters and is not truncated', () => {
    expect(newPasswordSchema.safeParse('1234567').success).toBe(false)
    expect(newPasswordSchema.parse('12345678')).toBe('12345678')
    const long = 'p'.repeat(limits.password)
    expect(newPasswordSchema.parse(long)).toBe(long)
    expect(newPasswordSchema.safeParse(`${long}x`).success).toBe(false)
  })
})

describe('idSchema', () => {
  test.each([
    ['1', 1],
    ['42', 42],
    [7, 7],
  ])('%p → %p', (input, id) => {
    expect(idSchema.parse(input)).toBe(id)
  })

  test.each(['abc', '', '0', '-3', '1.5', '2147483648', 'NaN'])('%p is refused', (input) => {
    expect(idSchema.safeParse(input).success).toBe(false)
  })
})
