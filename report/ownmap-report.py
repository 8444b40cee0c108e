#!/usr/bin/env python3
"""ownmap-report: merge ownmap's reports into one HTML page or a text summary.

Reads run reports (the plugin's, OWNMAP_REPORT=FILE: schema
ownmap-run-report/1 or /2) and at most one static report (ownmap-rewrite
--report=FILE --report-format=json: schema ownmap-rewrite-report/1), given
in any order; each file's "schema" says what it is. Writes a self-contained
HTML page (inline CSS, SVG and a few lines of script; nothing fetched) with
the totals per device, one row per variable and source location, a
transfer timeline per buffer, bytes per region, and the suggested map
clauses; or, with --text, the same facts as plain text.

Run reports of the ranks of an MPI program (OWNMAP_REPORT=run.%r.json;
each report says its "rank") are merged like any others, and the output
also gives the totals per rank and for all ranks, names the rank of each
finding, and draws a transfer timeline with a lane per rank.

However large the run, the page stays small: the tables keep their largest
entries and add up the rest, and the timelines add up copies into a bounded
number of marks (the HTML_* and TIMELINE_* bounds below, docs/reports.md).

The output is written so that it is never lost: to a temporary file next to
it, renamed over it only when complete (write_output).

Exit status: 0 when the report was written, 2 for a usage error, an input
that is missing, not JSON, of another schema or malformed, or an output
that cannot be written; 1 for an internal error.

One file of more than 600 lines, on purpose: it is installed as a single
executable (bin/ownmap-report) that needs nothing but Python's standard
library, with no package of its own to find at run time.
"""
import argparse
import errno
import html
import json
import os
import re
import stat
import sys

RUN_SCHEMAS = ("ownmap-run-report/1", "ownmap-run-report/2")
STATIC_SCHEMA = "ownmap-rewrite-report/1"
DIRECTIONS = ("to_device", "from_device")
REASONS = ("unchanged", "restored-on-device", "not-needed")
ARROW = {"to_device": "host->device", "from_device": "device->host"}
DEFAULT_HTML = "ownmap-report.html"
# Bounds of the HTML page (docs/reports.md, "Size of the page").
HTML_ROWS = 100          # rows of the device and per-site tables; the rest add up in one
HTML_REGIONS = 40        # bars of bytes per region; the rest add up in one
HTML_SUGGESTIONS = 50    # suggestions listed (largest saving first)
HTML_FINDINGS = 200      # findings listed (errors first)
TIMELINE_LANES = 40      # buffers with a lane of their own; the rest share one
TIMELINE_RUNS = 16       # run reports whose timeline is drawn
TIMELINE_MARKS = 8000    # marks on all the timelines of the page together
TIMELINE_MIN_MARKS = 500  # marks each drawn timeline may use at least


class InputError(Exception):
    """An input the tool cannot use, or an output it cannot write; the
    message names the file."""


# ---------------------------------------------------------------------------
# Reading the inputs


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: not a JSON document: {e}") from None
    except RecursionError:
        raise InputError(f"{path}: nested too deeply to be a report "
                         f"(more than {sys.getrecursionlimit()} levels)") from None
    except MemoryError:
        raise InputError(f"{path}: too large to read (out of memory)") from None


def need(condition, path, what):
    if not condition:
        raise InputError(f"{path}: {what}")


def zero_tally():
    def flow():
        return {"bytes": 0, "copies": 0, "time_ns": 0}

    def elided():
        return {"bytes": 0, "copies": 0, "reasons": dict.fromkeys(REASONS, 0)}
    return {"to_device": flow(), "from_device": flow(),
            "elided_to_device": elided(), "elided_from_device": elided()}


def is_count(value):
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def read_tally(path, where, entry):
    """The four flows of a row, device or totals; fields that schema 1 lacks
    are zero."""
    tally = zero_tally()
    for direction in DIRECTIONS:
        flow = entry.get(direction)
        need(isinstance(flow, dict), path, f"{where}: '{direction}' is not an object")
        for key in ("bytes", "copies", "time_ns"):
            value = flow.get(key, 0)
            need(is_count(value), path, f"{where}: '{direction}.{key}' is not a count")
            tally[direction][key] = value
        elided = entry.get("elided_" + direction)
        if elided is None:
            continue
        need(isinstance(elided, dict), path, f"{where}: 'elided_{direction}' is not an object")
        for key in ("bytes", "copies"):
            need(is_count(elided.get(key)), path,
                 f"{where}: 'elided_{direction}.{key}' is not a count")
            tally["elided_" + direction][key] = elided[key]
        for reason, value in (elided.get("reasons") or {}).items():
            need(is_count(value), path, f"{where}: elision reason '{reason}' is not a count")
            tally["elided_" + direction]["reasons"][reason] = value
    return tally


def add_tally(total, tally):
    for direction in DIRECTIONS:
        for key in ("bytes", "copies", "time_ns"):
            total[direction][key] += tally[direction][key]
        elided, into = tally["elided_" + direction], total["elided_" + direction]
        into["bytes"] += elided["bytes"]
        into["copies"] += elided["copies"]
        for reason, value in elided["reasons"].items():
            into["reasons"][reason] = into["reasons"].get(reason, 0) + value


def read_run(path, doc):
    need(isinstance(doc.get("transfers"), list), path, "'transfers' is not a list")
    need(isinstance(doc.get("devices"), list), path, "'devices' is not a list")
    rows = []
    for i, row in enumerate(doc["transfers"]):
        need(isinstance(row, dict) and isinstance(row.get("variable"), str), path,
             f"transfers[{i}] has no variable")
        rows.append({"variable": row["variable"], "file": row.get("file"),
                     "line": row.get("line"), **read_tally(path, f"transfers[{i}]", row)})
    devices = []
    for i, device in enumerate(doc["devices"]):
        need(isinstance(device, dict), path, f"devices[{i}] is not an object")
        tally = read_tally(path, f"devices[{i}]", device)
        devices.append({"device": device.get("device"), **tally})
    timeline = doc.get("timeline", [])
    need(isinstance(timeline, list), path, "'timeline' is not a list")
    for i, event in enumerate(timeline):
        need(isinstance(event, dict) and is_count(event.get("t_ns"))
             and event.get("direction") in DIRECTIONS and is_count(event.get("bytes")),
             path, f"timeline[{i}] is not a timeline event")
    findings = doc.get("findings", [])
    need(isinstance(findings, list), path, "'findings' is not a list")
    for i, finding in enumerate(findings):
        need(isinstance(finding, dict), path, f"findings[{i}] is not an object")
    rank = doc.get("rank")
    need(rank is None or is_count(rank), path, "'rank' is neither null nor a count")
    return {"path": path, "schema": doc["schema"], "program": doc.get("program"),
            "rank": rank, "rows": rows, "devices": devices, "timeline": timeline,
            "timeline_not_kept": doc.get("timeline_not_kept", 0), "findings": findings}


