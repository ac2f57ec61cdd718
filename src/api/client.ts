// The /zcp client on ky. Every call sends cookies, the stored access token and the visitor's
// language, and every answer is read the spec's way: 204 → true, 200 → the parsed body, any other
// status → a thrown ZcpError. The app registers what 400/418 (error page) and 401 (logout) do.

import ky, { isTimeoutError } from 'ky';
import { zcpPrefixUrl } from './config';
import { NO_ANSWER, ZcpError } from './errors';
import { getAccessToken, isLoggedIn } from './session';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type SearchParams = Record<string, string | number | boolean | readonly string[] | undefined>;

export interface ZcpCallOptions {
  searchParams?: SearchParams;
  signal?: AbortSignal;
  /** Leave 400/418/401 to the caller instead of the app-wide handlers. */
  quiet?: boolean;
}

export interface ZcpHandlers {
  /** HTTP 400 and 418: the app shows the error page with the status text as the message. */
  onErrorPage?: (error: ZcpError) => void;
  /** HTTP 401 while a token is stored: the app logs out and goes to Login. */
  onUnauthorized?: (error: ZcpError) => void;
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
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': currentLanguage() });
  const token = getAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);

  const hasBody = body !== undefined && method !== 'GET';
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await ky(relativePath(path), {
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

  if (response.status === 204) return true;
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
  const error = new ZcpError(response.status, response.statusText, await readBodyLeniently(response));
  if (!options.quiet) dispatchGlobal(error);
  throw error;
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
