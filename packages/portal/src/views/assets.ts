/** The portal's stylesheet and its one script, served from /assets so the CSP can forbid inline code. */
export const STYLESHEET = `
:root { --ink: #1d232b; --muted: #5b6572; --line: #d6dbe1; --accent: #0b5cad; --bad: #b3261e; --good: #1e7a3c; --bg: #f6f7f9; }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
a { color: var(--accent); }
header.top { background: #fff; border-bottom: 1px solid var(--line); }
header.top .bar { max-width: 960px; margin: 0 auto; padding: .75rem 1rem; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; }
header.top .brand { font-weight: 700; text-decoration: none; color: var(--ink); margin-right: auto; }
nav a { margin-right: .75rem; }
main { max-width: 960px; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.6rem; margin: .5rem 0 1rem; }
h2 { font-size: 1.2rem; margin-top: 2rem; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin-bottom: 1rem; }
.field { margin-bottom: 1rem; }
.field label { display: block; font-weight: 600; margin-bottom: .25rem; }
.field input:not([type=checkbox]), .field textarea, .field select { width: 100%; padding: .55rem .6rem; font: inherit; border: 1px solid var(--line); border-radius: 6px; background: #fff; }
.field.checkbox { display: flex; gap: .5rem; align-items: center; }
.field.checkbox label { margin: 0; font-weight: 400; }
.has-error input, .has-error textarea { border-color: var(--bad); }
.error, .form-error { color: var(--bad); margin: .25rem 0 0; }
.form-error { background: #fdecea; padding: .5rem .75rem; border-radius: 6px; }
.notice { background: #e8f1fb; padding: .5rem .75rem; border-radius: 6px; }
.hint { color: var(--muted); font-size: .9rem; margin: .25rem 0 0; }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 0 1rem; }
button, .button { display: inline-block; font: inherit; padding: .55rem 1rem; border-radius: 6px; border: 1px solid var(--accent); background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; }
button.secondary { background: #fff; color: var(--accent); }
button.danger { background: #fff; color: var(--bad); border-color: var(--bad); }
form.inline { display: inline; }
.badge { display: inline-block; padding: .1rem .5rem; border-radius: 999px; font-size: .85rem; background: #e7eaee; }
.badge.verified { background: var(--good); color: #fff; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
.secret { font-family: ui-monospace, monospace; word-break: break-all; background: #fff8e1; padding: .5rem; border-radius: 6px; }
.profile-head { display: flex; gap: 1rem; align-items: center; flex-wrap: wrap; }
.profile-head img { width: 96px; height: 96px; border-radius: 50%; object-fit: cover; }
ul.plain { list-style: none; padding: 0; }
figure.usage { margin: 0 0 1rem; }
progress { width: 100%; min-width: 80px; }
@media (max-width: 600px) {
  table, thead, tbody, tr, th, td { display: block; }
  thead { display: none; }
  tr { border-bottom: 1px solid var(--line); padding: .5rem 0; }
  td { border: 0; padding: .15rem 0; }
  td[data-label]::before { content: attr(data-label) ": "; font-weight: 600; }
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
`;
