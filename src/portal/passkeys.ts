// Passkeys in the browser (@simplewebauthn/browser) against the service's WebAuthn calls
// (docs/portal-api.md §3): add one in the profile, log in with one, or use one as the second
// factor. The library turns the service's JSON options into the browser's credential calls and
// back; a cancelled or failed ceremony is reported as 'cancelled' so screens can say so calmly.

import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from '@simplewebauthn/browser';
import { useSyncExternalStore } from 'react';
import type { PasskeyEntry, PortalSession } from '../api/portal';
import * as portal from '../api/portal';

export const passkeysSupported = (): boolean => browserSupportsWebAuthn();

const unchanging = () => () => {};

/**
 * Whether to offer passkeys, for a screen. The prerendered login page offers them (almost every
 * browser has them); a browser without them drops the button once hydrated.
 */
export function usePasskeysSupported(): boolean {
  return useSyncExternalStore(unchanging, passkeysSupported, () => true);
}

export type PasskeyFailure = 'cancelled' | 'failed';

export class PasskeyError extends Error {
  constructor(
    readonly reason: PasskeyFailure,
    cause?: unknown,
  ) {
    super(`passkey ${reason}`, { cause });
  }
}

function asPasskeyError(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error;
  // The person closed the browser's dialog, or the device has no matching passkey.
  const cancelled =
    (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED') ||
    (error instanceof Error && error.name === 'NotAllowedError');
  return new PasskeyError(cancelled ? 'cancelled' : 'failed', error);
}

/** Creates a passkey on this device and registers it under `name`. */
export async function addPasskey(name: string): Promise<PasskeyEntry> {
  const options = await portal.passkeyRegistrationOptions();
  let response: unknown;
  try {
    response = await startRegistration({ optionsJSON: options as never });
  } catch (error) {
    throw asPasskeyError(error);
  }
  return (await portal.passkeyRegistrationVerify(response, name)).PASSKEY;
}

/** The browser's assertion for the service's options; a cancelled or failed ceremony as PasskeyError. */
async function assertion(options: unknown): Promise<unknown> {
  try {
    return await startAuthentication({ optionsJSON: options as never });
  } catch (error) {
    throw asPasskeyError(error);
  }
}

/** Logs in with a passkey (both factors at once). Service refusals come through as ZcpError. */
export async function loginWithPasskey(username?: string): Promise<PortalSession> {
  return portal.passkeyLoginVerify(await assertion(await portal.passkeyLoginOptions(username)));
}

/** The second factor of a two-factor login with a passkey instead of the SMS code. */
export async function secondFactorWithPasskey(): Promise<PortalSession> {
  return portal.passkeySecondFactorVerify(await assertion(await portal.passkeySecondFactorOptions()));
}

/** Confirms it is the customer at the keyboard with a passkey, instead of the password. */
export async function reconfirmWithPasskey(): Promise<void> {
  await portal.passkeyReauthVerify(await assertion(await portal.passkeyReauthOptions()));
}

/** A name for a new passkey from the browser's platform ("Android", "iPhone", "Windows"). */
export function defaultPasskeyName(): string {
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  if (/iPhone/.test(ua)) return 'iPhone';
  if (/iPad/.test(ua)) return 'iPad';
  if (/Android/.test(ua)) return 'Android';
  if (/Mac OS X/.test(ua)) return 'Mac';
  if (/Windows/.test(ua)) return 'Windows';
  if (/Linux/.test(ua)) return 'Linux';
  return 'Passkey';
}
