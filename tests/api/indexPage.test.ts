import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { formSubsteps, substepKey } from '../../src/engine/flow/forms';
import { loadIndexPage } from '../../src/server/web/indexPage';

const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index.js"></script>
<link rel="modulepreload" href="/assets/shell.js"></head><body><div id="root"></div></body></html>`;

async function webRoot(withManifest: boolean) {
  const flows = (await loadFlowBundles()).map((b) => b.flow);
  const driver = flows.find((f) => f.id === 'driver')!;
  const first = substepKey(driver, formSubsteps(driver)[0]);
  const dir = mkdtempSync(join(tmpdir(), 'web-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  if (withManifest) {
    mkdirSync(join(dir, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shell.js'] },
      '_shell.js': { file: 'assets/shell.js' },
      '_forms.js': { file: 'assets/forms.js', imports: ['_shell.js'] },
      'src/ui/FlowPage.tsx': {
        file: 'assets/FlowPage.js',
        imports: ['_forms.js', '_shell.js', 'index.html'],
      },
      'src/generated/flows/driver.json': { file: 'assets/driver.js' },
      [`src/generated/validators/driver/${first}.js`]: { file: 'assets/driver-first.js' },
      'locales/el/driver.json': { file: 'assets/driver-el.js' },
      'locales/en/driver.json': { file: 'assets/driver-en.js' },
      'locales/el/flow.json': { file: 'assets/flow-el.js' },
      'locales/en/flow.json': { file: 'assets/flow-en.js' },
    };
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  }
  return loadIndexPage(dir, flows);
}

const preloads = (html: string) =>
  [...html.matchAll(/modulepreload" crossorigin href="\/assets\/([^"]+)"/g)].map((m) => m[1]);

describe('the index page of a product route names the chunks its first field needs', () => {
  it('the flow page and what it imports, the flow, its first validator and the Greek strings', async () => {
    const page = await webRoot(true);
    expect(preloads(page.html('/driver/offer/1', undefined))).toEqual([
      'FlowPage.js',
      'forms.js',
      'driver.js',
      'driver-first.js',
      'driver-el.js',
      'flow-el.js',
    ]);
  });

  it("the visitor's chosen language from the lang cookie; anything else reads as Greek", async () => {
    const page = await webRoot(true);
    expect(preloads(page.html('/driver/payment/3', 'en'))).toContain('flow-en.js');
    expect(preloads(page.html('/driver', 'xx'))).toContain('flow-el.js');
  });

  it('other routes, unknown products and a build without a manifest get index.html as built', async () => {
    const page = await webRoot(true);
    expect(page.html('/contact', 'el')).toBe(INDEX);
    expect(page.html('/yacht/offer/1', 'el')).toBe(INDEX);
    expect((await webRoot(false)).html('/driver/offer/1', 'el')).toBe(INDEX);
  });
});
