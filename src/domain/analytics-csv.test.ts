import { expect, test } from 'bun:test'
import { analyticsCsv } from './analytics-csv'

const summary = {
  totals: { views: 7, visitors: 3 },
  daily: [
    { date: '2026-01-01', views: 3, visitors: 1 },
    { date: '2026-01-02', views: 4, visitors: 2 },
  ],
  pages: [
    { path: '/', views: 5 },
    { path: '/projects/a,b', views: 2 },
  ],
  referrers: [{ host: 'linkedin.com', views: 2 }],
  devices: [
    { device: 'desktop', views: 6 },
    { device: 'mobile', views: 1 },
  ],
  share_links: [
    { id: 1, name: 'Acme "summer" internship', views: 2, visitors: 1, last_seen: null },
    { id: 2, name: '=HYPERLINK("http://x")', views: 0, visitors: 0, last_seen: null },
  ],
}

test('one table: a row per day, page, referrer, device and share link, then the totals (CRLF)', () => {
  expect(analyticsCsv(summary)).toBe(
    [
      'section,name,views,visitors',
      'day,2026-01-01,3,1',
      'day,2026-01-02,4,2',
      'page,/,5,',
      'page,"/projects/a,b",2,',
      'referrer,linkedin.com,2,',
      'device,desktop,6,',
      'device,mobile,1,',
      'share_link,"Acme ""summer"" internship",2,1',
      `share_link,"'=HYPERLINK(""http://x"")",0,0`,
      'total,,7,3',
      '',
    ].join('\r\n'),
  )
})
