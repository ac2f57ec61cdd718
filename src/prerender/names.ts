// Names the build, the service and the browser share about prerendered pages (src/prerender), in a
// module free of other imports: the entry (src/boot.ts) and the app's layout read it too.

/** The module that takes a page over (hydrates it or draws it), started by the entry. */
export const APP_MODULE = 'src/main.tsx';

/** The meta element of a prerendered page naming the modules to fetch once it is painted. */
export const AFTER_PAINT_META = 'modules-after-paint';

/** Reads a prerendered page carries the answers of (src/shell/hooks/useZcpRead.ts), by name. */
export const PRERENDERED_READS = { faqs: 'CommonParams/FAQs', cookieTexts: 'cookies/gettexts' } as const;
