// npm run dev's pure parts: the development CSP (the production one plus a nonce for Vite's inline
// scripts and styles, nothing looser) and which file names are editor droppings.

import { describe, expect, it } from 'vitest';
import { devContentSecurityPolicy, isIgnoredFile } from '../../../scripts/dev';
import { contentSecurityPolicy } from '../../../src/server/platform/security';

const directives = (csp: string) => new Map(csp.split('; ').map((d) => [d.split(' ')[0], d] as const));

describe('devContentSecurityPolicy', () => {
  it('is the production policy with the nonce added to script-src and style-src only', () => {
    const dev = directives(devContentSecurityPolicy('abc123=='));
    const prod = directives(contentSecurityPolicy());
    expect([...dev.keys()]).toEqual([...prod.keys()]);
    expect(dev.get('script-src')).toBe("script-src 'self' 'nonce-abc123=='");
    expect(dev.get('style-src')).toBe("style-src 'self' 'nonce-abc123=='");
    for (const [name, value] of prod)
      if (name !== 'script-src' && name !== 'style-src') expect(dev.get(name)).toBe(value);
  });

  it('never allows inline or eval', () => {
    const csp = devContentSecurityPolicy('n');
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
  });
});

describe('isIgnoredFile', () => {
  it('ignores swap, backup and lock files but not flow files', () => {
    for (const name of ['driver/.flow.json.swp', 'driver/flow.json~', '4913', 'driver/.#flow.json', 'x.tmp'])
      expect(isIgnoredFile(name), name).toBe(true);
    for (const name of ['driver/flow.json', '_shared/holder.json', 'motor/tariff.json'])
      expect(isIgnoredFile(name), name).toBe(false);
  });
});
