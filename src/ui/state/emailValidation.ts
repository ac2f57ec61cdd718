// E-mail confirmation between a flow and /email-validation. A flow asks for a confirmation with
// requestEmailValidation(), navigates to the path it returns, and on its return reads
// isEmailValidated(email). The confirmed address is kept for the visit (sessionStorage), so the
// visitor is not asked twice for the same address.

import { createStore, readJson, sessionStore, useStore } from './store';

export interface EmailValidationRequest {
  /** The address to prefill (the visitor may still correct it). */
  email?: string;
  /** Where to go once the address is confirmed: an in-app path such as /motor/offer/3. */
  returnTo: string;
}

export interface EmailValidationState {
  request: EmailValidationRequest | null;
  /** Addresses confirmed with a one-time code in this visit, lower-cased. */
  validated: string[];
}

const KEY = 'zcp.emailValidation';
export const EMAIL_VALIDATION_PATH = '/email-validation';

function isState(x: unknown): x is EmailValidationState {
  if (typeof x !== 'object' || x === null) return false;
  const s = x as Partial<EmailValidationState>;
  return Array.isArray(s.validated) && (s.request === null || typeof s.request === 'object');
}

const store = createStore<EmailValidationState>(
  readJson(sessionStore.read(KEY), isState) ?? { request: null, validated: [] },
);

function save(next: EmailValidationState): void {
  store.set(next);
  sessionStore.write(KEY, JSON.stringify(next));
}

const normalise = (email: string) => email.trim().toLowerCase();

/** Records what the flow wants and returns the path of the confirmation page to navigate to. */
export function requestEmailValidation(request: EmailValidationRequest): string {
  save({
    ...store.get(),
    request: { email: request.email?.trim(), returnTo: safeReturnPath(request.returnTo) },
  });
  return EMAIL_VALIDATION_PATH;
}

export function getEmailValidationRequest(): EmailValidationRequest | null {
  return store.get().request;
}

export function markEmailValidated(email: string): void {
  const address = normalise(email);
  const { validated } = store.get();
  save({
    request: store.get().request,
    validated: validated.includes(address) ? validated : [...validated, address],
  });
}

export function isEmailValidated(email: string): boolean {
  return email.trim() !== '' && store.get().validated.includes(normalise(email));
}

export function finishEmailValidation(): void {
  save({ ...store.get(), request: null });
}

/** Forgets every confirmation and pending request (logout, tests). */
export function clearEmailValidation(): void {
  save({ request: null, validated: [] });
}

export function useEmailValidationState(): EmailValidationState {
  return useStore(store);
}

/** An in-app path only: absolute URLs and protocol-relative '//host' would be open redirects. */
export function safeReturnPath(path: string | null | undefined, fallback = '/'): string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}
