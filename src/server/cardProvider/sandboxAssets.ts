// The sandbox card page's stylesheet and script, served from /sandbox/jcc/assets/ so the pages
// carry no inline style or script and run under a strict Content-Security-Policy.

export const SANDBOX_CSS = `
*, *::before, *::after { box-sizing: border-box; }
body {
  margin: 0; background: #eef1f5; color: #1c2430;
  font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", Arial, sans-serif;
}
main { max-width: 34rem; margin: 0 auto; padding: 1rem; }
.provider { display: flex; justify-content: space-between; align-items: center; gap: 1rem; flex-wrap: wrap; }
.provider-name { font-weight: 700; color: #00447c; letter-spacing: .02em; }
.languages { display: flex; gap: .75rem; margin: 0; padding: 0; list-style: none; }
.languages a { color: #00447c; }
.languages [aria-current] { font-weight: 700; text-decoration: none; color: #1c2430; }
.banner { margin: .75rem 0; padding: .5rem .75rem; background: #fff4ce; border: 1px solid #e0c25a; border-radius: .25rem; }
.card { background: #fff; border-radius: .5rem; padding: 1.25rem; box-shadow: 0 1px 3px rgba(0, 0, 0, .12); }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
h2 { font-size: 1.125rem; margin: 0 0 .5rem; }
.summary { display: grid; grid-template-columns: auto 1fr; gap: .25rem 1rem; margin: 0 0 1.25rem; }
.summary dt { color: #4a5563; }
.summary dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
.summary .amount { font-size: 1.25rem; }
.field { margin-bottom: 1rem; }
.field label { display: block; font-weight: 600; margin-bottom: .25rem; }
.field input {
  width: 100%; padding: .625rem .75rem; font: inherit; border: 1px solid #7b8794; border-radius: .25rem;
}
.field input:focus { outline: 3px solid #7fb2e5; outline-offset: 1px; border-color: #00447c; }
.field input[aria-invalid="true"] { border-color: #b3261e; border-width: 2px; }
.row { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
.hint { margin: .25rem 0 0; font-size: .875rem; color: #4a5563; }
.error { margin: .25rem 0 0; font-size: .875rem; color: #b3261e; font-weight: 600; }
.error-summary { border: 2px solid #b3261e; border-radius: .25rem; padding: .75rem 1rem; margin-bottom: 1rem; }
.error-summary ul { margin: .25rem 0 0; padding-left: 1.25rem; }
.error-summary a { color: #b3261e; }
.actions { display: flex; flex-wrap: wrap; gap: .75rem; margin-top: 1.5rem; }
button {
  font: inherit; font-weight: 600; padding: .75rem 1.25rem; border-radius: .25rem; cursor: pointer;
  border: 2px solid #00447c;
}
button:focus-visible { outline: 3px solid #7fb2e5; outline-offset: 2px; }
.primary { background: #00447c; color: #fff; flex: 1 1 12rem; }
.secondary { background: #fff; color: #00447c; }
.test-cards { margin-top: 1.5rem; font-size: .9375rem; }
.test-cards ul { padding-left: 1.25rem; }
.test-cards code { font-weight: 600; white-space: nowrap; }
.result-approved { color: #1e6b35; }
.result-failed { color: #b3261e; }
@media (max-width: 30rem) { .row { grid-template-columns: 1fr; } }
`;

/** Submits the signed return form as soon as the page is read; the visible button is the no-JS path. */
export const SANDBOX_AUTOSUBMIT_JS = `(function () {
  var form = document.getElementById('merchant-return');
  if (form && typeof form.submit === 'function') form.submit();
})();
`;
