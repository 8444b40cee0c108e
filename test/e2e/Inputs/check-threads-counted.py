"""Checks the run report of test/e2e/threads-counted-after-exit.c."""
import json
import sys

REGIONS = 4 * 600 + 40 * 30 + 100  # a copy in and a copy back each
KEPT = 4096

report = json.load(open(sys.argv[1]))


def fail(message):
    sys.exit(f"threads-counted-after-exit: {message}")


def check_flow(where, tally):
    for direction in ("to_device", "from_device"):
        flow = tally[direction]
        if flow["copies"] != REGIONS or flow["bytes"] != 16 * REGIONS:
            fail(f"{where} {direction} {flow}, expected {REGIONS} copies of 16 bytes")


check_flow("totals", report["totals"])
devices = report["devices"]
if len(devices) != 1 or devices[0]["device"] != 0:
    fail(f"devices {devices}, expected device 0 alone")
check_flow("device 0", devices[0])
rows = report["transfers"]
if len(rows) != 1:
    fail(f"{len(rows)} rows, expected the one map site")
check_flow(f"row {rows[0]['variable']}", rows[0])
if len(report["timeline"]) != KEPT or report["timeline_not_kept"] != 2 * REGIONS - KEPT:
    fail(f"timeline keeps {len(report['timeline'])} and not {report['timeline_not_kept']}, "
         f"expected {KEPT} and {2 * REGIONS - KEPT}")
