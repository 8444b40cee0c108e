#!/usr/bin/env python3
"""check-run-report.py REPORT [expectations]: load an ownmap run report
(schema ownmap-run-report/2) with json.load, check every field's presence and
type, that rows and devices add up to the totals (copies, elisions per reason,
time) and that the timeline is consistent, then the expectations given:

  --program PATH                  "program" is PATH
  --setting NAME=VALUE            settings[NAME] is VALUE (JSON text, e.g. true, "fast")
  --device DEV TOB TOC FROMB FROMC
  --row VARIABLE FILE LINE TOB TOC FROMB FROMC   (LINE may be null)
  --rows N                        exactly N transfer rows
  --finding KIND SEVERITY VARIABLE FILE LINE     (VARIABLE, LINE may be null)
  --findings N                    exactly N findings
Exits 1 with a message naming the first mismatch.
"""
import argparse
import json
import sys


def fail(message):
    sys.exit("check-run-report: " + message)


DIRECTIONS = ("to_device", "from_device")
REASONS = ("unchanged", "restored-on-device", "not-needed")
TALLY_KEYS = {"to_device", "from_device", "elided_to_device", "elided_from_device"}


def count(where, value):
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        fail(f"{where} is {value!r}")


def check_tally(where, tally):
    for direction in DIRECTIONS:
        part = tally.get(direction)
        if not isinstance(part, dict) or set(part) != {"bytes", "copies", "time_ns"}:
            fail(f"{where}: {direction} is {part!r}")
        for key in part:
            count(f"{where}: {direction}.{key}", part[key])
        elided = tally.get("elided_" + direction)
        if not isinstance(elided, dict) or set(elided) != {"bytes", "copies", "reasons"} \
                or not isinstance(elided["reasons"], dict) or set(elided["reasons"]) != set(REASONS):
            fail(f"{where}: elided_{direction} is {elided!r}")
        for key in ("bytes", "copies"):
            count(f"{where}: elided_{direction}.{key}", elided[key])
        for reason in REASONS:
            count(f"{where}: elided_{direction}.reasons.{reason}", elided["reasons"][reason])
        if sum(elided["reasons"].values()) != elided["bytes"]:
            fail(f"{where}: elided_{direction} reasons do not add up to its bytes")


def add(tallies):
    """The sum of the tallies, as a flat dict of every count."""
    zero = {"bytes": 0, "copies": 0, "time_ns": 0}
    no_elision = {"bytes": 0, "copies": 0, "reasons": dict.fromkeys(REASONS, 0)}
    total = {}
    for tally in [{d: zero for d in DIRECTIONS} |
                  {"elided_" + d: no_elision for d in DIRECTIONS}] + list(tallies):
        for direction in DIRECTIONS:
            for key in ("bytes", "copies", "time_ns"):
                name = (direction, key)
                total[name] = total.get(name, 0) + tally[direction][key]
            elided = tally["elided_" + direction]
            for key in ("bytes", "copies"):
                name = ("elided", direction, key)
                total[name] = total.get(name, 0) + elided[key]
            for reason in REASONS:
                name = ("elided", direction, reason)
                total[name] = total.get(name, 0) + elided["reasons"][reason]
    return total


def flow_of(tob, toc, fromb, fromc):
    return {"to_device": (int(tob), int(toc)), "from_device": (int(fromb), int(fromc))}


def flows_match(entry, want):
    return all((entry[d]["bytes"], entry[d]["copies"]) == want[d] for d in DIRECTIONS)


def line_of(text):
    return None if text == "null" else int(text)


def check_timeline(report):
    rows = {(r["variable"], r["file"], r["line"]) for r in report["transfers"]}
    for event in report["timeline"]:
        if set(event) != {"t_ns", "duration_ns", "device", "variable", "file", "line",
                          "direction", "bytes", "elided", "reason"}:
            fail(f"timeline event {event!r}")
        for key in ("t_ns", "duration_ns", "bytes"):
            count(f"timeline event {key}", event[key])
        if event["direction"] not in DIRECTIONS or not isinstance(event["elided"], bool):
            fail(f"timeline event {event!r}")
        if (event["reason"] in REASONS) != event["elided"]:
            fail(f"timeline event reason {event!r}")
        if (event["variable"], event["file"], event["line"]) not in rows:
            fail(f"timeline event of no transfer row: {event!r}")
    count("timeline_not_kept", report["timeline_not_kept"])
    if report["timeline_not_kept"] == 0:
        copies = sum(report["totals"][d]["copies"] + report["totals"]["elided_" + d]["copies"]
                     for d in DIRECTIONS)
        if copies != len(report["timeline"]):
            fail(f"{len(report['timeline'])} timeline events for {copies} copies and elisions")


