#!/usr/bin/env bash
# check-report-example.sh BUILD_DIR: install BUILD_DIR into a scratch
# prefix and run the ownmap-report example of docs/reports.md exactly as
# written there (the block between the report-example markers): the CMake
# example project built with ownmap_rewrite_target against the install, run
# under the plugin with a run report, the reports merged into HTML and text.
# Then check what both say (variables, bytes, the static maps, a
# suggestion) and render the page in headless Chromium.
set -euo pipefail
build=$1
here=$(cd "$(dirname "$0")" && pwd)
source_root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-report-example: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$work/prefix" >/dev/null
[ -x "$work/prefix/bin/ownmap-report" ] || fail "ownmap-report not installed in bin/"

# The commands of the example, as a reader copies them, run from a
# directory that looks like a clone's top (docs/ is the real one).
sed -n '/<!-- report-example: begin -->/,/<!-- report-example: end -->/p' \
  "$source_root/docs/reports.md" | sed '/^<!--/d; /^```/d' >"$work/example.sh"
[ "$(grep -c . "$work/example.sh")" -ge 5 ] ||
  { cat "$work/example.sh" >&2; fail "no example in docs/reports.md"; }
mkdir "$work/clone"
ln -s "$source_root/docs" "$work/clone/docs"
(cd "$work/clone" && PREFIX="$work/prefix" PATH="$work/prefix/bin:$PATH" \
   OMP_TARGET_OFFLOAD=MANDATORY bash -euo pipefail "$work/example.sh") \
  >"$work/out.txt" 2>"$work/err.txt" ||
  { cat "$work/out.txt" "$work/err.txt" >&2; fail "the example's commands failed"; }

# The text summary (the last command's output) and the page.
python3 - "$work/out.txt" "$work/clone/heat.html" <<'PY' || fail "the reports lack what the run did"
import re, sys
text, page = open(sys.argv[1]).read(), open(sys.argv[2]).read()
# The map names of diffuse's loop, as rewritten: lengths guarded for n < 3
# (in the page, '>' is escaped).
FROM = r"from\[0:\(n - 1 (?:>|&gt;) 1 \? n : 0\)\]"
TO = r"to\[1:\(n - 1 (?:>|&gt;) 1 \? n - 2 : 0\)\]"
def need(what, where, name):
    if not re.search(what, where):
        sys.exit(f"{name} lacks {what!r}:\n{where}")
# The program's own line comes first, then the summary.
need(r"heat steps 20 total 1024\.000000", text, "output")
# Per variable: the static map next to the bytes and copies the run made
# (20 steps of 4096 cells of 8 bytes to the device, the interior back).
need(FROM + r" +stencil\.c:7 +to +655360 +20 +0 +0 +0 +0\n", text, "text")
need(TO + r" +stencil\.c:7 +from +0 +0 +655040 +20 +0 +0\n", text, "text")
need(r"cells\[0:\(n > 0 \? n : 0\)\] +stencil\.c:12 +to +32768 +1 ", text, "text")
need(r"total +stencil\.c:13 +tofrom +8 +1 +8 +1 ", text, "text")
need(r"suggestions:\n  - " + FROM + r" \(stencil\.c:7\) is copied to the device 20 times, "
     r"32 KiB each \(in the loop of diffuse at stencil\.c:8\): .*"
     r"#pragma omp target data map\(to: " + FROM + r"\) around the loop that calls diffuse "
     r"\(offloaded at stencil\.c:8\) saves 608 KiB host->device", text, "text")
need(r'<td class="name">' + FROM + r'</td><td class="name">stencil\.c:7</td>'
     r'<td class="name">to \(loop at stencil\.c:8\)</td><td title="655360 bytes">640 KiB',
     page, "page")
need(r'<td class="name">' + TO + r'</td>.*<td title="655040 bytes">', page, "page")
need(r'<li class="suggestion" data-kind="check-data-region">' + FROM + r' \(stencil\.c:7\) '
     r'is copied to the device 20 times', page, "page")
need(r'<svg class="plot" id="bytes-per-region".*diffuse stencil\.c:8', page, "page")
need(r'<svg class="plot timeline".*<title>' + FROM + r' host-(?:>|&gt;)device 32768 bytes at \d+ ns, '
     r'not timed</title>', page, "page")
PY
"$source_root/test/report/render-in-chromium.sh" "$work/clone/heat.html" "$work/heat.png"
echo "check-report-example: ok"