def read_static(path, doc):
    for key in ("loops", "regions", "findings"):
        need(isinstance(doc.get(key), list), path, f"'{key}' is not a list")
        for i, entry in enumerate(doc[key]):
            need(isinstance(entry, dict), path, f"{key}[{i}] is not an object")
            for field in ("location", "begin"):
                need(isinstance(entry.get(field) or {}, dict), path,
                     f"{key}[{i}].{field} is not an object")
            variables = entry.get("variables") or []
            need(isinstance(variables, list) and all(
                isinstance(v, dict) and isinstance(v.get("annotation_location") or {}, dict)
                for v in variables), path, f"{key}[{i}].variables is not a list of objects")
            if key == "findings":
                need(all(isinstance(entry.get(field), (str, type(None)))
                         for field in ("variable", "direction", "bytes", "suggestion")),
                     path, f"findings[{i}]: variable, direction, bytes and suggestion "
                           "are strings or null")
    return {"path": path, "loops": doc["loops"], "regions": doc["regions"],
            "findings": doc["findings"]}


def read_inputs(paths):
    runs, statics = [], []
    for path in paths:
        doc = load_json(path)
        schema = doc.get("schema") if isinstance(doc, dict) else None
        if schema in RUN_SCHEMAS:
            runs.append(read_run(path, doc))
        elif schema == STATIC_SCHEMA:
            statics.append(read_static(path, doc))
        else:
            raise InputError(f"{path}: schema {schema!r} is neither a run report "
                             f"({', '.join(RUN_SCHEMAS)}) nor a static report ({STATIC_SCHEMA})")
    if not runs:
        raise InputError("no run report given (ownmap-run --report FILE writes one)")
    if len(statics) > 1:
        raise InputError(f"more than one static report: {statics[0]['path']}, {statics[1]['path']}")
    return runs, statics[0] if statics else None


# ---------------------------------------------------------------------------
# Merging and matching


def merged_rows(runs):
    """Rows of all runs added up by variable, file and line."""
    by_site = {}
    for run in runs:
        for row in run["rows"]:
            key = (row["variable"], row["file"], row["line"])
            if key not in by_site:
                by_site[key] = {"variable": row["variable"], "file": row["file"],
                                "line": row["line"], **zero_tally()}
            add_tally(by_site[key], row)
    return sorted(by_site.values(), key=lambda r: (r["file"] or "", r["line"] or 0, r["variable"]))


def merged_devices(runs):
    by_device = {}
    for run in runs:
        for device in run["devices"]:
            entry = by_device.setdefault(device["device"],
                                         {"device": device["device"], **zero_tally()})
            add_tally(entry, device)
    return sorted(by_device.values(), key=lambda d: (d["device"] is None, d["device"] or 0))


def merged_ranks(runs):
    """Per MPI rank (of the run reports that name one), by rank: the rank
    and the sum of its devices' tallies; empty when no report names one."""
    by_rank = {}
    for run in runs:
        if run["rank"] is None:
            continue
        entry = by_rank.setdefault(run["rank"], {"rank": run["rank"], **zero_tally()})
        for device in run["devices"]:
            add_tally(entry, device)
    return [by_rank[rank] for rank in sorted(by_rank)]


def run_findings(runs):
    """Every run's findings, each with the rank it came from (None when its
    report names none)."""
    return [{**finding, "rank": run["rank"]} for run in runs for finding in run["findings"]]


def finding_text(finding):
    rank = f"rank {finding['rank']}: " if finding.get("rank") is not None else ""
    return f"{rank}{finding.get('severity')}: {finding.get('message')}"


def file_stem(path):
    """The source a file name stands for: rewritten files (name.omp.c) are
    named after their original (name.c)."""
    if not path:
        return ""
    name = os.path.basename(path)
    return name.replace(".omp.", ".", 1) if ".omp." in name else name


def base_name(expression):
    match = re.match(r"[A-Za-z_]\w*", expression or "")
    return match.group(0) if match else ""


def static_maps(static):
    """Every map the static report states: per loop and data region
    variable, with where it was written or inferred."""
    maps = []
    for kind, entries in (("loop", static["loops"]), ("region", static["regions"])):
        for entry in entries:
            where = entry.get("location") or entry.get("begin") or {}
            for variable in entry.get("variables") or []:
                if not variable.get("map"):
                    continue
                declared = variable.get("annotation_location") or where
                maps.append({"kind": kind, "kernel": entry.get("kernel"),
                             "directive": entry.get("directive"),
                             "name": variable.get("name"), "map": variable["map"],
                             "section": variable.get("section") or variable.get("name"),
                             "stem": file_stem(where.get("file")),
                             "file": os.path.basename(where.get("file") or ""),
                             "line": where.get("line"), "declared_line": declared.get("line")})
    return maps


def nearest(candidates, line, line_of):
    return min(candidates, key=lambda c: abs((line_of(c) or 0) - (line or 0)))


def match_static(row, maps):
    """The static map of a run row: same source (rewritten files count as
    their original) and the same section, else the same variable name;
    among several, the one declared nearest the row's line. Loops before
    data regions: a loop's map is the one the row's copies come from when
    the row has its own line."""
    stem = file_stem(row["file"])
    same_file = [m for m in maps if m["stem"] == stem]
    for candidates in ([m for m in same_file if m["section"] == row["variable"]],
                       [m for m in same_file if m["name"] == base_name(row["variable"])]):
        if candidates:
            return nearest(candidates, row["line"], lambda m: m["declared_line"])
    return None


