import { expect, test } from 'bun:test'
import {
  absoluteLink,
  chartSummary,
  csvFileName,
  deviceName,
  parseDays,
  percentOf,
  referrerName,
  shortDay,
  targetOptions,
} from './analytics'

test('the range: 7, 30 or 90 from the address; anything else is 30', () => {
  expect(parseDays(7)).toBe(7)
  expect(parseDays(90)).toBe(90)
  expect(parseDays(undefined)).toBe(30)
  expect(parseDays(365)).toBe(30)
})

test('the chart in one sentence: totals and the busiest day, or that nothing was counted', () => {
  const daily = [
    { date: '2026-11-20', views: 3, visitors: 2 },
    { date: '2026-11-21', views: 12, visitors: 5 },
    { date: '2026-11-22', views: 1, visitors: 1 },
  ]
  expect(chartSummary(daily, 7)).toBe(
    'Page views and visitors per day from Fri, 20 Nov 2026 to Sun, 22 Nov 2026: 16 views in all; the busiest day was Sat, 21 Nov 2026 with 12 views and 5 visitors.',
  )
  expect(chartSummary([{ date: '2026-11-22', views: 0, visitors: 0 }], 30)).toBe(
    'No page views in the last 30 days.',
  )
})

test('days are UTC days whatever the browser zone', () => {
  expect(shortDay('2026-01-01')).toBe('1 Jan')
})

test('names for devices and referrers; shares rounded', () => {
  expect(deviceName('mobile')).toBe('Mobile')
  expect(deviceName('watch')).toBe('watch')
  expect(referrerName('')).toBe('Direct or unknown')
  expect(referrerName('www.linkedin.com')).toBe('www.linkedin.com')
  expect(percentOf(1, 3)).toBe('33%')
  expect(percentOf(0, 0)).toBe('0%')
})

test('a share link can lead to the fixed pages and each published project', () => {
  const options = targetOptions([
    { title: 'Loom', slug: 'loom', is_published: true },
    { title: 'Draft', slug: 'draft', is_published: false },
  ])
  expect(options.map((option) => option.path)).toEqual([
    '/',
    '/projects',
    '/projects/loom',
    '/cv',
    '/contact-me',
  ])
  expect(options[2]?.label).toBe('Project: Loom')
})

test("a link's absolute address: the site's address and the path, once", () => {
  expect(absoluteLink('https://ada.example', '/r/x7k2')).toBe('https://ada.example/r/x7k2')
  expect(absoluteLink('https://ada.example/', '/r/x7k2')).toBe('https://ada.example/r/x7k2')
  expect(absoluteLink('https://ada.example', 'https://other.example/r/1')).toBe(
    'https://other.example/r/1',
  )
})

test("the CSV file takes the server's name, else one like it", () => {
  expect(csvFileName(7, 'attachment; filename="analytics-2026-11-22-7d.csv"')).toBe(
    'analytics-2026-11-22-7d.csv',
  )
  expect(csvFileName(7, null, new Date('2026-11-22T23:59:00Z'))).toBe('analytics-2026-11-22-7d.csv')
  expect(csvFileName(7, 'attachment; filename="../x.csv"', new Date('2026-11-22T00:00:00Z'))).toBe(
    'analytics-2026-11-22-7d.csv',
  )
})
