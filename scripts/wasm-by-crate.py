#!/usr/bin/env python3
"""Weigh a names-kept .wasm by crate: where the package's bytes go.

    ROBOTS_JS_NAMES=1 bash robots-js/build.sh
    python3 scripts/wasm-by-crate.py robots-js/pkg/web/robots_engine_bg.wasm
    python3 scripts/wasm-by-crate.py MODULE.wasm --detail robots_lint 40

A function belongs to the first workspace crate its name mentions, in the
order of ORDER (so std's B-tree or sort instantiated for a lint type is
lint's); a function that mentions none (a sort of `Vec<u8>`) belongs to the
crate of its nearest dominator that does (`twiggy dominators`), else to the
crate its name starts with. For each part: its raw bytes (twiggy's shallow
sizes) and its functions' code gzipped on their own (gzip -9), the figure
BENCHMARKS.md gives per part. The names build is only for weighing: the size
that ships is build.sh's without names.

Needs twiggy (`cargo install twiggy`)."""
import csv
import gzip
import io
import re
import subprocess
import sys
from collections import defaultdict

# Most dependent first: a function naming robots_lint and robots_core is lint's.
ORDER = ["robots_lint", "robots_engine", "robots_fetch", "robots_runtime",
         "robots_registry", "robots_core"]
STD = ("core", "alloc", "std", "compiler_builtins", "dlmalloc")


def leb(data, at):
    """An unsigned LEB128 number at `at`, and where it ends."""
    value = shift = 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def code_and_names(path):
    """The module's function bodies by function index, and its function names."""
    data = open(path, "rb").read()
    at = 8
    imported = 0
    bodies = {}
    names = {}
    while at < len(data):
        section = data[at]
        size, at = leb(data, at + 1)
        end = at + size
        if section == 2:  # imports: functions imported come first in the index space
            count, p = leb(data, at)
            for _ in range(count):
                for _ in range(2):  # module and field names
                    n, p = leb(data, p)
                    p += n
                kind = data[p]
                p += 1
                if kind == 0:
                    imported += 1
                    _, p = leb(data, p)
                elif kind in (1, 2):  # table (element type first), memory
                    p += kind == 1
                    flags, p = leb(data, p)
                    _, p = leb(data, p)
                    if flags & 1:
                        _, p = leb(data, p)
                elif kind == 3:
                    p += 2
                else:
                    sys.exit(f"unknown import kind {kind}")
        elif section == 10:  # code
            count, p = leb(data, at)
            for i in range(count):
                n, p = leb(data, p)
                bodies[imported + i] = data[p:p + n]
                p += n
        elif section == 0:  # custom: the "name" section's function names
            n, p = leb(data, at)
            if data[p:p + n] == b"name":
                p += n
                while p < end:
                    sub = data[p]
                    sub_size, p = leb(data, p + 1)
                    if sub == 1:
                        count, q = leb(data, p)
                        for _ in range(count):
                            index, q = leb(data, q)
                            n, q = leb(data, q)
                            names[index] = data[q:q + n].decode("utf-8", "replace")
                            q += n
                    p += sub_size
        at = end
    return bodies, names


def workspace_crate(name):
    for crate in ORDER:
        if crate + "[" in name or name.startswith(crate + "::"):
            return crate
    return None


def leading_crate(name):
    if name.startswith("data segment"):
        return "(data)"
    m = re.match(r"[<&\s]*(?:dyn )?([A-Za-z_][A-Za-z0-9_]*)(?:\[[0-9a-f]+\])?::", name)
    if not m:
        return "(other)"
    return "std" if m.group(1) in STD else m.group(1)


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    path = sys.argv[1]
    rows = list(csv.DictReader(io.StringIO(subprocess.run(
        ["twiggy", "dominators", "-f", "csv", path],
        check=True, capture_output=True, text=True).stdout)))
    by_id = {r["Id"]: r for r in rows}
    owner_of = {}

    def owner(item):
        """The workspace crate of `item` or of its nearest dominator that has one."""
        chain = []
        current = item
        found = None
        while current in by_id:
            if current in owner_of:
                found = owner_of[current]
                break
            chain.append(current)
            found = workspace_crate(by_id[current]["Name"])
            if found:
                break
            parent = by_id[current]["ImmediateDominator"]
            if parent == current:
                break
            current = parent
        for x in chain:
            owner_of[x] = found
        return found or leading_crate(by_id[item]["Name"])

    bodies, names = code_and_names(path)
    bodies_by_name = defaultdict(list)
    for index, body in bodies.items():
        if index in names:
            bodies_by_name[names[index]].append(body)
    raw = defaultdict(int)
    code = defaultdict(list)
    items = defaultdict(list)
    for r in rows:
        name = r["Name"]
        if name == "<meta root>" or "subsection" in name or name.startswith("export ") \
                or "custom section" in name:
            continue
        part = owner(r["Id"])
        size = int(r["ShallowSize"])
        raw[part] += size
        items[part].append((size, name))
        code[part].extend(bodies_by_name.pop(name, []))
    print(f"{'part':<18} {'raw B':>10} {'code gz B':>10}")
    for part in sorted(raw, key=lambda p: -raw[p]):
        gz = len(gzip.compress(b"".join(code[part]), 9)) if code[part] else 0
        print(f"{part:<18} {raw[part]:>10} {gz:>10}")
    if "--detail" in sys.argv:
        at = sys.argv.index("--detail")
        part = sys.argv[at + 1]
        count = int(sys.argv[at + 2]) if len(sys.argv) > at + 2 else 40
        families = defaultdict(int)
        for size, name in items[part]:
            if "slice::sort" in name:
                families["std sorts"] += size
            elif "collections::btree" in name:
                families["B-trees"] += size
            elif name.startswith(("core[", "<core[", "alloc[", "<alloc[")):
                families["other std generics"] += size
            else:
                families["its own functions"] += size
        print(f"\n{part}, raw bytes: " + ", ".join(f"{k} {v}" for k, v in families.items()))
        for size, name in sorted(items[part], reverse=True)[:count]:
            short = re.sub(r"\[[0-9a-f]{12,}\]", "", name)  # crate hashes
            print(f"{size:>7}  {short[:160]}")


if __name__ == "__main__":
    try:
        main()
    except BrokenPipeError:
        pass
