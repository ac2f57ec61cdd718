// The studio's HTTP client: /zcp/studio calls on ky, same-origin cookies (the staff session is an
// HttpOnly cookie the service sets), the studio's language as Accept-Language (the service writes
// its messages in it), and X-CSRF-Token on every state-changing call (the readable zcp_staff_csrf
// cookie, else GET /csrf; a 403 CSRF fetches a new token and tries once more). Every failure is a
// StudioError carrying the service's CODE and its message in the caller's language; a failure
// without one (no answer, a proxy's page) gets the studio's own translated text. A 401 tells the
// shell (onSignedOut), which sends the staff member to the sign-in page.

import ky, { isTimeoutError } from 'ky';
import { studioI18n, studioLanguage } from './i18n';

export const STUDIO_API = '/zcp/studio';
export const CSRF_HEADER = 'X-CSRF-Token';
/** The status of a call that got no answer at all. */
export const NO_ANSWER = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export class StudioError extends Error {
  constructor(
    readonly status: number,
    /** The service's CODE (WRONG_LOGIN, LOCKED, GATES_FAILED …), '' when it sent none. */
    readonly code: string,
    message: string,
    /** The whole answer, for codes that carry more (REASONS, CURRENT, LOCKED). */
    readonly body: Record<string, unknown> = {},
    readonly field?: string,
  ) {
    super(message);
    this.name = 'StudioError';
  }
}

/** The error a failed answer means: the service's code and text, or the studio's own words. */
export function errorOfAnswer(
  status: number,
  body: unknown,
  t: (key: string) => string = (key) => studioI18n.t(key),
): StudioError {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const first = Array.isArray(b.MESSAGES)
    ? (b.MESSAGES[0] as { MSGTEXT?: unknown; CODE?: unknown; FIELD?: unknown } | undefined)
    : undefined;
  const code = typeof b.CODE === 'string' ? b.CODE : typeof first?.CODE === 'string' ? first.CODE : '';
  const text =
    typeof first?.MSGTEXT === 'string' && first.MSGTEXT
      ? first.MSGTEXT
      : typeof b.MESSAGE === 'string' && b.MESSAGE
        ? b.MESSAGE
        : t(status === NO_ANSWER ? 'studio:errors.noAnswer' : 'studio:errors.generic');
  const field = typeof first?.FIELD === 'string' ? first.FIELD : undefined;
  return new StudioError(status, code, text, b, field);
}

let signedOutHandler: ((error: StudioError) => void) | null = null;

/** The shell's reaction to a 401 (session over): one handler, replaced on each call. */
export function onSignedOut(handler: ((error: StudioError) => void) | null): void {
  signedOutHandler = handler;
}

const CSRF_COOKIES = ['__Host-zcp_staff_csrf', 'zcp_staff_csrf'];
let csrfToken: string | null = null;

function csrfFromCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (CSRF_COOKIES.includes(name) && rest.length) return decodeURIComponent(rest.join('='));
  }
  return null;
}

async function fetchCsrf(): Promise<string | null> {
  const answer = await call<{ CSRF_TOKEN?: string }>('GET', 'csrf', undefined, { retryCsrf: false }).catch(
    () => null,
  );
  csrfToken = typeof answer?.CSRF_TOKEN === 'string' ? answer.CSRF_TOKEN : null;
  return csrfToken;
}

interface CallOptions {
  searchParams?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** A 401 is the caller's to handle (the sign-in page and the session probe). */
  quiet?: boolean;
  retryCsrf?: boolean;
  /** How long to wait for the answer (ms; default a minute): a scenario run takes longer. */
  timeout?: number;
}

async function send(method: Method, path: string, body: unknown, options: CallOptions): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': studioLanguage() });
  if (method !== 'GET') {
    const token = csrfFromCookie() ?? csrfToken ?? (await fetchCsrf());
    if (token) headers.set(CSRF_HEADER, token);
  }
  const searchParams = new URLSearchParams();
  for (const [k, v] of Object.entries(options.searchParams ?? {}))
    if (v !== undefined) searchParams.set(k, v);
  try {
    return await ky(`${STUDIO_API}/${path.replace(/^\/+/, '')}`, {
      method,
      headers,
      credentials: 'same-origin',
      retry: 0,
      throwHttpErrors: false,
      timeout: options.timeout ?? 60_000,
      searchParams,
      signal: options.signal,
      ...(body !== undefined && method !== 'GET' ? { json: body } : {}),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw errorOfAnswer(NO_ANSWER, isTimeoutError(error) ? {} : null);
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function call<T>(method: Method, path: string, body?: unknown, options: CallOptions = {}): Promise<T> {
  let response = await send(method, path, body, options);
  if (response.status === 403 && method !== 'GET' && options.retryCsrf !== false) {
    const failure = await readBody(response.clone());
    if (errorOfAnswer(403, failure).code === 'CSRF' && (await fetchCsrf()))
      response = await send(method, path, body, options);
  }
  if (response.status === 204) return undefined as T;
  const answer = await readBody(response);
  if (response.ok) return answer as T;
  const error = errorOfAnswer(response.status, answer);
  if (response.status === 401 && !options.quiet) signedOutHandler?.(error);
  throw error;
}

export const studioApi = {
  get: <T>(path: string, options?: CallOptions) => call<T>('GET', path, undefined, options),
  post: <T>(path: string, body: unknown = {}, options?: CallOptions) => call<T>('POST', path, body, options),
  put: <T>(path: string, body: unknown, options?: CallOptions) => call<T>('PUT', path, body, options),
  delete: <T = void>(path: string, options?: CallOptions) => call<T>('DELETE', path, undefined, options),
  /** Forget the token after a sign-in or sign-out (the service bound a new one to the new session). */
  resetCsrf: () => {
    csrfToken = null;
  },
};

/** A path segment made safe (item keys are the service's, but never trusted to be URL-clean). */
export const segment = (value: string) => encodeURIComponent(value);

// --- The session --------------------------------------------------------------------------------

export type StaffRole = 'viewer' | 'editor' | 'publisher' | 'admin';
const ROLE_ORDER: StaffRole[] = ['viewer', 'editor', 'publisher', 'admin'];
export const roleAtLeast = (role: StaffRole, needed: StaffRole) =>
  ROLE_ORDER.indexOf(role) >= ROLE_ORDER.indexOf(needed);

export interface StaffView {
  STAFF_ID: string;
  EMAIL: string;
  NAME: string;
  ROLE: StaffRole;
  DISABLED: boolean;
  LOCKED: boolean;
  LAST_LOGIN_AT: string | null;
  [key: string]: unknown;
}

export interface StaffSession {
  SIGNED_IN: boolean;
  TOTP_REQUIRED: boolean;
  STAFF?: StaffView;
  SESSION_EXPIRES_AT?: string;
  INACTIVITY_SECONDS?: number;
}

export const sessionApi = {
  session: () => studioApi.get<StaffSession>('session', { quiet: true }),
  signIn: (email: string, password: string) =>
    studioApi.post<StaffSession>('signin', { EMAIL: email, PASSWORD: password }, { quiet: true }),
  code: (code: string) => studioApi.post<StaffSession>('signin/totp', { CODE: code }, { quiet: true }),
  signOut: () => studioApi.post<void>('signout', {}, { quiet: true }),
};
