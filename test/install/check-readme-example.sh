#!/usr/bin/env bash
# check-readme-example.sh BUILD_DIR: run the walkthrough of README.md's
# "Using it" exactly as written there (the block between the readme-example
# markers), from a directory that looks like a clone's top (build/, docs/
# and rtl/ are the real ones), and check what each step left: the rewritten
# file and the static report name the example, the program runs under the
# plugin with identical output, the run report and both report outputs name
# saxpy.c, and the audit writes a SARIF log.
set -euo pipefail
build=$(cd "$1" && pwd)
source_root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "check-readme-example: $*" >&2; exit 1; }

sed -n '/<!-- readme-example: begin -->/,/<!-- readme-example: end -->/p' \
  "$source_root/README.md" | sed -n '/^```sh/,/^```$/p' | sed '/^```/d' >"$work/example.sh"
[ "$(grep -c . "$work/example.sh")" -ge 6 ] ||
  { cat "$work/example.sh" >&2; fail "no walkthrough in README.md"; }
clone=$work/clone
mkdir "$clone"
ln -s "$build" "$clone/build"
ln -s "$source_root/docs" "$clone/docs"
ln -s "$source_root/rtl" "$clone/rtl"
(cd "$clone" && OMP_TARGET_OFFLOAD=MANDATORY bash -euo pipefail "$work/example.sh") \
  >"$work/out.txt" 2>"$work/err.txt" ||
  { cat "$work/out.txt" "$work/err.txt" >&2; fail "the walkthrough's commands failed"; }

grep -q '#pragma omp target' "$clone/saxpy.omp.c" || fail "saxpy.omp.c has no target region"
"$clone/saxpy" >"$work/bare.txt" || fail "saxpy failed without the plugin"
grep -q . "$work/bare.txt" || fail "saxpy printed nothing"
grep -qF -f "$work/bare.txt" "$work/out.txt" || fail "saxpy's output under the plugin differs"
grep -q '^ownmap: transfer summary' "$work/err.txt" || fail "no transfer summary"
python3 - "$clone" "$work/out.txt" <<'PY' || fail "the reports lack the example"
import json, sys
clone, out = sys.argv[1], open(sys.argv[2]).read()
static = json.load(open(f"{clone}/saxpy.report.json"))
assert static["schema"].startswith("ownmap-rewrite-report/"), static["schema"]
run = json.load(open(f"{clone}/run.json"))
assert run["schema"] == "ownmap-run-report/2", run["schema"]
files = {row["file"] for row in run["transfers"]}
assert files == {"saxpy.c"}, files
assert "saxpy.c:" in out, "the text summary names no saxpy.c line"
page = open(f"{clone}/report.html").read()
assert "saxpy.c" in page and "<svg" in page, "the page lacks the example"
sarif = json.load(open(f"{clone}/audit.sarif"))
assert sarif["version"] == "2.1.0", sarif.get("version")
PY
echo "check-readme-example: ok"
