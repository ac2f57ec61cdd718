// In-page measurement shared by the four engine pages of the rendering benchmark.
//   renderedAt  ms from navigation start to the frame after the whole step is in the DOM (the
//               last field's label is a child of #root), so JavaScript download, parse, engine
//               start-up, the render and the first paint all count
//   latencies   per keystroke, ms from the keydown's timestamp to just after the next frame: the
//               input's handlers, the re-render and validation it causes, style, layout and paint
//   commits     React commits so far, counted by a stand-in for the DevTools hook (index.html)
//   events      the browser's Event Timing entries of key and input events (PerformanceObserver,
//               type 'event', durationThreshold 16, the lowest the API allows: an event whose
//               duration, to the next paint, is under 16 ms is not reported), and the keydowns'
//               timestamps, so the driver can give each keystroke its processing time
// The driver (measure.ts) reads window.__bench.

import { LAST_LABEL } from './fields';

export interface BenchState {
  engine: string;
  scriptStart: number;
  renderedAt: number | null;
  latencies: number[];
  /** Event Timing entries of the events in EVENT_TYPES. */
  events: EventTimingEntry[];
  /** event.timeStamp of every keydown, in order (the start of each keystroke's entries). */
  keydowns: number[];
  error: string | null;
}

export interface EventTimingEntry {
  name: string;
  startTime: number;
  duration: number;
  processingStart: number;
  processingEnd: number;
}

/** The events of one keystroke that Event Timing reports. */
export const EVENT_TYPES = ['keydown', 'keypress', 'beforeinput', 'input', 'keyup'];
/** The lowest durationThreshold the Event Timing API takes. */
export const EVENT_THRESHOLD_MS = 16;

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

export function startBench(engine: string, root: HTMLElement, lastLabel: string = LAST_LABEL): void {
  const state: BenchState = {
    engine,
    scriptStart: performance.now(),
    renderedAt: null,
    latencies: [],
    events: [],
    keydowns: [],
    error: null,
  };
  window.__bench = state;
  window.addEventListener('error', (e) => {
    state.error = String(e.message);
  });

  const observer = new MutationObserver(() => {
    if (!root.textContent?.includes(lastLabel)) return;
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
  window.addEventListener(
    'keydown',
    (e) => {
      keyAt = e.timeStamp;
      state.keydowns.push(e.timeStamp);
    },
    true,
  );
  if (PerformanceObserver.supportedEntryTypes?.includes('event'))
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as PerformanceEventTiming[])
        if (EVENT_TYPES.includes(e.name))
          state.events.push({
            name: e.name,
            startTime: e.startTime,
            duration: e.duration,
            processingStart: e.processingStart,
            processingEnd: e.processingEnd,
          });
    }).observe({
      type: 'event',
      durationThreshold: EVENT_THRESHOLD_MS,
      buffered: true,
    } as PerformanceObserverInit);
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
