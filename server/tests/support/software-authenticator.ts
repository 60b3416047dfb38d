/**
 * A software passkey for the API tests: a P-256 key (node:crypto) that
 * answers WebAuthn ceremonies as a browser and an authenticator together
 * would, with attestation "none" (CBOR by the library's own encoder). Each
 * answer can be bent (another origin, another rp id, a counter of choice,
 * other flags) to prove the server refuses it.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto'
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers'

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_BE = 0x08
const FLAG_BS = 0x10
const FLAG_AT = 0x40

export interface CeremonyOverrides {
  origin?: string
  rpId?: string
  /** The signature counter to report (default: one more than the last). */
  counter?: number
  /** User verified (default true). */
  userVerified?: boolean
  /** Backup eligible / backed up (default: the authenticator's). */
  backupEligible?: boolean
  backedUp?: boolean
  /** Sign the answer for this challenge instead of the one in the options. */
  challenge?: string
}

const sha256 = (data: Uint8Array | string) =>
  new Uint8Array(createHash('sha256').update(data).digest())

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

function uint32(value: number): Uint8Array {
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, value)
  return out
}

export class SoftwareAuthenticator {
  readonly credentialId = new Uint8Array(randomBytes(32))
  readonly id = isoBase64URL.fromBuffer(this.credentialId)
  private readonly privateKey: KeyObject
  private readonly coseKey: Uint8Array
  counter = 0

  constructor(
    readonly settings: {
      origin: string
      rpId: string
      backupEligible?: boolean
      backedUp?: boolean
    },
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
    this.privateKey = privateKey
    const jwk = publicKey.export({ format: 'jwk' })
    const coordinate = (value: string | undefined) => isoBase64URL.toBuffer(value ?? '')
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y.
    this.coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, coordinate(jwk.x)],
        [-3, coordinate(jwk.y)],
      ]),
    )
  }

  private flags(overrides: CeremonyOverrides, attested: boolean): number {
    const eligible = overrides.backupEligible ?? this.settings.backupEligible ?? false
    const backedUp = overrides.backedUp ?? this.settings.backedUp ?? false
    return (
      FLAG_UP |
      (overrides.userVerified === false ? 0 : FLAG_UV) |
      (eligible ? FLAG_BE : 0) |
      (backedUp ? FLAG_BS : 0) |
      (attested ? FLAG_AT : 0)
    )
  }

  private clientData(type: string, challenge: string, overrides: CeremonyOverrides): string {
    const json = JSON.stringify({
      type,
      challenge: overrides.challenge ?? challenge,
      origin: overrides.origin ?? this.settings.origin,
      crossOrigin: false,
    })
    return isoBase64URL.fromUTF8String(json)
  }

  /** The answer to registration options (`RegistrationResponseJSON`). */
  register(options: { challenge: string }, overrides: CeremonyOverrides = {}) {
    const rpId = overrides.rpId ?? this.settings.rpId
    const idLength = new Uint8Array([this.credentialId.length >> 8, this.credentialId.length & 255])
    const authData = concat(
      sha256(rpId),
      new Uint8Array([this.flags(overrides, true)]),
      uint32(overrides.counter ?? this.counter),
      new Uint8Array(16),
      idLength,
      this.credentialId,
      this.coseKey,
    )
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, overrides),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
    }
  }

  /** The answer to sign-in options (`AuthenticationResponseJSON`); the counter moves on by one. */
  assert(options: { challenge: string }, overrides: CeremonyOverrides = {}) {
    const rpId = overrides.rpId ?? this.settings.rpId
    const counter = overrides.counter ?? this.counter + 1
    this.counter = Math.max(this.counter, counter)
    const authData = concat(
      sha256(rpId),
      new Uint8Array([this.flags(overrides, false)]),
      uint32(counter),
    )
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides)
    const signature = sign(
      'sha256',
      concat(authData, sha256(isoBase64URL.toBuffer(clientDataJSON))),
      this.privateKey,
    )
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        userHandle: isoBase64URL.fromUTF8String('portfolio-owner-1'),
      },
    }
  }
}
