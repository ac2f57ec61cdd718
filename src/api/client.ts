// The /zcp client on ky. Every call sends cookies (the session is HttpOnly cookies the service
// sets) and the visitor's language; state-changing calls echo the CSRF token (docs/portal-api.md
// §1). Every answer is read the spec's way: 204 → true, 200 → the parsed body, any other status →
// a thrown ZcpError. A 403 CSRF fetches a new token and retries once; a 401 for an expired access
// token refreshes the session once (one refresh at a time) and retries. The app registers what
// 400/418 (error page) and a 401 that stays (logout to Login) do.

import ky, { isTimeoutError } from 'ky';
import { CSRF_COOKIE, HOST_PREFIX } from '../engine/cookies';
import { zcpPrefixUrl } from './config';
import { NO_ANSWER, ZcpError } from './errors';
import { isLoggedIn, setLoggedIn } from './session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type SearchParams = Record<string, string | number | boolean | readonly string[] | undefined>;

export interface ZcpCallOptions {
  searchParams?: SearchParams;
  signal?: AbortSignal;
  /** Leave 400/418/401 to the caller instead of the app-wide handlers. */
  quiet?: boolean;
  /** No silent refresh on a 401 (the session calls themselves). */
  noRefresh?: boolean;
  /** A 200 answer is a file (a PDF), resolved as a Blob rather than parsed. */
  binary?: boolean;
}

export interface ZcpHandlers {
  /** HTTP 400 and 418: the app shows the error page with the status text as the message. */
  onErrorPage?: (error: ZcpError) => void;
  /** HTTP 401 while logged in that a refresh could not cure: the app logs out and goes to Login. */
  onUnauthorized?: (error: ZcpError) => void;
  /** A silent refresh succeeded; its answer is the session body. */
  onSessionRefreshed?: (session: unknown) => void;
}

export interface ZcpClientConfig {
  /** Overrides VITE_ZCP_BASE_URL (the service, tests and the CLI set it). */
  baseUrl?: string;
  /** The Accept-Language value; defaults to <html lang>, which i18n keeps current. */
  language?: () => string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_TIMEOUT_MS = 30_000;

let config: ZcpClientConfig = {};
let handlers: ZcpHandlers = {};

export function configureZcpClient(next: ZcpClientConfig): void {
  config = { ...config, ...next };
}

/** Installs the app-wide handlers; returns a function that removes them. */
export function registerZcpHandlers(next: ZcpHandlers): () => void {
  handlers = next;
  return () => {
    if (handlers === next) handlers = {};
  };
}

function currentLanguage(): string {
  if (config.language) return config.language();
  const lang = typeof document !== 'undefined' ? document.documentElement.lang : '';
  return lang || 'el';
}

/** 'motor/motorcalc', '/motor/motorcalc' and '/zcp/motor/motorcalc' all name the same call. */
function relativePath(path: string): string {
  return path.replace(/^\/+/, '').replace(/^zcp\//, '');
}

function toSearchParams(params: SearchParams | undefined): URLSearchParams | undefined {
  if (!params) return undefined;
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) out.append(key, v);
    else out.append(key, String(value));
  }
  return out;
}

