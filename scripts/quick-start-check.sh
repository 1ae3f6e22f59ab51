#!/usr/bin/env bash
# Runs the README's Quick start as a newcomer would: a fresh clone of this repository's HEAD, in a fresh home (no npm
# cache, no ~/.npmrc, no Node.js 24 yet), with the shell lines copied from the README's Quick start as written:
# install Node.js 24 from the npm registry, `npm ci`, `npm start` until it serves, then `npx byline --help` and
# `npx byline demo` in "a second terminal". Needs only the npm registry (and git); exits non-zero on the first
# failure. Slow (a whole install and build, minutes): not part of `npm test`.
#   bash scripts/quick-start-check.sh [WORK_DIR]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="${1:-$(mktemp -d /tmp/byline-quick-start.XXXXXX)}"
mkdir -p "$work"
echo "quick start check in $work"

# The README's lines: the first two fenced sh blocks of "## Quick start" (Node.js 24, then npm ci / start / test).
readme_block() {
  awk -v want="$1" '
    /^## Quick start/ { inside = 1; next }
    inside && /^## / { exit }
    inside && /^```sh/ { block++; copying = (block == want); next }
    inside && /^```/ { copying = 0; next }
    copying { print }
  ' "$repo/README.md"
}
node_lines="$(readme_block 1)"
npm_ci_line="$(readme_block 2 | grep -E '^npm ci\b')"
[ -n "$node_lines" ] && [ -n "$npm_ci_line" ] || { echo "cannot find the Quick start's lines in README.md"; exit 1; }

rm -rf "$work/home" "$work/byline"
mkdir -p "$work/home"
git clone --quiet "$repo" "$work/byline"

# A fresh login: its own HOME, a plain PATH (the machine's own Node first, as on a new machine), none of this
# shell's npm settings. Kept from this shell: how the machine reaches the network (proxies, the certificate
# authorities a proxy that inspects TLS needs), and the services' ports, which may be moved on a shared machine.
kept=()
for name in HTTPS_PROXY https_proxy HTTP_PROXY http_proxy NO_PROXY no_proxy NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR \
  ARTICLE_VERIFIER_PORT JOURNALIST_VERIFIER_PORT PORTAL_PORT WORKER_PORT; do
  if [ -n "${!name:-}" ]; then kept+=("$name=${!name}"); fi
done
env -i HOME="$work/home" PATH=/usr/local/bin:/usr/bin:/bin TERM=dumb LANG=C.UTF-8 "${kept[@]}" bash -euo pipefail -c "
  cd '$work/byline'
  echo '--- the machine node:' \$(node --version 2>/dev/null || echo none)
  $node_lines
  echo '--- node:' \$(node --version)
  $npm_ci_line
  # In its own session, so that it and every service it starts can be stopped together afterwards.
  setsid npm start > '$work/npm-start.log' 2>&1 &
  echo \$! > '$work/npm-start.pid'
  for _ in \$(seq 1 600); do grep -q '^portal ' '$work/npm-start.log' && break; sleep 1; done
  cat '$work/npm-start.log'
  grep -q '^portal ' '$work/npm-start.log' || { echo 'npm start did not come up'; exit 1; }
  npx byline --help
  npx byline demo
" || status=$?
# npm start leads its own session: Ctrl-C for the whole group, as a terminal would send it.
if [ -f "$work/npm-start.pid" ]; then kill -INT -- "-$(cat "$work/npm-start.pid")" 2>/dev/null || true; sleep 3; fi
exit "${status:-0}"
