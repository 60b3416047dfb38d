/**
 * deploy/compose.yaml and deploy/Caddyfile, read as Docker Compose and Caddy
 * would (Docker does not run here): the YAML parses (Bun's YAML parser, merge
 * keys included), every service the site needs is there and wired to the
 * others, the instances' variables are ones server/env.ts accepts (with the
 * placeholders filled, they load without error and give PostgreSQL and S3),
 * and every variable the file asks for is in deploy/.env.example.
 */
import { describe, expect, test } from 'bun:test'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadEnv, mediaStorageFromEnv } from '../../env'
import { isRecord } from '../support/harness'

const deploy = join(import.meta.dir, '../../../deploy')
const source = readFileSync(join(deploy, 'compose.yaml'), 'utf8')
const compose = Bun.YAML.parse(source) as Record<string, unknown>
const caddyfile = readFileSync(join(deploy, 'Caddyfile'), 'utf8')
const envExample = readFileSync(join(deploy, '.env.example'), 'utf8')

const record = (value: unknown, what: string): Record<string, unknown> => {
  if (!isRecord(value)) throw new Error(`${what} is not a mapping`)
  return value
}
const services = record(compose.services, 'services')
const service = (name: string) => record(services[name], `services.${name}`)
const apps = ['app1', 'app2', 'app3']

/** `${VAR:?message}`, `${VAR:-default}`, `${VAR}` → a sample value ($$ is a literal $). */
function interpolate(value: string): string {
  return value
    .split('$$')
    .join('<dollar>')
    .replace(/\$\{([A-Z_]+)(?::[-?]([^}]*))?\}/g, (_, name: string, fallback = '') => {
      const samples: Record<string, string> = {
        SITE_DOMAIN: 'portfolio.example.com',
        POSTGRES_PASSWORD: 'pg-secret',
        MINIO_ROOT_USER: 'portfolio',
        MINIO_ROOT_PASSWORD: 'minio-secret',
        ADMIN_PASSWORD: 'a long enough admin password',
      }
      return samples[name] ?? (fallback.startsWith('set ') ? '' : fallback)
    })
    .split('<dollar>')
    .join('$')
}

describe('deploy/compose.yaml', () => {
  test('has Caddy, three app instances, PostgreSQL, MinIO and the bucket maker, and named volumes', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['app1', 'app2', 'app3', 'caddy', 'minio', 'minio-bucket', 'postgres'].sort(),
    )
    const volumes = Object.keys(record(compose.volumes, 'volumes'))
    expect(volumes.sort()).toEqual(['caddy-config', 'caddy-data', 'minio-data', 'postgres-data'])
    expect(service('postgres').volumes).toContain('postgres-data:/var/lib/postgresql/data')
    expect(service('minio').volumes).toContain('minio-data:/data')
    expect(service('caddy').volumes).toContain('caddy-data:/data')
  })

  test('each instance is built from this repository and its variables load in server/env.ts: PostgreSQL, S3, one proxy', () => {
    expect(existsSync(join(deploy, '..', 'Dockerfile'))).toBe(true)
    for (const name of apps) {
      const app = service(name)
      expect(record(app.build, 'build').context).toBe('..')
      const raw = record(app.environment, `${name}.environment`)
      const env = Object.fromEntries(
        Object.entries(raw).map(([key, value]) => [key, interpolate(String(value))]),
      )
      const loaded = loadEnv(env)
      expect(new URL(loaded.DATABASE_URL ?? '').host).toBe('postgres:5432')
      expect(new URL(loaded.DATABASE_URL ?? '').pathname).toBe('/portfolio')
      expect(mediaStorageFromEnv(loaded)).toMatchObject({
        kind: 's3',
        endpoint: 'http://minio:9000',
        bucket: 'portfolio-media',
      })
      expect(loaded.TRUST_PROXY).toBe(1)
      expect(loaded.SITE_URL).toBe('https://portfolio.example.com')
      // The bucket the instances use is the one the bucket maker makes.
      expect(JSON.stringify(service('minio-bucket').entrypoint)).toContain('local/portfolio-media')
    }
  })

  test('health checks: instances on /healthz, PostgreSQL with pg_isready, MinIO ready; start order waits on them', () => {
    for (const name of apps) {
      const app = service(name)
      expect(JSON.stringify(record(app.healthcheck, 'healthcheck').test)).toContain('/healthz')
      expect(app.stop_grace_period).toBe('30s')
      const depends = record(app.depends_on, 'depends_on')
      expect(depends.postgres).toEqual({ condition: 'service_healthy' })
      expect(depends['minio-bucket']).toEqual({ condition: 'service_completed_successfully' })
    }
    expect(JSON.stringify(record(service('postgres').healthcheck, 'hc').test)).toContain(
      'pg_isready',
    )
    expect(JSON.stringify(record(service('minio').healthcheck, 'hc').test)).toContain('ready')
    const caddyDepends = record(service('caddy').depends_on, 'caddy.depends_on')
    for (const name of apps) expect(caddyDepends[name]).toEqual({ condition: 'service_healthy' })
    // Every dependency names a service that exists.
    for (const [name, value] of Object.entries(services)) {
      for (const dependency of Object.keys(record(value, name).depends_on ?? {})) {
        expect(Object.keys(services)).toContain(dependency)
      }
    }
  })

  test('Caddy publishes 80 and 443 and balances over exactly the three instances, checking /healthz', () => {
    expect(service('caddy').ports).toEqual(['80:80', '443:443', '443:443/udp'])
    expect(service('caddy').volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro')
    expect(caddyfile).toMatch(/^\{\$SITE_DOMAIN\} \{$/m)
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/)
    expect(upstreams).toEqual(apps.map((name) => `${name}:3000`))
    expect(caddyfile).toMatch(/health_uri \/healthz/)
    expect(caddyfile).toMatch(/lb_try_duration/)
  })

  test('every variable the file asks for is in deploy/.env.example', () => {
    const asked = new Set(
      [...source.replace(/\$\$/g, '').matchAll(/\$\{([A-Z_]+)/g)].map((match) => match[1]),
    )
    const listed = new Set([...envExample.matchAll(/^([A-Z_]+)=/gm)].map((match) => match[1]))
    expect([...asked].filter((name) => !listed.has(name))).toEqual([])
  })
})