def check_structure(report):
    expected_keys = {"schema", "ownmap_version", "program", "pid", "rank", "settings",
                     "devices", "transfers", "totals", "findings", "findings_not_kept",
                     "timeline", "timeline_not_kept"}
    if set(report) != expected_keys:
        fail(f"top-level keys are {sorted(report)}")
    if not isinstance(report["pid"], int) or report["pid"] <= 0:
        fail(f"pid is {report['pid']!r}")
    if report["schema"] != "ownmap-run-report/2":
        fail(f"schema is {report['schema']!r}")
    if not isinstance(report["settings"], dict) or not report["settings"]:
        fail("settings is not a non-empty object")
    for device in report["devices"]:
        if set(device) != {"device"} | TALLY_KEYS:
            fail(f"device entry {device!r}")
        check_tally(f"device {device['device']}", device)
    for row in report["transfers"]:
        if set(row) != {"variable", "file", "line"} | TALLY_KEYS:
            fail(f"transfer row {row!r}")
        check_tally(f"row {row['variable']}", row)
    if set(report["totals"]) != TALLY_KEYS:
        fail(f"totals {report['totals']!r}")
    check_tally("totals", report["totals"])
    totals = add([report["totals"]])
    if add(report["transfers"]) != totals:
        fail(f"the rows add up to {add(report['transfers'])}, totals are {totals}")
    if add(report["devices"]) != totals:
        fail(f"the devices add up to {add(report['devices'])}, totals are {totals}")
    for finding in report["findings"]:
        if set(finding) != {"kind", "severity", "variable", "file", "line", "message"}:
            fail(f"finding {finding!r}")
        if finding["severity"] not in ("error", "warning") or not finding["message"]:
            fail(f"finding {finding!r}")
    if report["findings_not_kept"] != 0:
        fail(f"findings_not_kept is {report['findings_not_kept']}")
    check_timeline(report)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("report")
    parser.add_argument("--program")
    parser.add_argument("--setting", action="append", default=[])
    parser.add_argument("--device", nargs=5, action="append", default=[])
    parser.add_argument("--row", nargs=7, action="append", default=[])
    parser.add_argument("--rows", type=int)
    parser.add_argument("--finding", nargs=5, action="append", default=[])
    parser.add_argument("--findings", type=int)
    parser.add_argument("--rank", type=int, help="the MPI rank (default: none, null)")
    args = parser.parse_args()
    with open(args.report, encoding="utf-8") as f:
        report = json.load(f)
    check_structure(report)
    if report["rank"] != args.rank:
        fail(f"rank is {report['rank']!r}, want {args.rank!r}")
    if args.program is not None and report["program"] != args.program:
        fail(f"program is {report['program']!r}, want {args.program!r}")
    for setting in args.setting:
        name, value = setting.split("=", 1)
        if report["settings"].get(name, "<absent>") != json.loads(value):
            fail(f"setting {name} is {report['settings'].get(name, '<absent>')!r}, want {value}")
    for dev, *flow in args.device:
        want = flow_of(*flow)
        if not any(d["device"] == int(dev) and flows_match(d, want) for d in report["devices"]):
            fail(f"no device entry {dev} {want}; devices: {report['devices']}")
    for variable, file, line, *flow in args.row:
        want = flow_of(*flow)
        if not any((r["variable"], r["file"], r["line"]) == (variable, file, line_of(line))
                   and flows_match(r, want) for r in report["transfers"]):
            fail(f"no row {variable} {file} {line} {want}; "
                 f"rows: {json.dumps(report['transfers'], indent=1)}")
    if args.rows is not None and len(report["transfers"]) != args.rows:
        fail(f"{len(report['transfers'])} rows, want {args.rows}")
    for kind, severity, variable, file, line in args.finding:
        want = (kind, severity, None if variable == "null" else variable, file, line_of(line))
        found = [(f["kind"], f["severity"], f["variable"], f["file"], f["line"])
                 for f in report["findings"]]
        if want not in found:
            fail(f"no finding {want}; findings: {found}")
    if args.findings is not None and len(report["findings"]) != args.findings:
        fail(f"{len(report['findings'])} findings, want {args.findings}")
    print(f"check-run-report: ok ({len(report['transfers'])} rows, "
          f"{len(report['findings'])} findings)")


main()
