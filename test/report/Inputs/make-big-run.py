#!/usr/bin/env python3
"""make-big-run.py OUT.json [EVENTS [SITES]]: a run report
(ownmap-run-report/2) of a big run, made up: EVENTS (default 100,000)
copies on the timeline, over 200 buffers; SITES (default EVENTS) rows
(variable and source location) and as many findings; and one row, lane
and finding that stand out (the largest, an error), so that a test can
check that the page keeps them. The plugin itself keeps at most 4096 events,
512 rows and 256 findings per process; merged reports and other writers
can have more."""
import json
import sys


def flow(bytes_, copies, time_ns=0):
    return {"bytes": bytes_, "copies": copies, "time_ns": time_ns}


def elided(bytes_, copies):
    return {"bytes": bytes_, "copies": copies,
            "reasons": {"unchanged": bytes_, "restored-on-device": 0, "not-needed": 0}}


def row(variable, file, line, to, back, skipped):
    return {"variable": variable, "file": file, "line": line,
            "to_device": flow(to, 1, 1000), "from_device": flow(back, 1 if back else 0),
            "elided_to_device": elided(skipped, 1 if skipped else 0),
            "elided_from_device": elided(0, 0)}


def main():
    out = sys.argv[1]
    events = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    count = int(sys.argv[3]) if len(sys.argv) > 3 else events
    rows = [row(f"v{i}[0:n]", f"gen{i % 50}.c", 10 + i, 4096 + i, 4096 if i % 3 == 0 else 0,
                8192 if i % 5 == 0 else 0) for i in range(count - 1)]
    rows.append(row("big[0:n]", "main.c", 7, 1 << 40, 1 << 39, 1 << 41))
    timeline = []
    for i in range(events):
        variable, file, line = ("big[0:n]", "main.c", 7) if i % 10 == 0 else \
            (f"v{i % 200}[0:n]", f"gen{i % 200 % 50}.c", 10 + i % 200)
        timeline.append({"t_ns": 1000 * i, "duration_ns": 500, "device": 0, "variable": variable,
                         "file": file, "line": line,
                         "direction": "to_device" if i % 2 == 0 else "from_device",
                         "bytes": 4096, "elided": i % 7 == 0,
                         "reason": "unchanged" if i % 7 == 0 else None})
    findings = [{"kind": "leak", "severity": "warning", "variable": f"v{i}[0:n]",
                 "file": f"gen{i % 50}.c", "line": 10 + i,
                 "message": f"v{i}[0:n] mapped at gen{i % 50}.c:{10 + i} is still mapped at exit"}
                for i in range(count - 1)]
    findings.insert(0, {"kind": "bounds", "severity": "error", "variable": "big[0:n]",
                        "file": "main.c", "line": 7,
                        "message": "big[0:n] mapped at main.c:7 covers bytes outside its block"})
    total_to = sum(r["to_device"]["bytes"] for r in rows)
    total_from = sum(r["from_device"]["bytes"] for r in rows)
    total_elided = sum(r["elided_to_device"]["bytes"] for r in rows)
    device = {"device": 0, "to_device": flow(total_to, count), "from_device": flow(total_from, 1),
              "elided_to_device": elided(total_elided, 1), "elided_from_device": elided(0, 0)}
    doc = {"schema": "ownmap-run-report/2", "ownmap_version": "0.1.0", "program": "big",
           "settings": {}, "devices": [device], "transfers": rows,
           "totals": {k: device[k] for k in ("to_device", "from_device", "elided_to_device",
                                             "elided_from_device")},
           "findings": findings, "findings_not_kept": 0,
           "timeline": timeline, "timeline_not_kept": 0}
    with open(out, "w", encoding="utf-8") as f:
        json.dump(doc, f)


if __name__ == "__main__":
    main()
