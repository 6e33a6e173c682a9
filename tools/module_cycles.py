#!/usr/bin/env python3
"""Finds modules that import each other (directly or around a circle) inside one crate.

Usage: tools/module_cycles.py crates/physics/src [more src folders]; exit 1 when a circle exists.
Each file is a module (`a/b.rs` and `a/b/mod.rs` are `a::b`, `lib.rs`/`main.rs` the root). A module
depends on every other module its code names with a `crate::` path (in `use` or inline), taken
at the longest prefix that is a module; `#[cfg(test)]` code is left out (a test may name anything).
A module and its own submodules are one family: a parent declaring or re-exporting its children
is not counted, only paths between different branches.
"""
import os
import re
import sys


def modules(src):
    mods = {}
    for root, _, files in os.walk(src):
        for f in files:
            if not f.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(root, f), src)[:-3].split(os.sep)
            if rel[-1] == "mod" or rel in (["lib"], ["main"]):
                rel = rel[:-1]
            mods["::".join(rel)] = os.path.join(root, f)
    return mods


def without_tests(text):
    # Drop `#[cfg(test)] mod ... { ... }` blocks by brace matching.
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]\s*(pub\s+)?mod\s+\w+\s*\{", text):
        if m.start() < i:
            continue
        out.append(text[i : m.start()])
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        i = j
    out.append(text[i:])
    return "".join(out)


def deps(mods):
    graph = {}
    for name, path in mods.items():
        text = without_tests(open(path, encoding="utf-8").read())
        text = re.sub(r"//[^\n]*", "", text)
        found = set()
        paths = re.findall(r"crate::((?:\w+::)*\w+)", text)
        # `use crate::a::{b, c::d}` groups: each item with the group's prefix.
        for prefix, group in re.findall(r"crate::((?:\w+::)*)\{([^}]*)\}", text):
            paths += [prefix + p.strip() for p in group.split(",") if p.strip()]
        for p in paths:
            parts = p.split("::")
            for k in range(len(parts), 0, -1):
                cand = "::".join(parts[:k])
                if cand in mods:
                    found.add(cand)
                    break
        related = lambda a, b: a == b or a.startswith(b + "::") or b.startswith(a + "::") or "" in (a, b)
        graph[name] = {d for d in found if not related(name, d)}
    return graph


def cycles(graph):
    # Tarjan's strongly connected components.
    index, low, stack, on, out, n = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = n[0]
        n[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in graph:
        if v not in index:
            visit(v)
    return out


def main():
    bad = False
    for src in sys.argv[1:] or ["crates/physics/src"]:
        for comp in cycles(deps(modules(src))):
            bad = True
            print(f"{src}: modules that import each other: {', '.join(comp)}")
    if not bad:
        print("no circles")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
