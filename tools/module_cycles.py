#!/usr/bin/env python3
"""Fails when modules of a Rust crate import each other, directly or round a longer circle.

Usage: tools/module_cycles.py [SRC_DIR ...]   (default: src and every crates/*/src)

A module is a file (`a/b.rs` or `a/b/mod.rs` is `a::b`). A module uses another when its code
(outside `#[cfg(test)]` blocks) names a path through it: `crate::a::b::Item`, `super::Item`,
`self::child::Item`, or a child by its bare name. A path through a re-export (`pub use x::Item`
in a parent) counts as a use of the module that defines the item, so `lib.rs` re-exporting a
child's types is no circle. Prints every circle (strongly connected set of modules) and exits 1
if there is one, 0 otherwise.
"""

import re
import sys
from pathlib import Path

PATH_RE = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
USE_RE = re.compile(r"\buse\s+([^;]+);", re.S)
PUB_USE_RE = re.compile(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", re.S)
MOD_RE = re.compile(r"^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;", re.M)


def strip_tests(text):
    """Drops `#[cfg(test)]` items (a test module may use anything) and comments."""
    text = re.sub(r"//[^\n]*", "", text)
    out, i = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]", text):
        if m.start() < i:
            continue
        out.append(text[i : m.start()])
        j = text.find("{", m.end())
        semi = text.find(";", m.end())
        if j < 0 or (0 <= semi < j):
            i = semi + 1
            continue
        depth = 0
        for k in range(j, len(text)):
            if text[k] == "{":
                depth += 1
            elif text[k] == "}":
                depth -= 1
                if depth == 0:
                    i = k + 1
                    break
        else:
            i = len(text)
    out.append(text[i:])
    return "".join(out)


def expand_use(tree):
    """`a::{b, c::{d, e}}` -> ["a::b", "a::c::d", "a::c::e"]."""
    tree = re.sub(r"\s+", "", tree)
    m = re.match(r"^(.*?)\{(.*)\}$", tree)
    if not m:
        return [re.sub(r"as\w+$", "", tree)]
    prefix, inner = m.group(1), m.group(2)
    parts, depth, cur = [], 0, ""
    for ch in inner:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    return [p for part in parts if part for p in expand_use(prefix + part)]


def modules_of(src):
    mods = {}
    for f in sorted(src.rglob("*.rs")):
        rel = f.relative_to(src)
        parts = list(rel.with_suffix("").parts)
        if parts in (["main"],) or parts[0] in ("bin",):
            continue
        if parts[-1] == "mod" or parts == ["lib"]:
            parts = parts[:-1]
        mods[tuple(parts)] = strip_tests(f.read_text())
    return mods


def graph_of(src):
    mods = modules_of(src)
    reexports = {}
    for mod, text in mods.items():
        for m in PUB_USE_RE.finditer(text):
            for path in expand_use(m.group(1)):
                segs = path.split("::")
                reexports[(mod, segs[-1])] = (mod, segs)

    def absolute(mod, segs):
        """A path's segments from the crate root, or None for another crate's path."""
        if segs[0] == "crate":
            return list(segs[1:])
        base = list(mod)
        while segs and segs[0] in ("self", "super"):
            if segs[0] == "super":
                base = base[:-1]
            segs = segs[1:]
        if segs and tuple(base + [segs[0]]) in mods:
            return base + list(segs)
        return None if not segs else (base + list(segs) if (segs[0] in ("self", "super")) else None)

    def resolve(mod, segs, depth=0):
        root = absolute(mod, segs) if segs[0] in ("crate", "self", "super") else None
        if root is None:
            # A bare path starting at a child module of `mod`.
            if tuple(list(mod) + [segs[0]]) in mods:
                root = list(mod) + list(segs)
            else:
                return None
        cur = ()
        for seg in root:
            if cur + (seg,) in mods:
                cur = cur + (seg,)
                continue
            if depth < 8 and (cur, seg) in reexports:
                owner, target = reexports[(cur, seg)]
                if target[0] not in ("crate", "self", "super") and tuple(list(owner) + [target[0]]) not in mods:
                    return cur  # re-exported from another crate
                return resolve(owner, target, depth + 1) or cur
            break
        return cur

    edges = {m: set() for m in mods}
    for mod, text in mods.items():
        paths = [m.group(0) for m in PATH_RE.finditer(text)]
        for m in USE_RE.finditer(text):
            paths.extend(expand_use(m.group(1)))
        children = {k[-1] for k in mods if len(k) == len(mod) + 1 and k[: len(mod)] == mod}
        for child in children:
            for m in re.finditer(r"(?<![\w:])" + child + r"::\w+", text):
                paths.append(m.group(0))
        for path in paths:
            segs = [s for s in path.split("::") if s]
            if not segs:
                continue
            target = resolve(mod, segs)
            if target is not None and target != mod:
                edges[mod].add(target)
    return edges


def cycles(edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, ()):
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

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main():
    root = Path(__file__).resolve().parent.parent
    dirs = [Path(a) for a in sys.argv[1:]] or [root / "src"] + sorted(root.glob("crates/*/src"))
    bad = 0
    for src in dirs:
        found = cycles(graph_of(src))
        name = src.relative_to(root) if src.is_relative_to(root) else src
        for comp in found:
            bad += 1
            print(f"{name}: modules import each other: " + ", ".join("::".join(m) or "(root)" for m in comp))
        if not found:
            print(f"{name}: no circle among {len(graph_of(src))} modules")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
