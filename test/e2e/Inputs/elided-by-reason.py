#!/usr/bin/env python3
"""elided-by-reason.py REPORT: one line per transfer row of an ownmap run
report (schema ownmap-run-report/2, see docs/reports.md), for FileCheck:

  VARIABLE FILE:LINE to_device BYTES COPIES unchanged BYTES restored-on-device BYTES

the bytes really copied host->device and the bytes the plugin did not copy
there, by reason (check the report's structure with check-run-report.py).
"""
import json
import sys

with open(sys.argv[1], encoding="utf-8") as f:
    report = json.load(f)
for row in report["transfers"]:
    copied = row["to_device"]
    elided = row["elided_to_device"]["reasons"]
    print(f'{row["variable"]} {row["file"]}:{row["line"]} '
          f'to_device {copied["bytes"]} {copied["copies"]} '
          f'unchanged {elided["unchanged"]} '
          f'restored-on-device {elided["restored-on-device"]}')
