import { idSchema, limits, requiredText } from './fields'
import { z } from './zod'

/** A passkey's name, as the owner gives it ("Phone", "YubiKey"). */
export const passkeyName = requiredText('Passkey name', 100)

/** base64url, as WebAuthn's JSON encodes bytes. */
const base64url = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .min(1, `${label} is required.`)
    .max(max, `${label} is too long.`)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${label} must be base64url.`)

/**
 * A WebAuthn credential as the browser's JSON gives it: what both ceremonies'
 * answers share, around each one's own `response` fields.
 */
const credentialJson = <Shape extends z.core.$ZodShape>(response: Shape) =>
  z.object(
    {
      id: base64url('response.id', 1_400),
      rawId: base64url('response.rawId', 1_400),
      type: z.literal('public-key', { error: 'response.type must be "public-key".' }),
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
      response: z.object(response, { error: 'response.response is required.' }),
    },
    { error: 'response is required: what the browser answered.' },
  )

/** What the browser's `navigator.credentials.create()` gave, as JSON (`RegistrationResponseJSON`). */
export const registrationResponse = credentialJson({
  clientDataJSON: base64url('response.response.clientDataJSON', 8_000),
  attestationObject: base64url('response.response.attestationObject', 64_000),
  authenticatorData: base64url('response.response.authenticatorData', 64_000).optional(),
  transports: z.array(z.string().max(30)).max(10).optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: base64url('response.response.publicKey', 8_000).optional(),
})

/** What the browser's `navigator.credentials.get()` gave, as JSON (`AuthenticationResponseJSON`). */
export const authenticationResponse = credentialJson({
  clientDataJSON: base64url('response.response.clientDataJSON', 8_000),
  authenticatorData: base64url('response.response.authenticatorData', 64_000),
  signature: base64url('response.response.signature', 8_000),
  userHandle: base64url('response.response.userHandle', 200).optional(),
})

/**
 * Adding a passkey starts with the password, as turning two-factor sign-in
 * on does; within five minutes of signing in it may be left out (the
 * sign-in just proved it).
 */
export const passkeyRegistrationOptionsInput = z.object({
  password: z.string().max(limits.password, 'The password is too long.').optional(),
})

/** The options for the browser's ceremony (`PublicKeyCredential…OptionsJSON`), challenge included. */
export const passkeyCeremonyOptions = z.object({
  options: z.looseObject({ challenge: z.string() }),
})

export const registerPasskeyInput = z.object({
  name: passkeyName,
  response: registrationResponse,
})

export const passkeyLoginInput = z.object({ response: authenticationResponse })

export const renamePasskeyInput = z.object({ id: idSchema, name: passkeyName })

export const passkeyIdInput = z.object({ id: idSchema })

/** A passkey as Settings → Security lists it (never its public key or counter). */
export const passkeyInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  /** Null: never used to sign in yet. */
  last_used_at: z.string().nullable(),
  /** Synced by a password manager or the platform (it survives losing the device). */
  backed_up: z.boolean(),
  /** The site (host) it was made for. */
  rp_id: z.string(),
  /** Made for another host than this site's (SITE_URL changed, or a restore from elsewhere): it cannot sign in here. */
  other_site: z.boolean(),
})
export type PasskeyInfo = z.infer<typeof passkeyInfo>
