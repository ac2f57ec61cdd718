// Reading the card provider's pages in API tests: the hidden fields of its forms.

import type { InjectOptions, LightMyRequestResponse } from 'fastify';

/** Text of an HTML attribute or element, with its character references read. */
export function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** name → value of every hidden input of a page. */
export function hiddenInputs(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    out[m[1]] = unescapeHtml(m[2]);
  return out;
}

interface Injects {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** A form post from the visitor's browser (the provider's pages, the signed return), in English. */
export function postFormTo(
  app: Injects,
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en', ...headers },
    payload: new URLSearchParams(fields).toString(),
  });
}
