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
    why: "Since the prerendering (issue 16) the step's fields are on screen from the HTML, before any script, and what is typed before hydration is kept (src/ui/earlyInput.ts); this measure now counts the scripts until the fields are live (hydrated, html[data-form-ready]), about 243 to 249 KB gz. A source-map breakdown of the build (2026-11-25) puts the libraries the hydration needs at about 180 KB gz: react-dom with react and scheduler 202 KB minified (about 63 gz), React Router's data router 88 minified (about 28), i18next and react-i18next 54 (about 17), ky 13 (4), @rjsf/core and @rjsf/utils 120 (about 40), XState 38 (12.5), RJSF's schema merging and deep equality 19 (6). The app's shell, engine, flow page, strings and the product's flow add about 65.",
    next: "Hydrate the first step without XState: the machine is needed on Continue, not to draw or type (saves about 12.5 KB gz; FlowRunner reads the quote and the substep from a small store until the machine has loaded). Then a lighter router for the public pages than React Router's data router (about 28 KB), and fetch instead of ky (4 KB). React and RJSF stay: they are the renderer the prerender shares with the browser.",
  },
  'lighthouse.score': {
    why: "Measured under load (two other engineers' test runs on the 2 cores, load average 6 to 17) the runs gave scores of 27 to 54 with total blocking time 1.9 to 7.3 s, which Lighthouse's simulated 4x CPU slowdown multiplies; on the quiet machine of 2026-11-22 TBT was 55 to 66 ms. Since the prerendering, layout shift is 0.008 on every product route and login (was 0.38 to 0.71), and 0.003 on help once the FAQs came with the page. What remains is the time the hydration scripts take to arrive and run on simulated slow 4G (see the weight goal).",
    next: 'Run the Lighthouse measure on a quiet machine (nothing else running) before judging; then cut the hydration scripts as for the weight goal. The HTML, its style sheets and preloads are already compressed and named in the page.',
  },
  'lighthouse.fcp': {
    why: "The first paint is the prerendered HTML with its style sheets (render-blocking: the entry's and the flow page's CSS, about 12 KB gz together), not the scripts. Under load Lighthouse's simulation put FCP at 2.6 to 3.8 s; its lantern model scales the observed main-thread time of parsing the page and its styles by the 4x CPU slowdown, so a busy machine inflates it.",
    next: 'Measure on a quiet machine first. If FCP stays above 1.2 s: inline the critical CSS of the first step into the HTML (one round trip less on slow 4G) and load the rest of the styles without blocking.',
  },
  'lighthouse.cls': {
    why: "A layout shift after the page came live: the help page's FAQ list arrived after hydration and pushed the contact block down (0.21). The prerendered pages now carry the answers they are drawn with (lists of values, FAQs), and measure 0.003 in Chromium at 390 px.",
    next: 'If a route still shifts: find the moving node with a layout-shift observer (its sources name it), and draw what moves it into the prerendered page, or reserve its place.',
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