async function readBodyLeniently(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function dispatchGlobal(error: ZcpError): void {
  if (error.status === 400 || error.status === 418) handlers.onErrorPage?.(error);
  else if (error.status === 401 && isLoggedIn()) handlers.onUnauthorized?.(error);
}

// --- CSRF (double submit): the token is the readable cookie the service set, or the answer of
// GET /zcp/um/csrf when the cookie is not there yet.

const CSRF_COOKIES = [`${HOST_PREFIX}${CSRF_COOKIE}`, CSRF_COOKIE];
export const CSRF_HEADER = 'X-CSRF-Token';
let csrfToken: string | null = null;

function csrfFromCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (CSRF_COOKIES.includes(name) && rest.length) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Asks the service for a CSRF token (it also sets the cookies); null when it cannot. */
export async function fetchCsrfToken(): Promise<string | null> {
  try {
    const answer = await zcpRequest<{ CSRF_TOKEN?: string }>('GET', 'um/csrf', undefined, { quiet: true });
    csrfToken = answer !== true && typeof answer.CSRF_TOKEN === 'string' ? answer.CSRF_TOKEN : null;
  } catch {
    csrfToken = null;
  }
  return csrfToken;
}

// --- Silent refresh: one at a time, shared by every call that needs it (two refreshes with the
// same token look like token theft to the service and end the session).

const SESSION_CALLS =
  /^um\/(login|logout|refreshtoken|csrf|2falogin|2favalidateotp|2fapasskey|passkey\/login)/;
const REFRESHABLE = ['NOT_LOGGED_IN', 'TOKEN_EXPIRED'];
let refreshing: Promise<unknown | null> | null = null;

/** POST /zcp/um/refreshtoken once for everyone waiting; resolves to the session body or null. */
export function refreshSession(): Promise<unknown | null> {
  refreshing ??= zcpRequest('POST', 'um/refreshtoken', {}, { quiet: true, noRefresh: true })
    .then((session) => {
      handlers.onSessionRefreshed?.(session);
      return session;
    })
    .catch(() => null)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function codeOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const b = body as { CODE?: unknown; MESSAGES?: { CODE?: unknown }[] };
  if (typeof b.CODE === 'string') return b.CODE;
  const first = Array.isArray(b.MESSAGES) ? b.MESSAGES[0]?.CODE : undefined;
  return typeof first === 'string' ? first : undefined;
}

async function send(
  method: HttpMethod,
  path: string,
  body: unknown,
  options: ZcpCallOptions,
): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  if (method !== 'GET') {
    const token = csrfFromCookie() ?? csrfToken;
    if (token) headers.set(CSRF_HEADER, token);
  }
  const hasBody = body !== undefined && method !== 'GET';
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  try {
    return await ky(relativePath(path), {
      prefixUrl: zcpPrefixUrl(config.baseUrl),
      method,
      headers,
      credentials: 'include',
      retry: 0,
      throwHttpErrors: false,
      timeout: config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      searchParams: toSearchParams(options.searchParams),
      signal: options.signal,
      fetch: config.fetch,
      ...(hasBody ? (isForm ? { body: body as FormData } : { json: body }) : {}),
    });
  } catch (e) {
    throw new ZcpError(NO_ANSWER, isTimeoutError(e) ? 'Timeout' : 'Network error', null);
  }
}

/**
 * One /zcp call. Resolves to `true` for 204 (and for a 200 without a body), to the parsed body
 * for 200; rejects with a ZcpError for every other outcome.
 */
export async function zcpRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: ZcpCallOptions = {},
): Promise<T | true> {
  const relative = relativePath(path);
  let response = await send(method, relative, body, options);
  let failure: unknown = null;
  if (response.status !== 200 && response.status !== 204) {
    failure = await readBodyLeniently(response);
    // A missing or stale CSRF token: fetch one and try once more.
    if (response.status === 403 && method !== 'GET' && codeOf(failure) === 'CSRF' && relative !== 'um/csrf') {
      if (await fetchCsrfToken()) {
        response = await send(method, relative, body, options);
        failure =
          response.status === 200 || response.status === 204 ? null : await readBodyLeniently(response);
      }
    }
    // An expired access token while logged in: refresh silently and try once more.
    const refreshable =
      response.status === 401 &&
      !options.noRefresh &&
      !SESSION_CALLS.test(relative) &&
      isLoggedIn() &&
      REFRESHABLE.includes(codeOf(failure) ?? '');
    if (refreshable) {
      if ((await refreshSession()) !== null) {
        response = await send(method, relative, body, options);
        failure =
          response.status === 200 || response.status === 204 ? null : await readBodyLeniently(response);
      }
    }
  }

  if (response.status === 204) return true;
  if (response.status === 200 && options.binary) {
    const blob = await response.blob().catch(() => null);
    if (blob === null) throw new ZcpError(NO_ANSWER, 'Unreadable answer', null);
    return blob as T;
  }
  if (response.status === 200) {
    const text = await response.text().catch(() => null);
    if (text === null) throw new ZcpError(NO_ANSWER, 'Unreadable answer', null);
    if (text.trim() === '') return true;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ZcpError(NO_ANSWER, 'Unreadable answer', text);
    }
  }
  const error = new ZcpError(response.status, response.statusText, failure);
  if (!options.quiet) dispatchGlobal(error);
  throw error;
}

/** Forget the session on this side (after logout, or when the service says it is over). */
export function forgetSession(): void {
  setLoggedIn(false);
}

/** A call whose 200 answer carries the data the screen needs; a bodiless success is a failed load. */
export async function zcpRead<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options?: ZcpCallOptions,
): Promise<T> {
  const answer = await zcpRequest<T>(method, path, body, options);
  if (answer === true) throw new ZcpError(204, 'No Content', null);
  return answer;
}

/** A call that only reports success (204, or 200 whatever the body). */
export async function zcpCommand(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options?: ZcpCallOptions,
): Promise<true> {
  await zcpRequest(method, path, body, options);
  return true;
}

/** The flow engine's entry point for product calls (calc, quotation, package recalculation …). */
export function callZcp(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options?: ZcpCallOptions,
): Promise<unknown> {
  return zcpRequest(method, path, body, options);
}

/** The spec's "most calls swallow failures and return false": screens show a failed load. */
export async function readOrFalse<T>(call: Promise<T>): Promise<T | false> {
  try {
    return await call;
  } catch {
    return false;
  }
}
