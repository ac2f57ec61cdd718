// Every studio button or button-like link names its look: `btn` alone (src/ui/styles/form.css)
// has no colour and no frame, so a link styled only by it reads as plain text.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../../../src/studio');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );
}

describe('studio buttons', () => {
  it('never use btn without a variant (btn--primary, btn--secondary, btn--link)', () => {
    const bare: string[] = [];
    for (const file of sources(ROOT))
      for (const m of readFileSync(file, 'utf8').matchAll(/className=["'`{]+([^"'`}]*)/g)) {
        const classes = m[1].split(/\s+/);
        if (classes.includes('btn') && !classes.some((c) => c.startsWith('btn--')))
          bare.push(`${file.slice(ROOT.length + 1)}: ${m[1]}`);
      }
    expect(bare).toEqual([]);
  });
});
