// Names the build, the service and the browser share about prerendered pages (src/prerender), in a
// module free of other imports: the entry (src/boot.ts) and the app's layout read it too.

/** The module that takes a page over (hydrates it or draws it), started by the entry. */
export const APP_MODULE = 'src/main.tsx';

/** The meta element of a prerendered page naming the modules to fetch once it is painted. */
export const AFTER_PAINT_META = 'modules-after-paint';

/**
 * The meta element of every page the service answers naming, as JSON `{ flows, texts }`, each flow
 * module and text version published since the build (absent: the build's is live). The flow page
 * reads it instead of asking the manifest (src/ui/flow/liveFlow.ts); without the element (a page
 * the service did not serve, or served before it knew) it asks.
 */
export const PUBLISHED_META = 'published-since-build';

/** Reads a prerendered page carries the answers of (src/shell/hooks/useZcpRead.ts), by name. */
export const PRERENDERED_READS = { faqs: 'CommonParams/FAQs', cookieTexts: 'cookies/gettexts' } as const;
