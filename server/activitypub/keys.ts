/**
 * The actor's key pairs: RSA (what Mastodon verifies draft-cavage HTTP
 * Signatures with) and Ed25519 (Object Integrity Proofs), made once by
 * whichever instance needs them first and kept in `activitypub_keys`.
 * Two instances making them at once both insert "if absent" and then read
 * the same stored pair. They are stored as JWK, not sealed: a backup
 * restored on a new machine must keep the site's identity (decision 0410).
 */
import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify'
import type { Db } from '../db/client'
import { activitypubKeys } from '../db/schema'

export type KeyAlgorithm = 'RSASSA-PKCS1-v1_5' | 'Ed25519'
const ALGORITHMS: KeyAlgorithm[] = ['RSASSA-PKCS1-v1_5', 'Ed25519']

/** The pairs, RSA first (Fedify signs HTTP requests with the first RSA pair). */
export async function actorKeyPairs(db: Db): Promise<CryptoKeyPair[]> {
  let rows = await db.select().from(activitypubKeys)
  const missing = ALGORITHMS.filter((algorithm) => !rows.some((row) => row.algorithm === algorithm))
  if (missing.length > 0) {
    for (const algorithm of missing) {
      const pair = await generateCryptoKeyPair(algorithm)
      await db
        .insert(activitypubKeys)
        .values({
          algorithm,
          public_jwk: (await exportJwk(pair.publicKey)) as unknown as Record<string, unknown>,
          private_jwk: (await exportJwk(pair.privateKey)) as unknown as Record<string, unknown>,
        })
        .onConflictDoNothing()
    }
    rows = await db.select().from(activitypubKeys)
  }
  const pairs: CryptoKeyPair[] = []
  for (const algorithm of ALGORITHMS) {
    const row = rows.find((each) => each.algorithm === algorithm)
    if (!row) continue
    pairs.push({
      publicKey: await importJwk(row.public_jwk as JsonWebKey, 'public'),
      privateKey: await importJwk(row.private_jwk as JsonWebKey, 'private'),
    })
  }
  return pairs
}
