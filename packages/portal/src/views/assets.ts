/** The portal's stylesheet, its one script and its icon, served from /assets so the CSP can forbid inline code. */
export const STYLESHEET = `
:root { --ink: #1d232b; --muted: #5b6572; --line: #d6dbe1; --accent: #0b5cad; --bad: #b3261e; --good: #1e7a3c; --bg: #f6f7f9; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
header.top { background: #fff; border-bottom: 1px solid var(--line); }
/* Wider than main: an editor's eight items and Sign out keep to one line at 1280 px. */
header.top .bar { max-width: 1240px; margin: 0 auto; padding: .75rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; }
header.top .brand { font-weight: 700; text-decoration: none; color: var(--ink); margin-right: auto; }
nav { display: flex; flex-wrap: wrap; gap: .25rem .9rem; }
nav a { white-space: nowrap; }
nav a[aria-current="page"] { font-weight: 700; color: var(--ink); }
/* First on every page for keyboard users; shown only when focused. */
.skip-link { position: absolute; left: .5rem; top: -3rem; background: #fff; padding: .5rem .75rem; border: 2px solid var(--accent); border-radius: 6px; z-index: 10; }
.skip-link:focus { top: .5rem; }
main:focus { outline: none; }
.form-error:focus { outline: 2px solid var(--bad); outline-offset: 2px; }
button[disabled] { opacity: .7; cursor: progress; }
main { max-width: 960px; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin-bottom: 1rem; }
.card > h2:first-child { margin-top: 0; }
.field { margin-bottom: 1rem; }
.field label { display: block; font-weight: 600; margin-bottom: .25rem; }
.field input:not([type=checkbox]), .field textarea, .field select { width: 100%; padding: .55rem .6rem; font: inherit; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
.field.checkbox { display: flex; gap: .5rem; align-items: center; }
.field.checkbox label { margin: 0; font-weight: 400; }
/* A checkbox's description (the webhooks' events) on its own line under its label. */
.field.checkbox { flex-wrap: wrap; }
.field.checkbox > .hint { flex-basis: 100%; margin: 0 0 0 1.6rem; }
.has-error input, .has-error textarea { border-color: var(--bad); }
.error, .form-error { color: var(--bad); margin: .25rem 0 0; }
.form-error { background: #fdecea; padding: .5rem .75rem; border-radius: 6px; }
.notice { background: #e8f1fb; padding: .5rem .75rem; border-radius: 6px; }
.banner { border-left: 4px solid var(--bad); background: #fff8f7; }
.hint { color: var(--muted); font-size: .9rem; margin: .25rem 0 0; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 0 1rem; }
.side-by-side { display: grid; grid-template-columns: repeat(auto-fit, minmax(280px, 1fr)); gap: 0 1rem; }
.flag.duplicate { color: var(--bad); font-size: .9rem; margin: .25rem 0 0; }
a.danger { color: var(--bad); margin-left: .5rem; }
button, .button { display: inline-block; font: inherit; padding: .55rem 1rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: #fff; color: var(--bad); border-color: var(--bad); }
form.inline { display: inline; }
.badge { display: inline-block; padding: .1rem .5rem; border-radius: 999px; font-size: .85rem; background: #e7eaee; }
.badge.verified { background: var(--good); color: #fff; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
/* Long lines of sample markup scroll inside their block rather than widen the page on a phone. */
pre { max-width: 100%; overflow-x: auto; background: #f0f2f5; padding: .5rem; border-radius: 6px; }
.embed textarea { display: block; width: 100%; font: .85rem/1.4 ui-monospace, monospace; padding: .5rem; border: 1px solid var(--line); border-radius: 6px; resize: vertical; margin-bottom: .5rem; word-break: break-all; }
.secret { font-family: ui-monospace, monospace; word-break: break-all; background: #fff8e1; padding: .5rem; border-radius: 6px; }
/* A value to copy exactly (see copyable.ts): a line of its own, its text never broken (it scrolls when too wide). */
.copyable { display: flex; gap: .5rem; align-items: center; max-width: 100%; margin: .35rem 0; }
.copyable code.token { display: block; min-width: 0; overflow-x: auto; white-space: nowrap; font-family: ui-monospace, monospace; background: #fff8e1; padding: .35rem .5rem; border-radius: 6px; }
.copyable button.copy { flex: none; padding: .3rem .75rem; }
.profile-head { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
.avatar { position: relative; flex: none; width: 96px; height: 96px; border-radius: 50%; overflow: hidden; display: grid; place-items: center; background: #dce8f5; color: var(--accent); font-size: 2rem; font-weight: 700; }
.avatar img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
dl.details { display: grid; grid-template-columns: max-content 1fr; gap: .35rem 1rem; margin: 1rem 0 0; }
dl.details dt { font-weight: 600; color: var(--muted); }
dl.details dd { margin: 0; white-space: pre-line; }
ul.decisions li { display: flex; gap: .75rem; align-items: baseline; margin-bottom: .75rem; }
ul.decisions button { flex: none; }
ul.plain { list-style: none; padding: 0; }
figure.usage { margin: 0 0 1rem; }
progress { width: 100%; min-width: 80px; }
@media (max-width: 600px) {
  table, thead, tbody, tr, th, td { display: block; }
  thead { display: none; }
  tr { border-bottom: 1px solid var(--line); padding: .5rem 0; }
  td { border: 0; padding: .15rem 0; }
  td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
  dl.details { grid-template-columns: 1fr; gap: 0; }
  dl.details dd { margin-bottom: .5rem; }
  ul.decisions li { flex-direction: column; gap: .25rem; }
  h1 { font-size: 1.35rem; }
}
`;

