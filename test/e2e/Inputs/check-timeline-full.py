"""Checks the run report of test/e2e/timeline-full-kernels.c."""
import json
import sys

STEPS, KEPT = 2100, 4096

report = json.load(open(sys.argv[1]))


def fail(message):
    sys.exit(f"timeline-full-kernels: {message}")


events = report["timeline"]
if len(events) != KEPT:
    fail(f"{len(events)} events kept, expected {KEPT}")
if report["timeline_not_kept"] != 2 * STEPS - KEPT:
    fail(f"timeline_not_kept {report['timeline_not_kept']}, expected {2 * STEPS - KEPT}")
totals = report["totals"]
for direction in ("to_device", "from_device"):
    if totals[direction]["copies"] != STEPS or totals[direction]["bytes"] != 16 * STEPS:
        fail(f"{direction} totals {totals[direction]}, expected {STEPS} copies of 16 bytes")
last = 0
for i, event in enumerate(events):
    expected = "to_device" if i % 2 == 0 else "from_device"
    if event["direction"] != expected or event["bytes"] != 16 or event["duration_ns"] != 0:
        fail(f"event {i} {event}, expected an untimed copy of 16 bytes {expected}")
    if event["t_ns"] <= 0 or event["t_ns"] < last:
        fail(f"event {i} at {event['t_ns']} ns, after an event at {last} ns: not stamped in order")
    last = event["t_ns"]
