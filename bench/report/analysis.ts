// Why a goal is not met and what to do next, found by profiling on 2026-11-22 (Chrome DevTools CPU
// profiles of the engine pages through Playwright's CDP session, `node --cpu-prof` of the service
// under autocannon, Lighthouse's own audits, resource timing). Keyed by goal id prefix; RESULTS.md
// shows a note only while its goal is not met. Figures quoted here are from those profiling runs;
// the tables above hold the current ones.

export interface NotMetNote {
  why: string;
  next: string;
}

export const NOT_MET: Record<string, NotMetNote> = {
  'weight.firstPaint': {
    why: "The libraries the first paint needs weigh about 179 KB gz on their own (docs/decisions.md, \"First-paint weight\"): react-dom with react and scheduler 68 KB, React Router's data router 28, i18next with react-i18next 17, @rjsf/core 23.5 and @rjsf/utils 16 with their schema merging and deep equality 6, XState 12.5, ky 4; the app's code, strings and the product's flow add about 53. The build already splits each flow, each substep's validator and each language into chunks of their own and replaces what RJSF drags in but the flows never use (markdown-to-jsx, fast-uri).",
    next: "Paint step 1 without RJSF and XState: the flows' forms are flat (one widget per field id), so a small field renderer of our own can draw the first substep and the flow machine can load after the first paint (saves about 58 KB). Then a lighter router than React Router's data router (about 28 KB), and fetch instead of ky.",
  },
  'lighthouse.score': {
    why: "Lighthouse's audits on both routes. (1) Layout shift, a quarter of the score: CLS 0.38 to 0.71 across runs, all of it the footer (`footer.footer`), which the shell draws right under an empty `main.app-main` and which then moves down twice, as the lazily loaded flow page and then the form arrive. In Chromium, the same pages with `main.app-main { min-height: 100vh }` added shift 0.06 instead; with CLS scored in full, the other metrics of the same runs give about 90. (2) The rest is time to first paint: the page is drawn by client-side JavaScript only, so FCP (2.3 s) and LCP (2.8 s, the cookie banner's text) wait for the scripts on Lighthouse's simulated slow 4G and 4x slower CPU. (3) Until this change the service sent every script uncompressed (about 760 KB on the wire), and the score was 43 to 49: `npm run build` now writes .br and .gz copies of the assets (scripts/precompress.ts) and the service sends them (@fastify/static `preCompressed`, src/server/app.ts).",
    next: "Give `main.app-main` the viewport's height (src/app's Layout or src/ui/styles) so the footer starts below the fold and nothing in view moves. Then draw the first step without waiting for the scripts: a prerender of each product's step 1 at build time (or server rendering), hydrated afterwards; and cut first-paint JavaScript as for the weight goal.",
  },
  'render.firstRender': {
    why: "Ours and bare RJSF load the same libraries (about 197 KB gz each) and run the same 40-field RJSF render, so they finish within a few percent of each other; ours loses its margin waiting. Resource timing of the ours page: its scripts are ready at about 180 ms, but the substep's precompiled validator (a chunk of its own, as in the app) is requested only at 240 to 290 ms, after i18next's asynchronous initialisation and a first render in which FormSubstep draws nothing because the validator is not there yet; the 40 fields are drawn after it arrives.",
    next: "In src/ui/flow: start fetching the first substep's validator together with the flow (a modulepreload, or `loadValidator` called where the flow is loaded), and draw the fields before the validator arrives (validation only decides which errors show, and nothing is shown before a field is left). i18next with bundled resources can initialise synchronously (`initAsync: false`).",
  },
  'render.keystroke': {
    why: "Ours renders through @rjsf/core's Form, so a keystroke costs what it costs bare RJSF: three React commits (see the commit goal), each re-rendering all 40 fields (about 370 components). A CPU profile of 30 keystrokes (BENCH_PROFILE=1 build, Chrome DevTools protocol) shows ours spending 347 ms in event handling, 109 ms of it in `substepUiSchema`: the uiSchema depends on the quote, so every keystroke rebuilds it for all 40 fields with about 100 i18next `t()` calls, and RJSF then deep-compares the new props. Bare RJSF spends its time in ajv validation instead. Doing the same React work as RJSF, ours cannot be three times faster.",
    next: "In src/ui/flow/FormSubstep (and src/engine/flow/forms.ts): build the labels and option texts of the uiSchema once per language and keep the objects of fields whose visibility, state and options did not change, so unchanged fields keep equal props. Then replace RJSF's Form for flat substeps with a field list of our own: one memoised component per field, fed its value and its error, and one state update per keystroke in FlowRunner; a keystroke then re-renders one field and the error recomputation (the precompiled validator and the engine's rules).",
  },
  'render.commits': {
    why: "@rjsf/core 6's Form keeps its own copy of the data. A keystroke (1) commits the Form's own state; (2) the Form reports the change from that update's callback and the page (FlowRunner in the app) stores the new quote: a second commit; (3) the Form sees its formData prop change (getSnapshotBeforeUpdate, componentDidUpdate) and sets its state again: a third. Counted with a DevTools-hook stand-in; bare RJSF and JSON Forms commit three times as well, SurveyJS (its own model, not React state) once.",
    next: 'The field list of our own described for keystroke latency (one state update per keystroke, so one commit). A smaller step within RJSF: an uncontrolled Form (no formData passed back) removes the third commit.',
  },
  'rules.ratio': {
    why: "Ours takes about 200 ns per quote for the 26 check points (generated code, src/engine/checkpoints.ts), json-rules-engine about 200 to 300 µs; ours is the side a busy machine hurts most (its rate moved between 2 and 5.6 million quotes a second between runs while the peer's moved less), so the ratio fell below 1,000x in runs taken while other work loaded the machine.",
    next: 'Run the benchmark on a quiet machine (the load average is in results.json); the paired rounds and their median already keep a single busy moment from deciding the figure.',
  },
  'service.calc': {
    why: "The yardstick is a route that does nothing: 20,000 to 25,000 requests a second here, 40 to 50 µs each. A motorcalc request takes about 286 µs: the app's fixed per-request work (request id, security headers, cookies, flood limiter: a GET answering a small in-memory list runs at 16,600/s, about 60 µs), JSON parsing and schema validation of the 1.4 KB quote, the rating itself (`priceQuote`, 64 µs measured in process) and serialising the 4.8 KB answer. Half the bare route's rate would leave 80 µs a request, less than the fixed work plus the rating alone. A CPU profile of `priceQuote` puts about a fifth in `evaluateCondition` (the tariff's conditions interpreted for every factor of every package), 8 % in `roundHalfAway` (a `toPrecision` string round trip per rounding) and 9 % in `setPath` copies. The p99 part is met on a quiet machine (8 to 9 ms) but not on a busy one (65 to 117 ms in a run with load average 12, when the bare route's own p99 was 24 ms).",
    next: 'Compile tariff conditions and factors once per tariff, as check points already are; round integer cents without `toPrecision`; copy the quote less in `priceQuote`. That should roughly halve the rating but leaves calc far from 50 % of a no-op route, so restate the goal against a yardstick that parses, validates and serialises the same bodies, or as requests per second per core; in production run one service process per core.',
  },
  'service.quotation': {
    why: 'A quotation rates and fully validates the quote again (every substep, as the browser did) and then makes five round trips to PostgreSQL: the confirmed-e-mail check, BEGIN, nextval, INSERT and COMMIT. Here PostgreSQL, the service and the load generator share two cores; in a CPU profile taken while the machine was busy the service waited about a third of the time, and `synchronous_commit = off` changed nothing beyond the noise, so the limit is round trips and CPU, not the disk.',
    next: "Write an offer in one round trip: `INSERT … VALUES ('OF' || nextval('offer_no_seq'), …) RETURNING offer_no` without an explicit transaction when no mail is queued, with the e-mail confirmation check folded in (a CTE), in src/server/products/offers.ts and routes/products.ts. Then measure on a machine where the database has cores of its own.",
  },
};
