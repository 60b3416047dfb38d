/**
 * The outbound fetcher against real servers on loopback: what it refuses before connecting
 * (schemes, credentials, private and reserved addresses, a name that resolves inside), what
 * it follows (redirects, each checked), and its limits (size, time, type).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  isAllowedAddress,
  OutboundError,
  outboundFetch,
  type ResolvedAddress,
} from '../../outbound/fetch'

let server: ReturnType<typeof Bun.serve>
let base = ''
/** Requests the fake site received, as `host path`. */
const seen: string[] = []

beforeAll(() => {
  server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const url = new URL(request.url)
      seen.push(`${request.headers.get('host')} ${url.pathname}`)
      const hops = Number(url.searchParams.get('hops') ?? 0)
      switch (url.pathname) {
        case '/page':
          return new Response('<p>hello</p>', {
            headers: { 'content-type': 'text/html; charset=utf-8' },
          })
        case '/image':
          return new Response(new Uint8Array(10), { headers: { 'content-type': 'image/png' } })
        case '/chain':
          return hops > 0
            ? Response.redirect(`${base}/chain?hops=${hops - 1}`, 302)
            : new Response('end of the chain', { headers: { 'content-type': 'text/plain' } })
        case '/relative':
          return new Response(null, { status: 301, headers: { location: '/page' } })
        case '/to-file':
          return new Response(null, { status: 302, headers: { location: 'file:///etc/passwd' } })
        case '/to-metadata':
          return new Response(null, {
            status: 302,
            headers: { location: 'http://169.254.169.254/latest' },
          })
        case '/to-other-loopback':
          return new Response(null, {
            status: 302,
            headers: { location: `http://127.0.0.2:${server.port}/page` },
          })
        case '/see-other':
          return new Response(null, { status: 303, headers: { location: '/method' } })
        case '/method':
          return new Response(`${request.method} ${await request.text()}`, {
            headers: { 'content-type': 'text/plain' },
          })
        case '/big':
          // 5 MB, announced.
          return new Response(new Uint8Array(5 * 1024 * 1024), {
            headers: { 'content-type': 'text/html' },
          })
        case '/big-unannounced': {
          // 5 MB in chunks with no Content-Length.
          let sent = 0
          const stream = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (sent >= 5 * 1024 * 1024) return controller.close()
              sent += 64 * 1024
              controller.enqueue(new Uint8Array(64 * 1024))
            },
          })
          return new Response(stream, { headers: { 'content-type': 'text/html' } })
        }
        case '/slow':
          await Bun.sleep(3_000)
          return new Response('late', { headers: { 'content-type': 'text/plain' } })
        default:
          return new Response('not found', {
            status: 404,
            headers: { 'content-type': 'text/plain' },
          })
      }
    },
  })
  base = `http://127.0.0.1:${server.port}`
})

afterAll(() => server.stop(true))

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  try {
    await promise
  } catch (error) {
    if (error instanceof OutboundError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('addresses', () => {
  test('only public unicast addresses are allowed; loopback only when asked', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'not an address',
    ])
      expect(isAllowedAddress(address), address).toBe(false)
    for (const address of ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '::ffff:8.8.8.8'])
      expect(isAllowedAddress(address), address).toBe(true)
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true)
    expect(isAllowedAddress('::1', true)).toBe(true)
    expect(isAllowedAddress('10.1.2.3', true)).toBe(false)
  })

  test('loopback, private and reserved hosts are refused before any connection', async () => {
    const before = seen.length
    for (const url of [
      base,
      `http://localhost:${server.port}/page`,
      `http://[::1]:${server.port}/page`,
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data',
      'http://0.0.0.0/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const error = await refusal(outboundFetch(url))
      expect(error.reason, url).toBe('address')
    }
    expect(seen.length).toBe(before)
  })

  test('a name with any inside address is refused, whatever its others', async () => {
    const lookup = async (): Promise<ResolvedAddress[]> => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ]
    const error = await refusal(outboundFetch('http://mixed.example/', { lookup }))
    expect(error.reason).toBe('address')
    expect(error.message).toContain('10.0.0.7')
  })

  test('the connection goes to the address checked, with the URL’s host as Host', async () => {
    const lookup = async (): Promise<ResolvedAddress[]> => [{ address: '127.0.0.1', family: 4 }]
    const response = await outboundFetch(`http://site.example:${server.port}/page`, {
      lookup,
      allowLoopback: true,
    })
    expect(response.status).toBe(200)
    expect(response.text()).toBe('<p>hello</p>')
    expect(seen.at(-1)).toBe(`site.example:${server.port} /page`)
  })

  test('a name that does not resolve is a clear refusal', async () => {
    const lookup = async (): Promise<ResolvedAddress[]> => {
      throw new Error('ENOTFOUND')
    }
    const error = await refusal(outboundFetch('http://nowhere.example/', { lookup }))
    expect(error.reason).toBe('dns')
    expect(error.message).toBe('nowhere.example could not be found.')
  })
})

