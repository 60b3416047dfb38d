import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  WebAuthnError,
} from '@simplewebauthn/browser'
import { failureText } from './admin-errors'

/*
 * The browser's side of a passkey ceremony (`@simplewebauthn/browser`): the
 * server's options in, the signed answer out, and the browser's refusals
 * as sentences. The options arrive as the server made them; their type is
 * the library's, checked on the server.
 */

type ServerOptions = { challenge: string; [key: string]: unknown }

export function askForPasskey(
  options: ServerOptions,
  autofill = false,
): Promise<AuthenticationResponseJSON> {
  return startAuthentication({
    optionsJSON: options as PublicKeyCredentialRequestOptionsJSON,
    useBrowserAutofill: autofill,
  })
}

/** Registration options name the site (`rp`), the owner (`user`) and the key types. */
function isCreationOptions(
  options: ServerOptions,
): options is ServerOptions & PublicKeyCredentialCreationOptionsJSON {
  return (
    typeof options.rp === 'object' &&
    typeof options.user === 'object' &&
    Array.isArray(options.pubKeyCredParams)
  )
}

export function createPasskey(options: ServerOptions): Promise<RegistrationResponseJSON> {
  if (!isCreationOptions(options)) {
    return Promise.reject(new Error('The server sent no passkey set-up. Try again.'))
  }
  return startRegistration({ optionsJSON: options })
}

/** Ends a ceremony under way (the autofill request when the page changes step). */
export function cancelPasskeyPrompt(): void {
  WebAuthnAbortService.cancelCeremony()
}

/** Whether this failure is a ceremony this page ended itself: nothing to say. */
export function wasCancelled(error: unknown): boolean {
  return error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED'
}

/** A sentence for a ceremony that failed in the browser, or the server's words. */
export function passkeyFailureText(error: unknown, fallback: string): string {
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
      return 'This device already holds a passkey for this site.'
    }
    if (error.code === 'ERROR_INVALID_DOMAIN' || error.code === 'ERROR_INVALID_RP_ID') {
      return 'Passkeys work only on this site’s own address (SITE_URL), over HTTPS or on localhost.'
    }
    if (error.cause instanceof Error && error.cause.name === 'NotAllowedError') {
      return 'The passkey prompt was closed or timed out. Try again.'
    }
    return error.message || fallback
  }
  if (error instanceof Error && error.name === 'NotAllowedError') {
    return 'The passkey prompt was closed or timed out. Try again.'
  }
  return failureText(error, fallback)
}
