#!/usr/bin/env bash
# render-in-chromium.sh PAGE PNG: render an ownmap-report HTML page in
# headless Chromium and fail unless it rendered cleanly:
#  - a screenshot PNG of more than 20 KB is written (a blank page is less);
#  - the page's script finished: the DOM has data-ownmap-rendered="ok"
#    (it throws before setting it when a plot is missing);
#  - Chromium logged no console message (the page logs none, so any is an
#    uncaught exception or a resource it could not load).
# Chromium missing is a failure, not a skip: scripts/setup installs it.
set -euo pipefail
page=$1 png=$2
fail() { echo "render-in-chromium: $*" >&2; exit 1; }
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || fail "chromium is not installed (scripts/setup installs it)"
[ -f "$page" ] || fail "no page $page"
url="file://$(cd "$(dirname "$page")" && pwd)/$(basename "$page")"
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
run() {
  timeout 60 "$browser" --headless --no-sandbox --disable-gpu --no-first-run \
    --user-data-dir="$profile" --enable-logging=stderr --v=0 "$@" "$url"
}
rm -f "$png"
run --screenshot="$png" --window-size=1280,2400 >"$profile/shot.log" 2>&1 ||
  { cat "$profile/shot.log" >&2; fail "chromium --screenshot failed"; }
[ -f "$png" ] || fail "no screenshot written"
[ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$png is not a PNG"
size=$(stat -c %s "$png")
[ "$size" -gt 20000 ] || fail "$png is only $size bytes: nothing rendered"
run --dump-dom >"$profile/dom.html" 2>"$profile/dom.log" ||
  { cat "$profile/dom.log" >&2; fail "chromium --dump-dom failed"; }
grep -q 'data-ownmap-rendered="ok"' "$profile/dom.html" ||
  fail "the page's script did not finish rendering (no data-ownmap-rendered=\"ok\")"
if grep -h ':CONSOLE' "$profile/shot.log" "$profile/dom.log" >&2; then
  fail "console messages while rendering $page"
fi
echo "render-in-chromium: ok ($page, $size bytes of PNG)"
