import { describe, expect, test } from 'bun:test'
import { appConfigFromEnv, ConfigError, loadEnv, mediaStorageFromEnv } from '../../env'

describe('the environment', () => {
  test('nothing set: the documented defaults, production included', () => {
    const env = loadEnv({})
    expect(env.NODE_ENV).toBe('production')
    expect(env.PORT).toBe(3000)
    expect(env.DATA_DIR).toBe('./data')
    expect(env.SKIP_CLIENT_BUILD).toBe(false)
    expect(env.TRUST_PROXY).toBe(0)
    expect(env.SITE_URL).toBe('http://localhost:3000')
    expect(env.ANALYTICS).toBe('on')
    expect(env.ANALYTICS_FLUSH).toBe(5_000)
    const { alerts: _alerts, secrets: _secrets, ...config } = appConfigFromEnv(env)
    expect(config).toEqual({
      sessionTtlMs: 7 * 86_400_000,
      setupTokenDir: './data',
      sessionIdleMs: 86_400_000,
      trustProxy: 0,
      corsOrigins: [],
      contact: { perIp: 5, windowMs: 600_000, dailyCap: 500 },
      spam: { minFillMs: 3_000, maxTokenAgeMs: 7 * 86_400_000, maxLinks: 3 },
      search: { perAddress: 30, windowMs: 60_000, concurrency: 2, perSecond: 4 },
      // GitHub's public API, no token, every six hours, a 10 s timeout.
      github: {
        apiUrl: 'https://api.github.com',
        token: undefined,
        refreshMs: 6 * 3_600_000,
        timeoutMs: 10_000,
        pollMs: 60_000,
        leaseMs: 120_000,
        retryMs: 900_000,
        manualRefreshMs: 60_000,
      },
      // Off until turned on in the admin; these are its timing and limits.
      activitypub: {
        allowLoopback: false,
        pollMs: 10_000,
        retryBaseMs: 60_000,
        retryMaxMs: 6 * 3_600_000,
        giveUpAfterMs: 3 * 86_400_000,
        leaseMs: 60_000,
        timeoutMs: 10_000,
        inboxMaxBytes: 256 * 1024,
        inboxPerMinute: 120,
      },
      social: {
        allowLoopback: false,
        blueskyAppViewUrl: 'https://public.api.bsky.app',
        fetchMaxBytes: 1_048_576,
        fetchTimeoutMs: 10_000,
        mastodonApiUrl: undefined,
        refreshMs: 6 * 3_600_000,
        sendPollMs: 60_000,
        verifyPollMs: 15_000,
      },
      // The scholarly services' public roots, no contact, counts fetched again daily.
      scholarly: {
        allowLoopback: false,
        crossrefUrl: 'https://api.crossref.org',
        dataciteUrl: 'https://api.datacite.org',
        arxivUrl: 'https://export.arxiv.org/api',
        orcidUrl: 'https://pub.orcid.org',
        openalexUrl: 'https://api.openalex.org',
        mailto: undefined,
        timeoutMs: 10_000,
        refreshMs: 24 * 3_600_000,
        pollMs: 300_000,
        leaseMs: 120_000,
        retryMs: 3_600_000,
      },
      // The newsletter: the alerts' mail server, 60 emails a minute, links valid 48 hours.
      newsletter: {
        smtpUrl: undefined,
        from: undefined,
        ratePerMinute: 60,
        confirmTtlMs: 48 * 3_600_000,
        pollMs: 15_000,
        leaseMs: 300_000,
        sendTimeoutMs: 30_000,
        retryBaseMs: 60_000,
        maxAttempts: 8,
        perIp: 5,
        perAddress: 3,
        windowMs: 3_600_000,
      },
    })
    // No SMTP_URL, no NOTIFY_WEBHOOK_URL: the alerts' timing and no channel of the environment's
    // (the admin's Settings → Notifications may add them); secrets sealed with DATA_DIR/secrets.key.
    const { alerts, secrets } = appConfigFromEnv(env)
    expect(alerts).toEqual({
      retryBaseMs: 30_000,
      retryMaxMs: 3_600_000,
      pollMs: 15_000,
      leaseMs: 300_000,
      sendTimeoutMs: 30_000,
      email: undefined,
      webhookUrl: undefined,
    })
    expect(secrets).toBeDefined()
  })

  test('alerts: SMTP and/or a webhook, the sender defaulting to the site host', () => {
    const env = loadEnv({
      SITE_URL: 'https://ada.example',
      SMTP_URL: 'smtps://ada%40example.com:secret@smtp.gmail.com:465',
      NOTIFY_WEBHOOK_URL: 'https://ntfy.sh/ada-portfolio',
      NOTIFY_RETRY_BASE: '10s',
    })
    expect(appConfigFromEnv(env).alerts).toMatchObject({
      email: {
        smtpUrl: 'smtps://ada%40example.com:secret@smtp.gmail.com:465',
        to: undefined,
        from: 'Portfolio <portfolio@ada.example>',
      },
      webhookUrl: 'https://ntfy.sh/ada-portfolio',
      retryBaseMs: 10_000,
      retryMaxMs: 3_600_000,
    })
    let caught: unknown
    try {
      loadEnv({ SMTP_URL: 'mail.example.com', NOTIFY_EMAIL_TO: 'nobody' })
    } catch (error) {
      caught = error
    }
    expect(String(caught)).toContain('SMTP_URL: must be an SMTP URL')
    expect(String(caught)).toContain('NOTIFY_EMAIL_TO: must be an email address')
  })

  test('a blank value counts as not set, for every variable', () => {
    const env = loadEnv({
      PORT: '',
      NODE_ENV: '  ',
      DATABASE_URL: '',
      ADMIN_USERNAME: ' ',
      OWNER_EMAIL: '',
      TRUST_PROXY: '',
      SKIP_CLIENT_BUILD: '',
    })
    expect(env.PORT).toBe(3000)
    expect(env.NODE_ENV).toBe('production')
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.ADMIN_USERNAME).toBeUndefined()
    expect(env.OWNER_EMAIL).toBe('you@example.com')
  })

  test('SKIP_CLIENT_BUILD and TRUST_PROXY read 1/true and 0/false', () => {
    expect(loadEnv({ SKIP_CLIENT_BUILD: '1' }).SKIP_CLIENT_BUILD).toBe(true)
    expect(loadEnv({ SKIP_CLIENT_BUILD: 'false' }).SKIP_CLIENT_BUILD).toBe(false)
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1)
    expect(loadEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
  })

  test('ADMIN_USERNAME follows the username rules: a bidi override or a line break is a readable start-up error', () => {
    expect(loadEnv({ ADMIN_USERNAME: ' ada ' }).ADMIN_USERNAME).toBe('ada')
    for (const bad of ['\u202eadmin', 'ada\nroot', 'ada\u0007', 'x'.repeat(200)]) {
      let caught: unknown
      try {
        loadEnv({ ADMIN_USERNAME: bad, ADMIN_PASSWORD: 'a long enough password' })
      } catch (error) {
        caught = error
      }
      expect(caught, JSON.stringify(bad)).toBeInstanceOf(ConfigError)
      expect((caught as ConfigError).message).toContain('ADMIN_USERNAME')
    }
  })

  test('bad values throw one ConfigError naming every variable at fault', () => {
    let caught: unknown
    try {
      loadEnv({
        PORT: 'eighty',
        SESSION_TTL: 'soon',
        TRUST_PROXY: '1.5',
        SKIP_CLIENT_BUILD: 'yes',
        ANALYTICS: 'maybe',
        ANALYTICS_FLUSH: '0s',
      })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigError)
    const message = (caught as ConfigError).message
    expect(message).toStartWith('Invalid configuration:')
    for (const name of [
      'PORT',
      'SESSION_TTL',
      'TRUST_PROXY',
      'SKIP_CLIENT_BUILD',
      'ANALYTICS',
      'ANALYTICS_FLUSH',
    ]) {
      expect(message).toContain(`  ${name}: `)
    }
    expect(message).toContain('"soon" is not a duration')
  })

  test('uploaded images: DATA_DIR/media by default, an S3 bucket when all its variables are set', () => {
    expect(mediaStorageFromEnv(loadEnv({ DATA_DIR: '/srv/data' }))).toEqual({
      kind: 'folder',
      dir: '/srv/data/media',
    })
    const s3 = {
      S3_ENDPOINT: 'https://s3.eu-west-1.amazonaws.com/',
      S3_BUCKET: 'portfolio-media',
      S3_ACCESS_KEY_ID: 'AKIA123',
      S3_SECRET_ACCESS_KEY: 'secret',
    }
    expect(mediaStorageFromEnv(loadEnv(s3))).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-west-1.amazonaws.com',
      bucket: 'portfolio-media',
      region: 'us-east-1',
      accessKeyId: 'AKIA123',
      secretAccessKey: 'secret',
    })
    expect(mediaStorageFromEnv(loadEnv({ ...s3, S3_REGION: 'auto' }))).toMatchObject({
      region: 'auto',
    })
  })

  test('S3 is all or nothing: a partial set is a ConfigError naming what is missing', () => {
    const partial = () =>
      loadEnv({ S3_BUCKET: 'portfolio-media', S3_ENDPOINT: 'https://r2.example.com' })
    expect(partial).toThrow(ConfigError)
    expect(partial).toThrow('  S3_ACCESS_KEY_ID: must be set too')
    expect(partial).toThrow('  S3_SECRET_ACCESS_KEY: must be set too')
    expect(partial).not.toThrow('S3_BUCKET:')
    expect(() => loadEnv({ S3_REGION: 'auto' })).not.toThrow()
    expect(() =>
      loadEnv({
        S3_ENDPOINT: 's3.amazonaws.com/bucket',
        S3_BUCKET: 'b',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toThrow('S3_ENDPOINT: must be the S3 service origin')
  })

  test('only server/env.ts reads process.env in the server (the CLIs their own cwd aside)', async () => {
    const glob = new Bun.Glob('server/**/*.ts')
    const readers: string[] = []
    for await (const path of glob.scan('.')) {
      if (path.startsWith('server/tests/') || path === 'server/env.ts') continue
      const text = await Bun.file(path).text()
      const uses = text.match(/process\.env\.(\w+)/g) ?? []
      if (uses.some((use) => use !== 'process.env.INIT_CWD' && use !== 'process.env.NODE_ENV')) {
        readers.push(path)
      }
    }
    expect(readers).toEqual([])
  })
})

describe('GitHub variables', () => {
  test('GITHUB_API_URL, GITHUB_TOKEN and GITHUB_REFRESH reach the settings; a bad one stops start-up', () => {
    const github = appConfigFromEnv(
      loadEnv({
        GITHUB_API_URL: 'https://github.example.com/api/v3/',
        GITHUB_TOKEN: 'ghp_x',
        GITHUB_REFRESH: '30m',
      }),
    ).github
    expect(github).toMatchObject({
      apiUrl: 'https://github.example.com/api/v3',
      token: 'ghp_x',
      refreshMs: 1_800_000,
    })
    expect(() => loadEnv({ GITHUB_API_URL: 'ftp://example.com' })).toThrow(ConfigError)
    expect(() => loadEnv({ GITHUB_REFRESH: 'often' })).toThrow(/GITHUB_REFRESH/)
  })
})

describe('scholarly variables', () => {
  test('the services’ roots, SCHOLARLY_MAILTO and CITATIONS_REFRESH reach the settings; a bad one stops start-up', () => {
    const scholarly = appConfigFromEnv(
      loadEnv({
        OPENALEX_API_URL: 'http://127.0.0.1:7150/openalex/',
        CROSSREF_API_URL: 'http://127.0.0.1:7150/crossref',
        DATACITE_API_URL: 'http://127.0.0.1:7150/datacite',
        ORCID_API_URL: 'http://127.0.0.1:7150/orcid',
        ARXIV_API_URL: 'http://127.0.0.1:7150/arxiv',
        SCHOLARLY_MAILTO: 'ada@example.com',
        CITATIONS_REFRESH: '12h',
      }),
    ).scholarly
    expect(scholarly).toMatchObject({
      openalexUrl: 'http://127.0.0.1:7150/openalex',
      crossrefUrl: 'http://127.0.0.1:7150/crossref',
      dataciteUrl: 'http://127.0.0.1:7150/datacite',
      orcidUrl: 'http://127.0.0.1:7150/orcid',
      arxivUrl: 'http://127.0.0.1:7150/arxiv',
      mailto: 'ada@example.com',
      refreshMs: 12 * 3_600_000,
      allowLoopback: false,
    })
    // Tests' servers reach their local fakes only when OUTBOUND_ALLOW_LOOPBACK says so.
    expect(appConfigFromEnv(loadEnv({ OUTBOUND_ALLOW_LOOPBACK: 'on' })).scholarly).toMatchObject({
      allowLoopback: true,
    })
    expect(() => loadEnv({ OPENALEX_API_URL: 'ftp://example.com' })).toThrow(/OPENALEX_API_URL/)
    expect(() => loadEnv({ SCHOLARLY_MAILTO: 'not an address' })).toThrow(/SCHOLARLY_MAILTO/)
    expect(() => loadEnv({ CITATIONS_REFRESH: 'often' })).toThrow(/CITATIONS_REFRESH/)
  })
})
