import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { loadFlowBundles } from '../../src/engine/flow/files';
import { formSubsteps, substepKey } from '../../src/engine/flow/forms';
import { loadIndexPage } from '../../src/server/web/indexPage';

const INDEX = `<!doctype html><html><head><script type="module" src="/assets/index.js"></script>
<link rel="modulepreload" href="/assets/preload.js"></head><body><div id="root"></div></body></html>`;

async function webRoot(withManifest: boolean, prerendered = false) {
  const flows = (await loadFlowBundles()).map((b) => b.flow);
  const driver = flows.find((f) => f.id === 'driver')!;
  const first = substepKey(driver, formSubsteps(driver)[0]);
  const dir = mkdtempSync(join(tmpdir(), 'web-'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  if (withManifest) {
    mkdirSync(join(dir, '.vite'));
    const manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_preload.js'] },
      '_preload.js': { file: 'assets/preload.js' },
      'src/main.tsx': { file: 'assets/main.js', imports: ['_shell.js', '_preload.js'] },
      '_shell.js': { file: 'assets/shell.js', imports: ['_preload.js'] },
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
  if (prerendered) {
    mkdirSync(join(dir, 'prerendered', 'el'), { recursive: true });
    mkdirSync(join(dir, 'prerendered', 'en'), { recursive: true });
    const page = (lang: string, text: string) =>
      INDEX.replace('<div id="root"></div>', `<div id="root" data-prerendered="${lang}">${text}</div>`);
    writeFileSync(join(dir, 'prerendered/el/driver__offer__1.html'), page('el', 'Στοιχεία οδηγού'));
    writeFileSync(join(dir, 'prerendered/en/driver__offer__1.html'), page('en', 'Driver details'));
    writeFileSync(join(dir, 'prerendered/el/page-not-found.html'), page('el', 'Η σελίδα δεν βρέθηκε'));
    writeFileSync(join(dir, 'prerendered/en/page-not-found.html'), page('en', 'Page not found'));
    const index = {
      routes: ['/', '/driver', '/driver/offer/:step', '/driver/payment/:step', '/my-contract/:contractId'],
      pages: {
        '/driver/offer/1': {
          modules: ['src/ui/FlowPage.tsx', 'src/generated/flows/driver.json'],
          namespaces: ['driver', 'flow'],
          files: { el: 'prerendered/el/driver__offer__1.html', en: 'prerendered/en/driver__offer__1.html' },
        },
        '/page-not-found': {
          modules: [],
          namespaces: [],
          files: { el: 'prerendered/el/page-not-found.html', en: 'prerendered/en/page-not-found.html' },
        },
      },
    };
    writeFileSync(join(dir, 'prerendered', 'index.json'), JSON.stringify(index));
  }
  return loadIndexPage(dir, flows);
}

const preloads = (html: string) =>
  [...html.matchAll(/modulepreload" crossorigin href="\/assets\/([^"]+)"/g)].map((m) => m[1]);
/** The scripts a prerendered page names for after its first paint (src/boot.ts). */
const afterPaint = (html: string) =>
  (/<meta name="modules-after-paint" content="([^"]*)">/.exec(html)?.[1] ?? '')
    .split(' ')
    .filter(Boolean)
    .map((path) => path.replace('/assets/', ''));

describe('the index page of a product route names the chunks its first field needs', () => {
  it('the app, the flow page and what it imports, the flow, its first validator and the Greek strings', async () => {
    const page = await webRoot(true);
    expect(preloads(page.answer('/driver/offer/1', '', undefined).html)).toEqual([
      'main.js',
      'shell.js',
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
    expect(preloads(page.answer('/driver/payment/3', '', 'en').html)).toContain('flow-en.js');
    expect(preloads(page.answer('/driver', '', 'xx').html)).toContain('flow-el.js');
  });

  it('other routes, unknown products and a build without a manifest get index.html as built', async () => {
    const page = await webRoot(true);
    expect(page.answer('/contact', '', 'el').html).toBe(INDEX);
    expect(page.answer('/yacht/offer/1', '', 'el').html).toBe(INDEX);
    expect((await webRoot(false)).answer('/driver/offer/1', '', 'el').html).toBe(INDEX);
  });
});

describe("a prerendered entry route is answered as HTML in the visitor's language", () => {
  it('the page of the chosen language (the lang cookie), Greek without a choice', async () => {
    const page = await webRoot(true, true);
    expect(page.answer('/driver/offer/1', '', 'en').html).toContain('Driver details');
    expect(page.answer('/driver/offer/1', '', undefined).html).toContain('Στοιχεία οδηγού');
    expect(page.answer('/driver/offer/1', '', 'fr').html).toContain('Στοιχεία οδηγού');
    expect(page.answer('/driver/offer/1', '', 'el').status).toBe(200);
  });

  it('its chunks named for after the first paint, none fetched before; with a query the app draws the page itself', async () => {
    const page = await webRoot(true, true);
    const html = page.answer('/driver/offer/1', '', 'el').html;
    expect(afterPaint(html)).toEqual([
      'main.js',
      'shell.js',
      'FlowPage.js',
      'forms.js',
      'driver.js',
      'driver-el.js',
      'flow-el.js',
    ]);
    expect(html.match(/rel="modulepreload"/g)).toHaveLength(1);
    const withQuery = page.answer('/driver/offer/1', 'offer=1&token=x', 'el');
    expect(withQuery.html).not.toContain('data-prerendered');
    expect(preloads(withQuery.html)).toContain('FlowPage.js');
  });

  it('a path no route knows gets page-not-found with 404; a route with parameters is known', async () => {
    const page = await webRoot(true, true);
    const missing = page.answer('/no/such/page', '', 'en');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Page not found');
    expect(page.answer('/my-contract/12345', '', 'el').status).toBe(200);
    expect(page.answer('/driver/offer/3', '', 'el').status).toBe(200);
  });

  it('compressed once with brotli and gzip, the same page', async () => {
    const answer = (await webRoot(true, true)).answer('/driver/offer/1', '', 'el');
    expect(brotliDecompressSync(answer.br).toString()).toBe(answer.html);
    expect(gunzipSync(answer.gzip).toString()).toBe(answer.html);
  });
});
