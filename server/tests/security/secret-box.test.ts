/**
 * The secrets the owner saves in the admin are sealed (server/secret-box.ts):
 * AES-256-GCM under SECRETS_KEY or a key made once in DATA_DIR/secrets.key
 * (mode 0600); another key, or an altered value, opens to null, never to
 * something else.
 */
import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ConfigError, loadEnv } from '../../env'
import { createSecretBox } from '../../secret-box'

const dirs: string[] = []
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'portfolio-secrets-'))
  dirs.push(dir)
  return dir
}

const KEY = 'a key of at least thirty-two characters, for tests'

describe('a secret box', () => {
  test('seals to text that names its key and holds no trace of the secret; opens it again', () => {
    const box = createSecretBox({ key: KEY })
    const sealed = box.seal('hunter2-hunter2')
    expect(sealed).toMatch(/^v1\.[\w-]{12}\.[\w-]+\.[\w-]+$/)
    expect(sealed).not.toContain('hunter2')
    expect(box.open(sealed)).toBe('hunter2-hunter2')
    expect(box.isOwn(sealed)).toBe(true)
    // A fresh IV each time: the same secret never seals to the same text.
    expect(box.seal('hunter2-hunter2')).not.toBe(sealed)
    expect(box.open(box.seal(''))).toBe('')
    expect(box.open(box.seal('pässwörd ✓'))).toBe('pässwörd ✓')
  })

  test('another key, an altered value or garbage opens to null', () => {
    const box = createSecretBox({ key: KEY })
    const other = createSecretBox({ key: `${KEY} but another` })
    const sealed = box.seal('the password')
    expect(other.open(sealed)).toBeNull()
    expect(other.isOwn(sealed)).toBe(false)
    const [version, id, iv, body] = sealed.split('.') as [string, string, string, string]
    const flipped = `${body.slice(0, -2)}${body.at(-2) === 'A' ? 'B' : 'A'}${body.at(-1)}`
    expect(box.open([version, id, iv, flipped].join('.'))).toBeNull()
    // The key id is bound in: the same ciphertext under another id is refused.
    expect(box.open([version, 'AAAAAAAAAAAA', iv, body].join('.'))).toBeNull()
    for (const junk of ['', 'plain text', 'v1.', 'v2.x.y.z', 'v1.a.b'])
      expect(box.open(junk)).toBeNull()
  })

  test('without SECRETS_KEY: a key made once in DATA_DIR/secrets.key, private, and used again', () => {
    const dir = tempDir()
    const keyFile = join(dir, 'data', 'secrets.key')
    const first = createSecretBox({ keyFile })
    const sealed = first.seal('kept across restarts')
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    const written = readFileSync(keyFile, 'utf8')
    // Another process (a restart, a second box) reads the same key.
    const again = createSecretBox({ keyFile })
    expect(again.open(sealed)).toBe('kept across restarts')
    expect(readFileSync(keyFile, 'utf8')).toBe(written)
    // Another DATA_DIR has another key: the value cannot be read there.
    expect(createSecretBox({ keyFile: join(tempDir(), 'secrets.key') }).open(sealed)).toBeNull()
  })

  test('SECRETS_KEY shorter than 32 characters stops the start with a sentence', () => {
    let caught: unknown
    try {
      loadEnv({ SECRETS_KEY: 'too short' })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(ConfigError)
    expect(String((caught as Error).message)).toContain('SECRETS_KEY')
    expect(String((caught as Error).message)).toContain('at least 32 characters')
    expect(loadEnv({ SECRETS_KEY: KEY }).SECRETS_KEY).toBe(KEY)
  })
})
