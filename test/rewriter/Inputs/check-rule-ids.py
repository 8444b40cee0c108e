#!/usr/bin/env python3
"""Rule ids have one source, rewriter/Rules.def: every id a test expects and
every id docs/rewriter.md names is declared there, each declared rule is
documented and used by a diagnostic site (Rule::Name), and no rewriter
source spells an id out (sites pass the enumerator, so rewording a message
cannot change its rule). Prints each problem; exit status 1 if any."""
import glob
import os
import re
import sys

root = sys.argv[1]
DECL = re.compile(r'^OWNMAP_RULE\((\w+), "([^"]+)", "[^"]*"\)$', re.M)
# ownmap.<category>.<name>; one-part names such as ownmap.h are files.
ID = re.compile(r"\bownmap(?:\.[a-z][a-z-]*){2,}\b|\bownmap\.macro\b")

with open(os.path.join(root, "rewriter", "Rules.def")) as f:
    declared = DECL.findall(f.read())
names = [n for n, _ in declared]
ids = [i for _, i in declared]
problems = []
for what, items in (("enumerator", names), ("id", ids)):
    problems += [f"Rules.def: {what} {x} declared twice" for x in set(items) if items.count(x) > 1]

sources = {}
for path in glob.glob(os.path.join(root, "rewriter", "*.[ch]*")):
    with open(path) as f:
        sources[os.path.basename(path)] = f.read()
for name in names:
    if not any(f"Rule::{name}" in text for text in sources.values()):
        problems.append(f"Rules.def: rule {name} is used by no diagnostic site")
for base, text in sources.items():
    for literal in re.findall(r'"(ownmap\.[^"]*)"', text):
        if literal in ids:
            problems.append(f"rewriter/{base}: spells out rule id {literal}; pass Rule:: instead")

def ids_in(paths):
    for path in paths:
        with open(path, errors="replace") as f:
            for number, line in enumerate(f, 1):
                for found in ID.findall(line):
                    yield path, number, found

tests = [p for p in glob.glob(os.path.join(root, "test", "**", "*"), recursive=True)
         if os.path.isfile(p) and p.endswith((".c", ".test", ".json"))]
for path, number, found in ids_in(tests):
    if found not in ids:
        problems.append(f"{os.path.relpath(path, root)}:{number}: rule {found} is not in Rules.def")

doc = os.path.join(root, "docs", "rewriter.md")
documented = {found for _, _, found in ids_in([doc])}
problems += [f"docs/rewriter.md: names rule {x}, which Rules.def does not declare"
             for x in sorted(documented - set(ids))]
problems += [f"docs/rewriter.md: does not list rule {x}" for x in ids if x not in documented]

for p in problems:
    print(p)
print(f"{len(ids)} rules declared, {len(problems)} problems")
sys.exit(1 if problems else 0)
