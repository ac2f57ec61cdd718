// The general error state of the spec: a message and an error-type code (the referral rule's
// ERROR_TEXT_TYPE, or the HTTP status for 400/418), plus the product it happened in. /error shows
// it; codes 1, 2 and 5 offer a call-back.

import { createStore, useStore } from '../../ui/state/store';

export interface AppError {
  message: string;
  /** Error-type code: a referral's ERROR_TEXT_TYPE, or the HTTP status of a 400/418. */
  code?: string;
  product?: string;
}

const CONTACT_CODES = new Set(['1', '2', '5']);

const store = createStore<AppError | null>(null);

export function setAppError(error: AppError): void {
  store.set({ ...error });
}

export function getAppError(): AppError | null {
  return store.get();
}

export function clearAppError(): void {
  store.set(null);
}

export function useAppError(): AppError | null {
  return useStore(store);
}

/** The spec's "contact me" option appears for error-type codes 1, 2 and 5. */
export function offersContact(code: string | number | undefined): boolean {
  return code !== undefined && CONTACT_CODES.has(String(code).trim());
}

/** The /error URL: the product param, the flow's current query, and the error itself for a direct link. */
export function errorPagePath(error: AppError, keepQuery = ''): string {
  const query = new URLSearchParams(keepQuery);
  query.set('message', error.message);
  if (error.code) query.set('code', error.code);
  else query.delete('code');
  if (error.product) query.set('product', error.product);
  return `/error?${query.toString()}`;
}
