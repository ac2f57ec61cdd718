// How a prerendered page hands its scripts to the entry (src/boot.ts) to fetch once it is painted:
// shared by the service, which writes the list (src/server/web/indexPage.ts), and the entry, which
// must stay free of other imports to stay small.

/** The module that takes a page over (hydrates it or draws it), started by the entry. */
export const APP_MODULE = 'src/main.tsx';

/** The meta element of a prerendered page naming the modules to fetch once it is painted. */
export const AFTER_PAINT_META = 'modules-after-paint';
