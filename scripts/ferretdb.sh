#!/usr/bin/env bash
# Builds FerretDB (the MongoDB wire protocol over SQLite) once into a cache directory and prints the
# binary's path on stdout; build output goes to stderr. The test setup starts it; CI calls this first:
#   export FERRETDB_BIN="$(scripts/ferretdb.sh)"
#
# Why not `go install …@v1.24.2`: the module proxy refuses its deprecation lookup, and a binary built
# straight from the module panics at start because build/version/version.txt (go:embed'ed, normally
# generated from git) is absent. So: fetch the module source, write version.txt, build from that copy.
set -euo pipefail

VERSION=v1.24.2
MODULE=github.com/FerretDB/FerretDB
OUT_DIR="${BYLINE_TOOLS_DIR:-$HOME/.cache/byline-tools}/ferretdb-$VERSION"
BIN="$OUT_DIR/ferretdb"

if [ -x "$BIN" ]; then
  echo "$BIN"
  exit 0
fi

if ! command -v go >/dev/null 2>&1; then
  echo "ferretdb.sh: Go (1.22 or later) is needed to build FerretDB $VERSION" >&2
  exit 1
fi

work="$(mktemp -d)"
trap 'chmod -R u+w "$work" 2>/dev/null || true; rm -rf "$work"' EXIT

echo "ferretdb.sh: building FerretDB $VERSION into $OUT_DIR (takes a few minutes the first time)" >&2
module_dir="$(cd "$work" && go mod download -json "$MODULE@$VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
if [ -z "$module_dir" ] || [ ! -d "$module_dir" ]; then
  echo "ferretdb.sh: could not download $MODULE@$VERSION" >&2
  exit 1
fi

cp -R "$module_dir" "$work/src"
chmod -R u+w "$work/src"
printf '%s' "$VERSION" >"$work/src/build/version/version.txt"
printf '%s' "byline" >"$work/src/build/version/package.txt"

mkdir -p "$OUT_DIR"
# The SQLite backend is pure Go (modernc.org/sqlite) and built by default (tag ferretdb_no_sqlite opts out).
(cd "$work/src" && CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -trimpath -o "$work/ferretdb" ./cmd/ferretdb) >&2
"$work/ferretdb" --version >&2
mv -f "$work/ferretdb" "$BIN"
echo "$BIN"
