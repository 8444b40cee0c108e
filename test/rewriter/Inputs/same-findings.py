#!/usr/bin/env python3
"""same-findings.py REPORT REWORDED: the two rewriter reports (JSON or
SARIF) have the same findings but for their messages, all of which
differ. Prints the count and the rules; exit status 1 otherwise."""
import json
import sys


def findings(path):
    report = json.load(open(path))
    if "runs" in report:  # SARIF
        return [(r["ruleId"], r["level"], json.dumps(r.get("properties"), sort_keys=True),
                 json.dumps(r.get("locations"), sort_keys=True), r["message"]["text"])
                for r in report["runs"][0]["results"]]
    return [(f["rule"], f["level"], f["variable"], f["direction"], f["bytes"],
             f["suggestion"], json.dumps(f["location"], sort_keys=True), f["message"])
            for f in report["findings"]]


made, reworded = findings(sys.argv[1]), findings(sys.argv[2])
if [f[:-1] for f in made] != [f[:-1] for f in reworded]:
    sys.exit(f"rules or fields differ:\n{made}\n{reworded}")
if not made or any(a[-1] == b[-1] for a, b in zip(made, reworded)):
    sys.exit("no findings, or a message not reworded")
print(f"same rules and fields, every message reworded: {len(made)} findings, "
      f"rules {' '.join(sorted({f[0] for f in made}))}")
