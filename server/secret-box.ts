/**
 * Secrets the owner types into the admin (the mail server's password, the
 * webhook's address), sealed before they are stored: AES-256-GCM under a
 * key that is never in the database, so a copy of the database or of a
 * backup holds only ciphertext.
 *
 * The key is `SECRETS_KEY` when set (the same value on every instance of
 * one site), else a random one kept in `DATA_DIR/secrets.key` (mode 0600),
 * made on first use. A sealed value names its key (`keyId`, a digest, never
 * the key), so a value sealed under another key (a backup from another
 * server, an instance with another key) is recognised, never misread:
 * `open` answers null and the screen says to type it again.
 *
 * Node's own AES-GCM, with a fresh 96-bit IV per value and the key id bound
 * in as associated data; a library would add nothing to these few lines.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'

export interface SecretBox {
  /** The value sealed under this box's key: `v1.<keyId>.<iv>.<ciphertext+tag>` (base64url). */
  seal(plain: string): string
  /** The value, or null when it was sealed under another key or was altered. */
  open(sealed: string): string | null
  /** Whether a sealed value names this box's key. */
  isOwn(sealed: string): boolean
}

/** Where a box's key comes from: `SECRETS_KEY`, or the file in DATA_DIR. */
export interface SecretKeySource {
  /** At least 32 characters; every instance of one site sets the same. */
  key?: string
  /** `DATA_DIR/secrets.key`: made on first use when no `key` is given. */
  keyFile?: string
}

const VERSION = 'v1'

function readOrMakeKeyFile(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dirname(path), { recursive: true })
  const made = randomBytes(32).toString('base64url')
  try {
    // `wx`: when another process made it first, its key is the one.
    writeFileSync(path, `${made}\n`, { mode: 0o600, flag: 'wx' })
    return made
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    return readFileSync(path, 'utf8').trim()
  }
}

export function createSecretBox(source: SecretKeySource): SecretBox {
  let derived: { key: Buffer; id: string } | undefined
  function material() {
    if (derived) return derived
    const secret = source.key ?? (source.keyFile ? readOrMakeKeyFile(source.keyFile) : undefined)
    if (!secret) throw new Error('no secrets key: set SECRETS_KEY or DATA_DIR')
    const key = Buffer.from(hkdfSync('sha256', secret, '', 'portfolio secrets v1', 32))
    const id = createHash('sha256').update('portfolio key id').update(key).digest('base64url')
    derived = { key, id: id.slice(0, 12) }
    return derived
  }
  const parts = (sealed: string) => {
    const [version, keyId, iv, body] = sealed.split('.')
    return version === VERSION && keyId && iv && body ? { keyId, iv, body } : null
  }
  return {
    seal(plain) {
      const { key, id } = material()
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(id))
      const body = Buffer.concat([
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ])
      return [VERSION, id, iv.toString('base64url'), body.toString('base64url')].join('.')
    },
    open(sealed) {
      const found = parts(sealed)
      const { key, id } = material()
      if (!found || found.keyId !== id) return null
      const body = Buffer.from(found.body, 'base64url')
      if (body.length < 16) return null
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(found.iv, 'base64url'))
        decipher.setAAD(Buffer.from(id))
        decipher.setAuthTag(body.subarray(body.length - 16))
        return Buffer.concat([
          decipher.update(body.subarray(0, body.length - 16)),
          decipher.final(),
        ]).toString('utf8')
      } catch {
        return null
      }
    },
    isOwn(sealed) {
      return parts(sealed)?.keyId === material().id
    },
  }
}
