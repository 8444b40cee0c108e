#!/usr/bin/env bash
# check-cmake-project.sh BUILD_DIR CLANG: install BUILD_DIR into a scratch
# prefix, build docs/examples/cmake-project against it with clang (its
# CMakeLists uses find_package(ownmap) and ownmap_rewrite_target), run it
# under the installed ownmap-run with a run report, and check that its
# output equals a serial build's of the same sources and that both reports
# (the rewriter's and the run's) say what happened.
set -euo pipefail
build=$1 clang=$2
here=$(cd "$(dirname "$0")" && pwd)
example=$(cd "$here/../../docs/examples/cmake-project" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
fail() { echo "check-cmake-project: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$prefix" >/dev/null
[ -f "$prefix/lib/cmake/ownmap/ownmapRewrite.cmake" ] || fail "ownmapRewrite.cmake not installed"

cmake -S "$example" -B "$work/build" -G Ninja -DCMAKE_C_COMPILER="$clang" \
      -DCMAKE_PREFIX_PATH="$prefix" >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log" >&2; fail "configuring the example failed"; }
cmake --build "$work/build" >"$work/build.log" 2>&1 ||
  { cat "$work/build.log" >&2; fail "building the example failed"; }

# The annotated source was rewritten into the build tree, with its report.
rewritten=$work/build/ownmap/heat/stencil.omp.c
grep -q '#pragma omp target teams distribute parallel for map(to: from\[0:(n - 1 > 1 ? n : 0)\]) map(from: to\[1:(n - 1 > 1 ? n - 2 : 0)\])' \
  "$rewritten" || { cat "$rewritten" >&2; fail "stencil.c was not rewritten as expected"; }
python3 - "$work/build/ownmap/heat/stencil.report.json" <<'PY' || fail "bad rewrite report"
import json, sys
report = json.load(open(sys.argv[1]))
assert report["schema"] == "ownmap-rewrite-report/1", report["schema"]
kernels = sorted(loop["kernel"] for loop in report["loops"])
assert kernels == ["diffuse", "sum"], kernels
assert not [f for f in report["findings"] if f["level"] == "error"], report["findings"]
PY

# The serial build of the same sources is the reference.
"$clang" -O1 -DHEAT_STEPS=20 -I"$prefix/include" -o "$work/serial" "$example/main.c" \
  "$example/stencil.c"
want=$("$work/serial")
got=$(cd "$work" && OMP_TARGET_OFFLOAD=MANDATORY "$prefix/bin/ownmap-run" --report run.json -- \
      "$work/build/heat")
[ "$got" = "$want" ] || fail "offload build printed '$got', serial build '$want'"
case $want in "heat steps 20 total 1024.000000 "*) ;; *) fail "unexpected output '$want'" ;; esac

python3 - "$work/run.json" "$work/build/heat" <<'PY' || fail "bad run report"
import json, sys
report = json.load(open(sys.argv[1]))
assert report["schema"] == "ownmap-run-report/2", report["schema"]
assert report["program"].endswith("/heat"), report["program"]
assert report["findings"] == [], report["findings"]
rows = {(r["variable"], r["file"]): r for r in report["transfers"]}
steps, cells = 20, 4096
def flow(name, direction):
    row = rows[(name, "stencil.c")]  # the source, by the rewritten file's #line
    return (row[direction]["copies"], row[direction]["bytes"])
# Each step maps `from` (all cells) to the device and the interior of `to`
# back; the sum maps the cells once and its scalar both ways.
assert flow("from[0:(n - 1 > 1 ? n : 0)]", "to_device") == (steps, steps * cells * 8), rows
assert flow("from[0:(n - 1 > 1 ? n : 0)]", "from_device") == (0, 0), rows
assert flow("to[1:(n - 1 > 1 ? n - 2 : 0)]", "from_device") == (steps, steps * (cells - 2) * 8), rows
assert flow("cells[0:(n > 0 ? n : 0)]", "to_device") == (1, cells * 8), rows
assert flow("total", "from_device") == (1, 8), rows
assert [d["device"] for d in report["devices"]] == [0], report["devices"]
PY
# OWNMAP_OFFLOAD_TARGETS picks the offload triples; empty adds no OpenMP
# flags (the caller's own). Configure only: the compile commands say it.
offload_flags_with() {
  cmake -S "$example" -B "$work/flags" -G Ninja -DCMAKE_C_COMPILER="$clang" \
        -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON "$@" >/dev/null
  python3 - "$work/flags/compile_commands.json" <<'PY'
import json, sys
commands = {e["file"].rsplit("/", 1)[-1]: e["command"] for e in json.load(open(sys.argv[1]))}
print(" ".join(w for w in commands["stencil.omp.c"].split() if w.startswith("-fopenmp")))
PY
}
[ "$(offload_flags_with)" = "-fopenmp -fopenmp-targets=x86_64-pc-linux-gnu" ] ||
  fail "default offload flags: '$(offload_flags_with)'"
[ "$(offload_flags_with -DOWNMAP_OFFLOAD_TARGETS=nvptx64-nvidia-cuda)" = \
  "-fopenmp -fopenmp-targets=nvptx64-nvidia-cuda" ] || fail "OWNMAP_OFFLOAD_TARGETS not used"
rm -rf "$work/flags"
[ -z "$(offload_flags_with -DOWNMAP_OFFLOAD_TARGETS=)" ] ||
  fail "OWNMAP_OFFLOAD_TARGETS= still added OpenMP flags"
echo "check-cmake-project: ok ($got)"
