#!/usr/bin/env python3
"""check-run-report.py REPORT [expectations]: load an ownmap run report
(schema ownmap-run-report/1) with json.load, check every field's presence and
type and that the totals add up, then the expectations given:

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


def check_flow(where, flow):
    for direction in ("to_device", "from_device"):
        part = flow.get(direction)
        if not isinstance(part, dict) or set(part) != {"bytes", "copies"}:
            fail(f"{where}: {direction} is {part!r}")
        for key in ("bytes", "copies"):
            if not isinstance(part[key], int) or part[key] < 0:
                fail(f"{where}: {direction}.{key} is {part[key]!r}")


def add(flows):
    total = {d: {"bytes": 0, "copies": 0} for d in ("to_device", "from_device")}
    for flow in flows:
        for d in total:
            for key in ("bytes", "copies"):
                total[d][key] += flow[d][key]
    return total


def flow_of(tob, toc, fromb, fromc):
    return {"to_device": {"bytes": int(tob), "copies": int(toc)},
            "from_device": {"bytes": int(fromb), "copies": int(fromc)}}


def line_of(text):
    return None if text == "null" else int(text)


def check_structure(report):
    expected_keys = {"schema", "ownmap_version", "program", "settings", "devices",
                     "transfers", "totals", "findings", "findings_not_kept"}
    if set(report) != expected_keys:
        fail(f"top-level keys are {sorted(report)}")
    if report["schema"] != "ownmap-run-report/1":
        fail(f"schema is {report['schema']!r}")
    if not isinstance(report["settings"], dict) or not report["settings"]:
        fail("settings is not a non-empty object")
    for device in report["devices"]:
        if set(device) != {"device", "to_device", "from_device"}:
            fail(f"device entry {device!r}")
        check_flow(f"device {device['device']}", device)
    for row in report["transfers"]:
        if set(row) != {"variable", "file", "line", "to_device", "from_device"}:
            fail(f"transfer row {row!r}")
        check_flow(f"row {row['variable']}", row)
    check_flow("totals", report["totals"])
    totals = {d: report["totals"][d] for d in ("to_device", "from_device")}
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
    args = parser.parse_args()
    with open(args.report, encoding="utf-8") as f:
        report = json.load(f)
    check_structure(report)
    if args.program is not None and report["program"] != args.program:
        fail(f"program is {report['program']!r}, want {args.program!r}")
    for setting in args.setting:
        name, value = setting.split("=", 1)
        if report["settings"].get(name, "<absent>") != json.loads(value):
            fail(f"setting {name} is {report['settings'].get(name, '<absent>')!r}, want {value}")
    for dev, *flow in args.device:
        want = dict(device=int(dev), **flow_of(*flow))
        if want not in report["devices"]:
            fail(f"no device entry {want}; devices: {report['devices']}")
    for variable, file, line, *flow in args.row:
        want = dict(variable=variable, file=file, line=line_of(line), **flow_of(*flow))
        if want not in report["transfers"]:
            fail(f"no row {want}; rows: {json.dumps(report['transfers'], indent=1)}")
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
