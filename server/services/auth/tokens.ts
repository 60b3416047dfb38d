/** The random tokens of sign-in: sessions, trusted devices, challenges, set-up. Only their SHA-256 is stored. */
const TOKEN_BYTES = 32 // 256 bits
export const tokenPattern = /^[A-Za-z0-9_-]{43}$/

export function newToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(TOKEN_BYTES))).toString('base64url')
}

export function hashToken(token: string): string {
  return new Bun.CryptoHasher('sha256').update(token).digest('hex')
}

/** Extracts a well-formed bearer token from an Authorization header. */
export function bearerToken(authorization: string | null): string | null {
  if (!authorization) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  const token = match?.[1]
  return token && tokenPattern.test(token) ? token : null
}