# ---------------------------------------------------------------------------
# Suggestions


def human_bytes(count):
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if count >= size:
            value = count / size
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{count} bytes" if count != 1 else "1 byte"


def site_of(row):
    if row["file"] is None:
        return "(other sites)"
    return f"{row['file']}:{row['line']}" if row["line"] is not None else row["file"]


def per_copy(flow):
    """The bytes of one copy when every copy moved the same amount."""
    copies = flow["copies"]
    return flow["bytes"] // copies if copies and flow["bytes"] % copies == 0 else None


def in_loop(found):
    if found is None:
        return ""
    return f" (in the loop of {found['kernel']} at {found['file']}:{found['line']})" \
        if found["kernel"] else f" (in the region at {found['file']}:{found['line']})"


def around(found, row):
    """Where a target data region would go."""
    if found is None:
        return (f"around the loop whose target regions map it (declared at {site_of(row)})"
                if row["line"] is not None else "around the loop whose target regions map it")
    if found["kernel"]:
        return (f"around the loop that calls {found['kernel']} "
                f"(offloaded at {found['file']}:{found['line']})")
    return f"around the loop that runs the region at {found['file']}:{found['line']}"


def suggest_from_elisions(row, found):
    """The plugin skipped copies at run time: the map clauses asked for more
    than the run needed, and the program can say so itself."""
    out = []
    name = row["variable"]
    there, back = row["elided_to_device"], row["elided_from_device"]
    back_unchanged = back["reasons"].get("unchanged", 0)
    if back_unchanged == back["bytes"] > row["from_device"]["bytes"]:
        # Most bytes back were skipped as unchanged (what was copied are the
        # parts the plugin cannot track, e.g. partial pages).
        written = found["map"] if found else "with from"
        clause = f"map(alloc: {name})" if found and found["map"] == "from" else f"map(to: {name})"
        saved = back["bytes"] + row["from_device"]["bytes"]
        out.append({
            "kind": "map-narrower", "variable": name, "site": site_of(row), "saves": saved,
            "clause": clause,
            "text": f"{name} is mapped {written}{in_loop(found)} but never changed on the device "
                    f"({back['copies']} copies back elided as unchanged): {clause} saves "
                    f"{human_bytes(saved)} device->host" + per_step(back)})
    held = there["reasons"].get("unchanged", 0) + there["reasons"].get("restored-on-device", 0)
    if held:
        lazy = back["reasons"].get("not-needed", 0)
        kind = "tofrom" if row["from_device"]["copies"] or back["copies"] else "to"
        clause = f"#pragma omp target data map({kind}: {name})"
        text = (f"{name}: the plugin skipped {human_bytes(held)} of copies to the device "
                f"({there['copies']} copies) because the device already held the data")
        if lazy:
            text += (f", and {human_bytes(lazy)} of copies back ({back['copies']} copies) because "
                     f"the host did not read them before the next region")
        text += (f": a target data region, {clause}, {around(found, row)} saves "
                 f"{human_bytes(held + lazy)} without the plugin")
        out.append({"kind": "data-region", "variable": name, "site": site_of(row),
                    "saves": held + lazy, "clause": clause, "text": text})
    needless = there["reasons"].get("not-needed", 0)
    if needless and needless == there["bytes"] > row["to_device"]["bytes"]:
        clause = f"map(from: {name})" if row["from_device"]["copies"] else f"map(alloc: {name})"
        out.append({
            "kind": "map-narrower", "variable": name, "site": site_of(row), "saves": needless,
            "clause": clause,
            "text": f"{name} is copied to the device but the device never reads it "
                    f"({there['copies']} copies elided as not needed): {clause} saves "
                    f"{human_bytes(needless)} host->device"})
    return out


