// The page's first script. A prerendered page (src/prerender) is already on screen from its HTML
// and style sheets, fields included; the app's scripts (React, the router, the form engine: about
// 250 KB gz) start only once that page has been painted, so a phone on a slow line spends its first
// second drawing what the visitor reads, not fetching what takes the page over later. What is
// typed meanwhile is noted from the start and given again once the fields are live
// (src/ui/earlyInput.ts). A page the app draws itself (no prerendered HTML) starts the app at once.

// The site's style sheets belong to the entry, so the page links them in its head (first paint).
import './ui/styles/tokens.css';
import './ui/styles/form.css';
import './app/app.css';
import './portal/portal.css';
import { markCookieDecision, storedDecision } from './app/state/cookieDecision';
import { AFTER_PAINT_META } from './prerender/names';
import { noteEarlyInput } from './ui/earlyInput';

// The cookie banner in the page's HTML shows from the first paint, and only to a visitor who has
// not decided yet.
markCookieDecision(storedDecision());

const root = document.getElementById('root');
const prerendered = root !== null && Boolean(root.dataset.prerendered) && root.firstChild !== null;
if (prerendered) noteEarlyInput(root);

let started = false;
function start(): void {
  if (started) return;
  started = true;
  // The page's own chunks (its flow, first validator, strings) fetched alongside the app's, not after.
  const hinted = document.querySelector<HTMLMetaElement>(`meta[name="${AFTER_PAINT_META}"]`);
  for (const href of hinted?.content.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import('./main').catch((error) => console.error('The app failed to load', error));
}

if (prerendered) {
  // After the next frame is painted; a hidden tab paints no frames, so a timer starts it there.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 250);
} else {
  start();
}
