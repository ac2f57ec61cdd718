// Where the /zcp API lives. VITE_ZCP_BASE_URL is read at build time; '' (the default) means the
// API is served from the same origin as the app, which is how the zcp service ships.

declare global {
  interface ImportMetaEnv {
    readonly VITE_ZCP_BASE_URL?: string;
  }
}

/** The configured base URL without a trailing slash ('' = same origin). */
export function configuredBaseUrl(): string {
  const env = import.meta.env as ImportMetaEnv | undefined;
  return (env?.VITE_ZCP_BASE_URL ?? '').replace(/\/+$/, '');
}

/**
 * Absolute URL of the /zcp prefix, ending in '/'. A relative base is resolved against the page,
 * so '' and '/api' work in the browser; outside a browser the base must be absolute.
 */
export function zcpPrefixUrl(baseUrl: string = configuredBaseUrl()): string {
  const base = baseUrl.replace(/\/+$/, '');
  const pageUrl = typeof window !== 'undefined' && window.location ? window.location.href : undefined;
  return new URL(`${base}/zcp/`, pageUrl).href;
}