def per_step(elided):
    if elided["copies"] > 1 and elided["bytes"] % elided["copies"] == 0:
        each = human_bytes(elided["bytes"] // elided["copies"])
        return f" ({each} per step, {elided['copies']} steps)"
    return ""


def suggest_from_repeats(row, found):
    """The same site copied the same bytes host->device again and again and
    nothing was elided: if the host leaves the data alone in between, one
    copy would do."""
    flow = row["to_device"]
    size = per_copy(flow)
    if flow["copies"] < 2 or size is None or row["elided_to_device"]["copies"]:
        return []
    name = row["variable"]
    saved = flow["bytes"] - size
    return [{
        "kind": "check-data-region", "variable": name, "site": site_of(row),
        "saves": saved, "clause": f"#pragma omp target data map(to: {name})",
        "text": f"{name} ({site_of(row)}) is copied to the device {flow['copies']} times, "
                f"{human_bytes(size)} each{in_loop(found)}: if the host does not change it "
                f"between these copies, #pragma omp target data map(to: {name}) "
                f"{around(found, row)} "
                f"saves {human_bytes(saved)} host->device (else add target update to({name}) "
                f"after the host writes it)"}]


def moved(row, direction):
    """The bytes and copies of a run row in a finding's direction
    ("to_device", "from_device" or "both")."""
    flows = [row["to_device"], row["from_device"]] if direction == "both" else [row[direction]]
    return sum(f["bytes"] for f in flows), sum(f["copies"] for f in flows)


def suggest_from_static_findings(static, rows):
    """The rewriter's advice and audit warnings that say how many bytes a
    narrower map saves (the fields variable, direction and bytes), with the
    bytes this run really moved there."""
    out = []
    for finding in static["findings"]:
        name, direction = finding.get("variable"), finding.get("direction")
        if not (name and finding.get("bytes") and direction in ("to_device", "from_device", "both")):
            continue
        location = finding.get("location") or {}
        stem, line = file_stem(location.get("file")), location.get("line")
        candidates = [r for r in rows if file_stem(r["file"]) == stem
                      and base_name(r["variable"]) == name]
        site = f"{os.path.basename(location.get('file') or '')}:{line}"
        clause = finding.get("suggestion")
        if not candidates:
            out.append({"kind": "static", "variable": name, "site": site, "saves": 0,
                        "clause": clause,
                        "text": f"{site}: {finding['message']} (this run copied nothing there)"})
            continue
        row = nearest(candidates, line, lambda r: r["line"])
        saves, copies = moved(row, direction)
        out.append({"kind": "static", "variable": row["variable"], "site": site,
                    "saves": saves, "clause": clause,
                    "text": f"{site}: {finding['message']}; in this run that is "
                            f"{human_bytes(saves)} ({copies} copies of "
                            f"{row['variable']})"})
    return out


def suggestions(rows, static):
    maps = static_maps(static) if static else []
    out = []
    for row in rows:
        if row["file"] is None:
            continue
        found = match_static(row, maps)
        from_elisions = suggest_from_elisions(row, found)
        out += from_elisions or suggest_from_repeats(row, found)
    if static:
        out += suggest_from_static_findings(static, rows)
    return sorted(out, key=lambda s: -s["saves"])


# ---------------------------------------------------------------------------
# Text


def total_of(rows):
    total = zero_tally()
    for row in rows:
        add_tally(total, row)
    return total


def duration_text(ns):
    for unit, size in (("s", 10**9), ("ms", 10**6), ("us", 10**3)):
        if ns >= size:
            return f"{ns / size:.1f} {unit}"
    return f"{ns} ns"


def time_text(flow):
    return duration_text(flow["time_ns"]) if flow["time_ns"] else "not timed"


def count_cells(tally):
    return (str(tally["to_device"]["bytes"]), str(tally["to_device"]["copies"]),
            str(tally["from_device"]["bytes"]), str(tally["from_device"]["copies"]),
            str(tally["elided_to_device"]["bytes"]), str(tally["elided_from_device"]["bytes"]))


def tally_text(tally):
    return "; ".join(
        f"{ARROW[d]} {tally[d]['bytes']} bytes in {tally[d]['copies']} copies "
        f"({time_text(tally[d])}), elided {tally['elided_' + d]['bytes']} bytes"
        for d in DIRECTIONS)


def render_text(runs, static, rows, devices, advice):
    lines = [f"ownmap report: {len(runs)} run report(s)"
             + (f", static report {static['path']}" if static else "")]
    for run in runs:
        program = run["program"] or "(program unknown)"
        rank = f", rank {run['rank']}" if run["rank"] is not None else ""
        lines.append(f"  run {run['path']}: {program} ({run['schema']}{rank})")
    lines.append("")
    ranks = merged_ranks(runs)
    if ranks:
        lines.append("ranks:")
        lines += [f"  rank {entry['rank']}: {tally_text(entry)}" for entry in ranks]
        lines.append(f"  all ranks: {tally_text(total_of(ranks))}")
        lines.append("")
    lines.append("devices:")
    for device in devices:
        name = "64+" if device["device"] is None else str(device["device"])
        lines.append(f"  device {name}: {tally_text(device)}")
    lines.append("")
    header = ("variable", "location", "map", "to bytes", "copies", "from bytes", "copies",
              "elided to", "elided from")
    maps = static_maps(static) if static else []
    table = [header]
    for row in rows:
        found = match_static(row, maps)
        table.append((row["variable"], site_of(row), found["map"] if found else "-",
                      *count_cells(row)))
    table.append(("total", "", "", *count_cells(total_of(rows))))
    widths = [max(len(r[i]) for r in table) for i in range(len(header))]
    for r in table:
        cells = [r[i].ljust(widths[i]) if i < 3 else r[i].rjust(widths[i]) for i in range(len(r))]
        lines.append("  " + "  ".join(cells).rstrip())
    lines.append("")
    findings = run_findings(runs)
    if findings:
        lines.append("findings of the run:")
        lines += [f"  {finding_text(f)}" for f in findings]
        lines.append("")
    lines.append("suggestions:" if advice
                 else "suggestions: none (the maps match what the run needed)")
    lines += [f"  - {s['text']}" for s in advice]
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# HTML

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em auto; max-width: 1200px; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 1.6em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: .5em 0; }
th, td { padding: .2em .6em; border-bottom: 1px solid #e4e4e4; text-align: right; }
th { background: #f3f3f3; } td.name, th.name { text-align: left; font-family: monospace; }
li.suggestion { margin: .4em 0; } code { background: #f3f3f3; padding: 0 .2em; }
.legend span { display: inline-block; width: 1em; height: .8em; margin: 0 .3em 0 1em; }
.to { fill: #2f6fb3; background: #2f6fb3; } .from { fill: #d9822b; background: #d9822b; }
.elided { fill: #bbb; background: #bbb; } .note { color: #666; }
"""

SCRIPT = """
(function () {
  function done() {
    var plots = document.querySelectorAll('svg.plot').length;
    var wanted = Number(document.body.getAttribute('data-plots'));
    if (plots !== wanted) throw new Error('expected ' + wanted + ' plots, found ' + plots);
    document.body.setAttribute('data-ownmap-rendered', 'ok');
    document.getElementById('rendered').textContent = 'rendered ' + plots + ' plots';
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', done);
  else done();
})();
"""


def esc(text):
    return html.escape(str(text), quote=True)


def bytes_cell(count):
    return f'<td title="{count} bytes">{esc(human_bytes(count))}<br><small>{count}</small></td>'


def traffic(tally):
    """Bytes a row or device moved or had elided, both ways: what ranks it."""
    return sum(tally[d]["bytes"] + tally["elided_" + d]["bytes"] for d in DIRECTIONS)


def keep_largest(entries, limit, size):
    """The `limit` largest entries by size, in their own order, and the
    others."""
    if len(entries) <= limit:
        return entries, []
    ranked = sorted(range(len(entries)), key=lambda i: -size(entries[i]))
    kept = set(ranked[:limit])
    return ([e for i, e in enumerate(entries) if i in kept],
            [e for i, e in enumerate(entries) if i not in kept])


def region_bars(rows, maps):
    """Bytes per region: rows matched to a static loop or region add up
    under it; the others under their own site. The HTML_REGIONS largest,
    then one bar for the rest."""
    regions = {}
    for row in rows:
        found = match_static(row, maps)
        label = (f"{found['kernel'] or found['kind']} {found['file']}:{found['line']}"
                 if found else f"{row['variable']} {site_of(row)}")
        entry = regions.setdefault(label, {"to": 0, "from": 0, "elided": 0})
        entry["to"] += row["to_device"]["bytes"]
        entry["from"] += row["from_device"]["bytes"]
        entry["elided"] += row["elided_to_device"]["bytes"] + row["elided_from_device"]["bytes"]
    kept, rest = keep_largest(list(regions.items()), HTML_REGIONS, lambda r: sum(r[1].values()))
    bars = dict(kept)
    if rest:
        bars[f"({len(rest)} other regions)"] = {
            key: sum(entry[key] for _, entry in rest) for key in ("to", "from", "elided")}
    return bars


def svg_region_plot(regions):
    width, label_width, bar_height = 900, 260, 22
    largest = max([sum(r.values()) for r in regions.values()] + [1])
    scale = (width - label_width - 120) / largest
    height = bar_height * len(regions) + 30
    parts = [f'<svg class="plot" id="bytes-per-region" xmlns="http://www.w3.org/2000/svg" '
             f'width="{width}" height="{height}" role="img" aria-label="bytes per region">']
    for i, (label, entry) in enumerate(regions.items()):
        y = 10 + i * bar_height
        parts.append(f'<text x="{label_width - 8}" y="{y + 14}" text-anchor="end" '
                     f'font-family="monospace" font-size="12">{esc(label)}</text>')
        x = label_width
        for key, css in (("to", "to"), ("from", "from"), ("elided", "elided")):
            w = entry[key] * scale
            if entry[key]:
                parts.append(f'<rect class="{css}" x="{x:.1f}" y="{y}" width="{max(w, 1):.1f}" '
                             f'height="{bar_height - 6}"><title>{esc(label)}: {key} '
                             f'{entry[key]} bytes</title></rect>')
            x += w
        parts.append(f'<text x="{x + 6:.1f}" y="{y + 14}" font-size="12">'
                     f'{esc(human_bytes(entry["to"] + entry["from"]))}</text>')
    parts.append("</svg>")
    return "".join(parts)


def lane_key(event):
    return (event.get("variable"), event.get("file"), event.get("line"))


def lane_label(key):
    variable, file, line = key
    site = f"{file}:{line}" if line is not None else (file or "")
    return f"{variable} {site}"


def exact_marks(events, lane_of, start, scale):
    """One mark per copy, at its start, as wide as it took (at least 1.5
    pixels): (lane, css, direction, x, width, title as HTML)."""
    for event in events:
        css = ("elided" if event.get("elided")
               else "to" if event["direction"] == "to_device" else "from")
        what = (f"elided ({event.get('reason')})" if event.get("elided") else
                f"{event.get('duration_ns') or 0} ns" if event.get("duration_ns") else "not timed")
        yield (lane_of(event), css, event["direction"], (event["t_ns"] - start) * scale,
               max((event.get("duration_ns") or 0) * scale, 1.5),
               f'{esc(event.get("variable"))} {ARROW[event["direction"]]} {event["bytes"]} bytes '
               f'at {event["t_ns"]} ns, {esc(what)}')


def binned_marks(events, lane_of, labels, start, end, plot_width, budget):
    """Copies added up per lane, direction, made or elided, and time slice:
    at most `budget` marks, each as wide as its slice."""
    slices = max(8, min(200, budget // (4 * len(labels))))
    span = max(end - start, 1) / slices
    bins = {}
    for event in events:
        piece = min(int((event["t_ns"] - start) / span), slices - 1)
        key = (lane_of(event), piece, event["direction"], bool(event.get("elided")))
        entry = bins.setdefault(key, [0, 0, event["t_ns"], event["t_ns"]])
        entry[0] += 1
        entry[1] += event["bytes"]
        entry[2] = min(entry[2], event["t_ns"])
        entry[3] = max(entry[3], event["t_ns"])
    width = plot_width / slices
    # Elided copies first, so that the copies made are drawn over them.
    for (lane, piece, direction, elided), (count, size, first, last) in sorted(
            bins.items(), key=lambda item: not item[0][3]):
        css = "elided" if elided else "to" if direction == "to_device" else "from"
        what = "elided " if elided else ""
        yield (lane, css, direction, piece * width, max(width - 0.5, 1),
               f"{esc(labels[lane])}: {count} {what}copies {ARROW[direction]}, "
               f"{human_bytes(size)}, {first / 1e6:.3f}-{last / 1e6:.3f} ms")


def svg_timeline(run, budget):
    """One lane per buffer (variable and site): svg_lanes."""
    return svg_lanes(run["timeline"], budget, lane_key, lane_label, "buffer")


def rank_lane_label(rank):
    return f"rank {rank}"


def svg_rank_timeline(runs, budget):
    """One lane per MPI rank, all its buffers in it: svg_lanes over the
    timelines of the reports that name a rank."""
    events = [{**event, "rank": run["rank"]}
              for run in runs if run["rank"] is not None for event in run["timeline"]]
    return svg_lanes(events, budget, lambda event: event["rank"], rank_lane_label, "rank")


def svg_lanes(events, budget, key_of, label_of, lane_word):
    """One lane per key (key_of(event), named label_of(key)), the first
    TIMELINE_LANES keys met, then one lane for the others. With at most
    `budget` copies, each copy is a mark; with more, marks add up copies
    per time slice. Elided copies grey. Returns the SVG and a note on what
    was added up."""
    events = sorted(events, key=lambda e: e["t_ns"])
    lanes = {}
    for event in events:
        if len(lanes) == TIMELINE_LANES:
            break
        lanes.setdefault(key_of(event), len(lanes))
    labels = [label_of(key) for key in lanes]
    others = {key_of(e) for e in events} - lanes.keys()
    if others:
        labels.append(f"({len(others)} other {lane_word}s)")

    def lane_of(event):
        return lanes.get(key_of(event), TIMELINE_LANES)

    width, label_width, lane_height = 900, 260, 18
    end = max([e["t_ns"] + (e.get("duration_ns") or 0) for e in events] + [1])
    start = min([e["t_ns"] for e in events] + [end])
    plot_width = width - label_width - 20
    scale = plot_width / max(end - start, 1)
    binned = len(events) > budget
    marks = (binned_marks(events, lane_of, labels, start, end, plot_width, budget) if binned
             else exact_marks(events, lane_of, start, scale))
    height = lane_height * len(labels) + 40
    parts = [f'<svg class="plot timeline" xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{height}" role="img" aria-label="transfer timeline">']
    for i, label in enumerate(labels):
        parts.append(f'<text x="{label_width - 8}" y="{i * lane_height + 13}" text-anchor="end" '
                     f'font-family="monospace" font-size="11">{esc(label)}</text>')
    drawn = 0
    for lane, css, direction, x, w, title in marks:
        y = lane * lane_height + (2 if direction == "to_device" else 9)
        parts.append(f'<rect class="{css}" x="{label_width + x:.1f}" y="{y}" width="{w:.1f}" '
                     f'height="7"><title>{title}</title></rect>')
        drawn += 1
    axis_y = len(labels) * lane_height + 14
    parts.append(f'<line x1="{label_width}" y1="{axis_y}" x2="{width - 20}" y2="{axis_y}" '
                 'stroke="#888"/>')
    parts.append(f'<text x="{label_width}" y="{axis_y + 16}" font-size="11">'
                 f'{start / 1e6:.3f} ms</text>')
    parts.append(f'<text x="{width - 20}" y="{axis_y + 16}" font-size="11" text-anchor="end">'
                 f'{end / 1e6:.3f} ms (since the plugin started)</text>')
    parts.append("</svg>")
    notes = []
    if binned:
        notes.append(f"{len(events)} copies drawn as {drawn} marks: each adds up the copies of "
                     f"one {lane_word}, direction and time slice (hover for the count).")
    if others:
        notes.append(f"The last lane adds up {len(others)} {lane_word}s beyond the first "
                     f"{TIMELINE_LANES}.")
    return "".join(parts), " ".join(notes)


def html_tally_cells(tally):
    cells = []
    for direction in DIRECTIONS:
        cells.append(bytes_cell(tally[direction]["bytes"]))
        cells.append(f"<td>{tally[direction]['copies']}</td>")
    for direction in DIRECTIONS:
        elided = tally["elided_" + direction]
        why = ", ".join(f"{r} {v}" for r, v in elided["reasons"].items() if v) or "none"
        cells.append(f'<td title="{esc(why)}">{esc(human_bytes(elided["bytes"]))}<br>'
                     f'<small>{elided["bytes"]}</small></td>')
    time_ns = tally["to_device"]["time_ns"] + tally["from_device"]["time_ns"]
    cells.append(f'<td title="{time_ns} ns">{duration_text(time_ns)}</td>' if time_ns
                 else '<td class="note">not timed</td>')
    return "".join(cells)


TALLY_HEADER = ("<th>host->device</th><th>copies</th><th>device->host</th><th>copies</th>"
                "<th>elided h->d</th><th>elided d->h</th><th>time</th>")


def html_suggestions(advice):
    if not advice:
        return "<p>None: the maps match what the run needed.</p>"
    shown, rest = advice[:HTML_SUGGESTIONS], advice[HTML_SUGGESTIONS:]
    out = "<ol>" + "".join(
        f'<li class="suggestion" data-kind="{esc(s["kind"])}">{esc(s["text"])}'
        + (f'<br><code>{esc(s["clause"])}</code>' if s["clause"] else "") + "</li>"
        for s in shown) + "</ol>"
    if rest:
        out += (f'<p class="note">{len(rest)} smaller suggestions not listed (saving '
                f'{esc(human_bytes(sum(s["saves"] for s in rest)))} in all); '
                "<code>ownmap-report --text</code> lists them all.</p>")
    return out


def html_devices(devices):
    shown, rest = keep_largest(devices, HTML_ROWS, traffic)
    out = [f"<h2>Devices</h2><table><tr><th class=\"name\">device</th>{TALLY_HEADER}</tr>"]
    for device in shown:
        name = "64 and above" if device["device"] is None else device["device"]
        out.append(f'<tr><td class="name">{esc(name)}</td>{html_tally_cells(device)}</tr>')
    if rest:
        out.append(f'<tr><td class="name">({len(rest)} other devices)</td>'
                   f"{html_tally_cells(total_of(rest))}</tr>")
    out.append("</table>")
    return out


def html_ranks(runs):
    """Per MPI rank and for all ranks, when a report names a rank."""
    ranks = merged_ranks(runs)
    if not ranks:
        return []
    shown, rest = keep_largest(ranks, HTML_ROWS, traffic)
    out = [f"<h2>Ranks</h2><table><tr><th class=\"name\">rank</th>{TALLY_HEADER}</tr>"]
    for entry in shown:
        out.append(f'<tr><td class="name">{esc(entry["rank"])}</td>{html_tally_cells(entry)}</tr>')
    if rest:
        out.append(f'<tr><td class="name">({len(rest)} other ranks)</td>'
                   f"{html_tally_cells(total_of(rest))}</tr>")
    out.append(f'<tr><th class="name">all ranks</th>{html_tally_cells(total_of(ranks))}</tr>')
    out.append("</table>")
    return out


def html_rows(rows, maps):
    """The HTML_ROWS rows that moved or had elided the most bytes, in file
    and line order, one row adding up the others, and the total."""
    shown, rest = keep_largest(rows, HTML_ROWS, traffic)
    out = ["<h2>Per variable and source location</h2><table><tr>"
           "<th class=\"name\">variable</th><th class=\"name\">location</th>"
           f"<th class=\"name\">map (static report)</th>{TALLY_HEADER}</tr>"]
    for row in shown:
        found = match_static(row, maps)
        written = (f"{found['map']} ({found['kind']} at {found['file']}:{found['line']})"
                   if found else "-")
        out.append(f'<tr><td class="name">{esc(row["variable"])}</td>'
                   f'<td class="name">{esc(site_of(row))}</td><td class="name">{esc(written)}</td>'
                   f"{html_tally_cells(row)}</tr>")
    if rest:
        out.append(f'<tr><td class="name">({len(rest)} other sites)</td><td></td><td></td>'
                   f"{html_tally_cells(total_of(rest))}</tr>")
    out.append('<tr><th class="name">total</th><th></th><th></th>'
               f"{html_tally_cells(total_of(rows))}</tr>")
    out.append("</table>")
    if rest:
        out.append(f'<p class="note">The {HTML_ROWS} sites that moved the most bytes; '
                   f"the other {len(rest)} are added up in one row (<code>ownmap-report "
                   "--text</code> lists them all).</p>")
    return out


def html_rank_timeline(runs, legend, budget):
    """The timeline with a lane per rank, when two or more reports name a
    rank and have a timeline; else nothing."""
    ranked = {run["rank"] for run in runs if run["rank"] is not None and run["timeline"]}
    if len(ranked) < 2:
        return []
    plot, note = svg_rank_timeline(runs, budget)
    out = ["<h2>Transfer timeline per rank</h2>",
           '<p class="note">Each rank\'s copies in one lane; each rank counts time from its '
           "own start (ranks the launcher started together line up roughly).</p>",
           legend + plot]
    if note:
        out.append(f'<p class="note">{esc(note)}</p>')
    return out


def html_timelines(runs, legend):
    """The timelines of the first TIMELINE_RUNS run reports that have one,
    after the timeline per rank (html_rank_timeline), all sharing
    TIMELINE_MARKS marks. Returns the HTML and the plots drawn."""
    with_timeline = [run for run in runs if run["timeline"]]
    drawn = {id(run) for run in with_timeline[:TIMELINE_RUNS]}
    with_ranks = len({run["rank"] for run in with_timeline if run["rank"] is not None}) >= 2
    budget = max(TIMELINE_MIN_MARKS, TIMELINE_MARKS // max(len(drawn) + with_ranks, 1))
    out = html_rank_timeline(runs, legend, budget)
    out += ["<h2>Transfer timeline per buffer</h2>",
            '<p class="note">Copies of data calls are timed (the call\'s duration shared by '
            "bytes); copies made with a kernel are not timed and show as thin marks.</p>"]
    for run in runs:
        rank = f" (rank {run['rank']})" if run["rank"] is not None else ""
        out.append(f"<h3>{esc(run['path'])}{esc(rank)}</h3>")
        if id(run) in drawn:
            plot, note = svg_timeline(run, budget)
            out.append(legend + plot)
            if note:
                out.append(f'<p class="note">{esc(note)}</p>')
            if run["timeline_not_kept"]:
                out.append(f'<p class="note">{run["timeline_not_kept"]} later copies not kept.</p>')
        elif run["timeline"]:
            out.append(f'<p class="note">Not drawn: the page draws the timelines of the first '
                       f"{TIMELINE_RUNS} run reports that have one.</p>")
        else:
            out.append('<p class="note">No timeline in this report.</p>')
    return out, len(drawn) + with_ranks


def html_findings(runs, static):
    """In the order reported, at most HTML_FINDINGS (errors before
    warnings when there are more); the rest counted."""
    findings = run_findings(runs)
    if static:
        findings += [{"severity": f.get("level"), "message": f.get("message")}
                     for f in static["findings"]]
    if not findings:
        return ["<h2>Findings</h2>", "<p>None.</p>"]
    shown, rest = keep_largest(findings, HTML_FINDINGS, lambda f: f.get("severity") == "error")
    out = ["<h2>Findings</h2>", "<ul>" + "".join(
        f"<li>{esc(finding_text(f))}</li>" for f in shown) + "</ul>"]
    if rest:
        errors = sum(1 for f in rest if f.get("severity") == "error")
        out.append(f'<p class="note">{len(rest)} more findings not listed ({errors} errors, '
                   f"{len(rest) - errors} others); the reports list them all.</p>")
    return out


def render_html(runs, static, rows, devices, advice):
    """The page; its size is bounded whatever the inputs' (HTML_* and
    TIMELINE_*)."""
    maps = static_maps(static) if static else []
    legend = ('<p class="legend"><span class="to"></span>host->device<span class="from"></span>'
              'device->host<span class="elided"></span>elided</p>')
    timelines, drawn = html_timelines(runs, legend)
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           "<title>ownmap report</title>", f"<style>{STYLE}</style></head>",
           f'<body data-plots="{1 + drawn}">', "<h1>ownmap report</h1>", "<ul>"]
    for run in runs:
        rank = f", rank {run['rank']}" if run["rank"] is not None else ""
        out.append(f"<li>run report <code>{esc(run['path'])}</code>: "
                   f"<code>{esc(run['program'] or '(program unknown)')}</code> "
                   f"({esc(run['schema'])}{esc(rank)})</li>")
    if static:
        out.append(f"<li>static report <code>{esc(static['path'])}</code> ({STATIC_SCHEMA})</li>")
    out.append('</ul><p class="note" id="rendered">not rendered by a browser yet</p>')
    out.append("<h2>Suggested map clauses</h2>" + html_suggestions(advice))
    out += html_ranks(runs)
    out += html_devices(devices)
    out += html_rows(rows, maps)
    out.append(f"<h2>Bytes per region</h2>{legend}{svg_region_plot(region_bars(rows, maps))}")
    out += timelines
    out += html_findings(runs, static)
    out.append(f"<script>{SCRIPT}</script></body></html>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------
# Driver


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="ownmap-report",
        description="Merge ownmap run reports (OWNMAP_REPORT / ownmap-run --report) and at "
                    "most one static report (ownmap-rewrite --report=F --report-format=json) "
                    "into one self-contained HTML page, or a text summary, with the "
                    "suggested map clauses.",
        epilog="Exit status: 0 written; 2 usage error, an input that is missing, not "
               "JSON, of another schema or malformed, or an output that cannot be written; "
               "1 internal error.")
    parser.add_argument("reports", nargs="+", metavar="REPORT.json",
                        help="run reports and at most one static report, in any order "
                             "(told apart by their \"schema\")")
    parser.add_argument("-f", "--format", choices=("html", "text"), default="html",
                        help="output format (default html)")
    parser.add_argument("--text", dest="format", action="store_const", const="text",
                        help="same as -f text")
    parser.add_argument("-o", "--output", metavar="FILE",
                        help=f"write to FILE ('-' for stdout); default: {DEFAULT_HTML} for "
                             "html, stdout for text")
    return parser.parse_args(argv)


# ---------------------------------------------------------------------------
# Writing the output: the rules of rtl/output.h (docs/reports.md)

PSEUDO_FILESYSTEMS = ("proc", "sysfs", "cgroup", "cgroup2", "debugfs", "tracefs",
                      "securityfs", "bpf", "efivarfs")


def names_a_descriptor(path):
    """/dev/stdout, /dev/fd/N, /proc/PID/fd/N: links to an open file
    descriptor's file, which only the kernel can follow."""
    return path.startswith(("/dev/std", "/dev/fd/")) or \
        re.match(r"/proc/[^/]+/fd/", path) is not None


def resolve_links(path):
    """The file to replace: the symbolic links of path's last component
    followed, also to a file that does not exist yet; None when a link leads
    to an open file descriptor's file."""
    target = path
    for _ in range(40):
        if names_a_descriptor(target):
            return None
        if not os.path.islink(target):
            return target
        target = os.path.join(os.path.dirname(target), os.readlink(target))
    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP))


def on_pseudo_filesystem(path):
    """Whether path lies on a kernel pseudo-filesystem (/proc, /sys), whose
    files hold no data and get no neighbours."""
    real, best, kind = os.path.realpath(path), "", None
    try:
        with open("/proc/self/mounts", encoding="utf-8", errors="replace") as f:
            for line in f:
                fields = line.split()
                if len(fields) < 3:
                    continue
                mount = fields[1].replace("\\040", " ")
                inside = real == mount or real.startswith(mount.rstrip("/") + "/")
                if inside and len(mount) >= len(best):
                    best, kind = mount, fields[2]
    except OSError:
        return False
    return kind in PSEUDO_FILESYSTEMS


def write_into(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def write_straight(path, data, truncate):
    """A FIFO, a device, a pseudo file: written into, never replaced;
    appending, so that /dev/stdout redirected to a file goes on after what
    was written there (a new open would start at offset 0)."""
    fd = os.open(path, os.O_WRONLY | os.O_CLOEXEC | (os.O_TRUNC if truncate else os.O_APPEND))
    try:
        write_into(fd, data)
    finally:
        os.close(fd)


def create_temporary(target):
    """target.tmp.XXXXXX, new, open for writing, with the mode of a new file
    (0666 less the umask, which the kernel applies)."""
    for _ in range(100):
        temporary = f"{target}.tmp.{os.urandom(3).hex()}"
        try:
            return os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC,
                           0o666), temporary
        except FileExistsError:
            continue
    raise OSError(errno.EEXIST, os.strerror(errno.EEXIST))


def cannot_create(target, error):
    directory = os.path.dirname(target) or "."
    if not os.path.exists(directory):
        return f"{directory}: {os.strerror(errno.ENOENT)}"
    return f"cannot create a file in {directory}: {error.strerror}"


def write_replacing(path, target, old, data):
    """Into a temporary file next to target, fsync'ed, renamed over it."""
    outcome = f"; {path} was not {'changed' if old else 'created'}"
    try:
        fd, temporary = create_temporary(target)
    except OSError as e:
        if old and on_pseudo_filesystem(target):
            write_straight(target, data, truncate=True)
            return
        raise InputError(f"cannot write {path}: {cannot_create(target, e)}{outcome}") from None
    try:
        try:
            if old and (old.st_uid != os.geteuid() or old.st_gid != os.getegid()):
                try:
                    os.fchown(fd, old.st_uid, old.st_gid)
                except OSError:
                    pass  # not allowed: the file is the writer's
            if old:
                os.fchmod(fd, stat.S_IMODE(old.st_mode))
            write_into(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, target)
    except OSError as e:
        os.unlink(temporary)
        raise InputError(f"cannot write {path}: {e.strerror}{outcome}") from None


def write_output(path, text):
    """Writes the whole output so that it is never lost: a regular file
    (or a new one) through a temporary file renamed over it when complete;
    a symbolic link's target likewise; a FIFO, a device, standard output
    ('-') and a pseudo file straight into them."""
    data = text.encode("utf-8")
    name = "standard output" if path == "-" else path
    try:
        if path == "-":
            sys.stdout.flush()
            write_into(sys.stdout.fileno(), data)
            return
        try:
            old = os.stat(path)
        except FileNotFoundError:
            old = None
        if old and stat.S_ISDIR(old.st_mode):
            raise OSError(errno.EISDIR, os.strerror(errno.EISDIR))
        target = resolve_links(path) if not old or stat.S_ISREG(old.st_mode) else None
        if target is None:
            write_straight(path, data, truncate=False)
        else:
            write_replacing(path, target, old, data)
    except OSError as e:
        outcome = f"; {path} was not changed" if path != "-" and e.errno == errno.EISDIR else ""
        raise InputError(f"cannot write {name}: {e.strerror}{outcome}") from None


def main(argv):
    args = parse_arguments(argv)
    try:
        runs, static = read_inputs(args.reports)
        rows, devices = merged_rows(runs), merged_devices(runs)
        advice = suggestions(rows, static)
        render = render_text if args.format == "text" else render_html
        output = args.output or ("-" if args.format == "text" else DEFAULT_HTML)
        write_output(output, render(runs, static, rows, devices, advice))
    except InputError as e:
        print(f"ownmap-report: error: {e}", file=sys.stderr)
        return 2
    except (MemoryError, RecursionError) as e:
        print(f"ownmap-report: error: the reports are too large to merge "
              f"({type(e).__name__})", file=sys.stderr)
        return 2
    except Exception as e:  # pylint: disable=broad-except
        print(f"ownmap-report: error: internal error: {type(e).__name__}: {e} (please report "
              "it with the input files)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
