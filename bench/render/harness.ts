// In-page measurement shared by the four engine pages of the rendering benchmark.
//   renderedAt  ms from navigation start to the frame after the whole step is in the DOM (the
//               last field's label is a child of #root), so JavaScript download, parse, engine
//               start-up, the render and the first paint all count
//   latencies   per keystroke, ms from the keydown's timestamp to just after the next frame: the
//               input's handlers, the re-render and validation it causes, style, layout and paint
//   commits     React commits so far, counted by a stand-in for the DevTools hook (index.html)
// The driver (measure.ts) reads window.__bench.

import { LAST_LABEL } from './fields';

export interface BenchState {
  engine: string;
  scriptStart: number;
  renderedAt: number | null;
  latencies: number[];
  error: string | null;
}

declare global {
  interface Window {
    __bench: BenchState;
    __commits: number;
    /** Resolves once `n` keystrokes have been measured. */
    __benchLatencies: (n: number) => Promise<void>;
  }
}

/** Resolves after the next frame has been produced (a message posted from rAF runs after paint). */
export function afterNextFrame(): Promise<number> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(0);
    });
  });
}

export function startBench(engine: string, root: HTMLElement): void {
  const state: BenchState = {
    engine,
    scriptStart: performance.now(),
    renderedAt: null,
    latencies: [],
    error: null,
  };
  window.__bench = state;
  window.addEventListener('error', (e) => {
    state.error = String(e.message);
  });

  const observer = new MutationObserver(() => {
    if (!root.textContent?.includes(LAST_LABEL)) return;
    observer.disconnect();
    afterNextFrame().then((t) => {
      state.renderedAt = t;
    });
  });
  observer.observe(root, { childList: true, subtree: true, characterData: true });

  const waiting: { n: number; resolve: () => void }[] = [];
  window.__benchLatencies = (n) =>
    new Promise((resolve) => {
      if (state.latencies.length >= n) resolve();
      else waiting.push({ n, resolve });
    });
  const measured = (ms: number) => {
    state.latencies.push(ms);
    for (const w of waiting.splice(0)) {
      if (state.latencies.length >= w.n) w.resolve();
      else waiting.push(w);
    }
  };

  // One measurement per keystroke: the keydown's time, taken when the text change arrives.
  let keyAt: number | null = null;
  window.addEventListener('keydown', (e) => (keyAt = e.timeStamp), true);
  window.addEventListener(
    'input',
    () => {
      if (keyAt === null) return;
      const t0 = keyAt;
      keyAt = null;
      afterNextFrame().then((t) => measured(t - t0));
    },
    true,
  );
}
