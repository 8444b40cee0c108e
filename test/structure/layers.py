#!/usr/bin/env python3
"""The plugin's structure, from its object files (nm):

- rtl/ never calls into the plugin: no rtl object refers to a symbol that a
  plugin object defines, the interposed C library calls among them (rtl's
  output goes through io.h);
- no call runs back up inside the plugin: the graph of which file calls
  which (calls through the interposed names apart, which are the program's
  way in) has no cycle.

usage: layers.py --rtl OBJ... --plugin OBJ... [--print]
--print writes the graph, one line per caller and callee file."""
import collections
import os
import subprocess
import sys


def file_of(obj):
    # CMake names objects SOURCE.c.o (or SOURCE.c.obj).
    name = os.path.basename(obj)
    return name[: name.index(".c.")] + ".c"


def symbols(obj):
    defined, undefined = set(), set()
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "TDBRVWG":
            defined.add(parts[2])
        elif len(parts) == 2 and parts[0] == "U":
            undefined.add(parts[1])
    return defined, undefined


def cycles(edges):
    """Strongly connected components of more than one file (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []
    counter = [0]
    nodes = sorted({a for a, _ in edges} | {b for _, b in edges})
    successors = collections.defaultdict(list)
    for a, b in edges:
        successors[a].append(b)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in successors[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in nodes:
        if v not in index:
            visit(v)
    return found


def main(argv):
    groups, current, show = {"--rtl": [], "--plugin": []}, None, False
    # CMake may pass a list of objects as one argument, separated by ';'.
    for arg in [part for given in argv for part in given.split(";") if part]:
        if arg == "--print":
            show = True
        elif arg in groups:
            current = groups[arg]
        else:
            current.append(arg)
    objects = {("rtl/" if group == "--rtl" else "plugin/") + file_of(o): o
               for group, objs in groups.items() for o in objs}
    defined, undefined, definer = {}, {}, {}
    for name, obj in objects.items():
        defined[name], undefined[name] = symbols(obj)
        for symbol in defined[name]:
            definer[symbol] = name
    # The interposed names: those a plugin object defines that the C
    # library or MPI define too are called by the program, not the design.
    edges = collections.defaultdict(set)
    for name, wanted in undefined.items():
        for symbol in wanted:
            callee = definer.get(symbol)
            if callee is not None and callee != name:
                edges[(name, callee)].add(symbol)
    failures = 0
    for (caller, callee), via in sorted(edges.items()):
        if caller.startswith("rtl/") and callee.startswith("plugin/"):
            print(f"error: {caller} calls into the plugin: {callee} ({', '.join(sorted(via))})")
            failures += 1
    interposed = {s for (a, b), via in edges.items() for s in via
                  if not s.startswith(("om_", "ownmap_"))}
    design = {pair for pair, via in edges.items() if via - interposed}
    for component in cycles(design):
        print("error: calls run back up among " + " ".join(component) + ":")
        for (caller, callee) in sorted(design):
            if caller in component and callee in component:
                via = sorted(edges[(caller, callee)] - interposed)
                print(f"  {caller} -> {callee}: {' '.join(via)}")
        failures += 1
    if show:
        for (caller, callee) in sorted(design):
            print(f"{caller} -> {callee}: {' '.join(sorted(edges[(caller, callee)] - interposed))}")
    if failures == 0:
        print(f"layers: {len(objects)} files, {len(design)} calls between them, no call runs "
              "back up, rtl calls nothing of the plugin's")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