describe('URLs', () => {
  test('only http and https, without credentials', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/',
      'data:text/plain,hi',
      'gopher://x/',
    ])
      expect((await refusal(outboundFetch(url))).reason, url).toBe('url')
    expect((await refusal(outboundFetch('http://user:pass@example.com/'))).reason).toBe('url')
    expect((await refusal(outboundFetch('not a url'))).reason).toBe('url')
  })
})

describe('redirects', () => {
  test('a chain of five is followed, and the final URL answered', async () => {
    const response = await outboundFetch(`${base}/chain?hops=5`, { allowLoopback: true })
    expect(response.status).toBe(200)
    expect(response.text()).toBe('end of the chain')
    expect(response.url).toBe(`${base}/chain?hops=0`)
  })

  test('a sixth is refused', async () => {
    const error = await refusal(outboundFetch(`${base}/chain?hops=6`, { allowLoopback: true }))
    expect(error.reason).toBe('redirects')
  })

  test('a relative Location is followed', async () => {
    const response = await outboundFetch(`${base}/relative`, { allowLoopback: true })
    expect(response.text()).toBe('<p>hello</p>')
    expect(response.url).toBe(`${base}/page`)
  })

  test('each hop is checked: to file:, to the metadata address, to an address not allowed', async () => {
    expect((await refusal(outboundFetch(`${base}/to-file`, { allowLoopback: true }))).reason).toBe(
      'url',
    )
    expect(
      (await refusal(outboundFetch(`${base}/to-metadata`, { allowLoopback: true }))).reason,
    ).toBe('address')
    // With loopback off, a site taken as public (127.0.0.1 alone stands for the public
    // internet here) that redirects to another loopback address is refused at that hop.
    const publicSite = (address: string) => address === '127.0.0.1'
    const lookup = async (): Promise<ResolvedAddress[]> => [{ address: '127.0.0.1', family: 4 }]
    const before = seen.length
    const error = await refusal(
      outboundFetch(`http://public.example:${server.port}/to-other-loopback`, {
        lookup,
        allowAddress: publicSite,
      }),
    )
    expect(error.reason).toBe('address')
    expect(error.message).toContain('127.0.0.2')
    expect(seen.slice(before)).toEqual([`public.example:${server.port} /to-other-loopback`])
  })

  test('a 303 after a POST continues as a GET without the body', async () => {
    const response = await outboundFetch(`${base}/see-other`, {
      allowLoopback: true,
      method: 'POST',
      body: 'source=a&target=b',
    })
    expect(response.text()).toBe('GET ')
  })
})

describe('limits', () => {
  test('a 5 MB answer is refused at 1 MB, announced or not', async () => {
    for (const path of ['/big', '/big-unannounced']) {
      const error = await refusal(outboundFetch(`${base}${path}`, { allowLoopback: true }))
      expect(error.reason, path).toBe('size')
      expect(error.message).toBe('The answer is over the limit of 1048576 bytes.')
    }
  })

  test('a slow answer is cut at the time limit', async () => {
    const started = performance.now()
    const error = await refusal(
      outboundFetch(`${base}/slow`, { allowLoopback: true, timeoutMs: 300 }),
    )
    expect(error.reason).toBe('timeout')
    expect(performance.now() - started).toBeLessThan(2_500)
  })

  test('the content type is checked when asked', async () => {
    const error = await refusal(
      outboundFetch(`${base}/image`, { allowLoopback: true, accept: ['text/html'] }),
    )
    expect(error.reason).toBe('type')
    expect(error.message).toBe('The answer is image/png, not text/html.')
    const page = await outboundFetch(`${base}/page`, { allowLoopback: true, accept: ['text/html'] })
    expect(page.status).toBe(200)
  })

  test('any status is answered, not thrown', async () => {
    const response = await outboundFetch(`${base}/gone`, { allowLoopback: true })
    expect(response.status).toBe(404)
  })
})