export const SCRIPT = `
document.addEventListener('click', function (event) {
  var button = event.target.closest('[data-copy]');
  if (!button) return;
  var text = document.getElementById(button.getAttribute('data-copy')).textContent;
  navigator.clipboard.writeText(text).then(function () { button.textContent = 'Copied'; });
});
// After a failed submit, the error summary (or else the first field in error) takes the focus, so a screen reader
// reads it and the keyboard starts from it.
(function () {
  var summary = document.querySelector('.form-error');
  var target = summary || document.querySelector('[aria-invalid="true"]');
  if (!target) return;
  if (summary) summary.setAttribute('tabindex', '-1');
  target.focus();
})();
// A button that starts a slow check (a page fetched, up to about ten seconds) says so and is not pressed twice.
document.addEventListener('submit', function (event) {
  var form = event.target;
  if (form.getAttribute('data-busy-form') === 'sent') { event.preventDefault(); return; }
  var button = event.submitter || form.querySelector('button[data-busy]');
  if (!button || !button.hasAttribute('data-busy')) return;
  form.setAttribute('data-busy-form', 'sent');
  button.textContent = button.getAttribute('data-busy');
  form.setAttribute('aria-busy', 'true');
  // After the browser has read the form: a disabled button would leave its own value out of it.
  setTimeout(function () { button.disabled = true; }, 0);
});
// A page shown again from the back-forward cache is not busy any more.
window.addEventListener('pageshow', function (event) {
  if (!event.persisted) return;
  document.querySelectorAll('form[data-busy-form]').forEach(function (form) { form.removeAttribute('data-busy-form'); form.removeAttribute('aria-busy'); });
  document.querySelectorAll('button[data-busy][disabled]').forEach(function (button) { button.disabled = false; button.textContent = button.getAttribute('data-label') || button.textContent; });
});
// Copy buttons left hidden in the markup (copyable.ts) appear only where the browser can copy.
if (navigator.clipboard) {
  document.querySelectorAll('button[data-copy][hidden]').forEach(function (button) { button.hidden = false; });
}
// A profile photo that cannot be shown (gone, not an image, blocked) is removed, uncovering the initials.
// decode() settles once the image has loaded or failed, even if it failed before this script ran.
document.querySelectorAll('.avatar img').forEach(function (img) {
  img.decode().catch(function () { img.remove(); });
});
`;

export const FAVICON_PATH = '/assets/favicon.svg';

/** The Byline "B" on the accent colour, served at FAVICON_PATH (and /favicon.ico leads there). */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<rect width="64" height="64" rx="14" fill="#0b5cad"/>
<path fill="#fff" d="M20 14h15c7.2 0 11.5 3.6 11.5 9.3 0 3.8-2 6.5-5.3 7.7 4.3 1 7 4.2 7 8.6 0 6.4-4.8 10.4-12.6 10.4H20zm8 6.6v8.2h6c3.1 0 4.8-1.5 4.8-4.1s-1.7-4.1-4.8-4.1zm0 14.6v8.2h6.8c3.4 0 5.3-1.5 5.3-4.1s-1.9-4.1-5.3-4.1z"/>
</svg>
`;
