#!/usr/bin/env python3
"""Download the IP range files crawler operators publish into the snapshot
robots-audit bundles (robots-audit/ranges/), and rewrite its manifest.

    python3 scripts/update-ip-ranges.py            # every URL the registry lists
    python3 scripts/update-ip-ranges.py gptbot.json bingbot.json   # just these

The URLs are the `ip_ranges` of robots-registry/crawlers.toml's [[identity]]
entries. Each download must have the operators' shape ({"creationTime": ...,
"prefixes": [{"ipv4Prefix": ...} | {"ipv6Prefix": ...}]}, every prefix a valid
network) before it replaces the bundled copy; a file that fails keeps its old
copy, and the script exits 1 after trying the rest. The manifest entry of a
downloaded file records its URL, creationTime and the day (`downloaded`),
instead of a mirror and commit. A file the registry lists that the crate does
not embed yet (robots-audit/src/verification/ranges.rs, SNAPSHOT) is saved and
named at the end: add it there, and `cargo test -p robots-audit --test
snapshot` holds the three (folder, manifest, embedded list) together.

It needs the network (Python 3.11+ and its standard library only). The sandbox
that assembled the current snapshot reaches no operator's host, so that
snapshot was taken from mirror repositories instead; run this where the
operators' hosts can be reached.
"""

import datetime
import ipaddress
import json
import pathlib
import re
import sys
import tomllib
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
REGISTRY = ROOT / "robots-registry" / "crawlers.toml"
RANGES = ROOT / "robots-audit" / "ranges"
MANIFEST = RANGES / "manifest.toml"
EMBEDDED = ROOT / "robots-audit" / "src" / "verification" / "ranges.rs"


def published():
    """(file name, url, operator) for every range file the registry lists."""
    with REGISTRY.open("rb") as f:
        registry = tomllib.load(f)
    for entry in registry.get("identity", []):
        for url in entry.get("ip_ranges", []):
            yield url.rsplit("/", 1)[-1], url, entry["operator"]


def check_shape(body):
    """The file's creationTime, or an exception saying what is wrong with it."""
    data = json.loads(body)
    prefixes = data["prefixes"]
    if not isinstance(prefixes, list) or not prefixes:
        raise ValueError("no prefixes")
    for at, entry in enumerate(prefixes):
        text = entry.get("ipv4Prefix") or entry.get("ipv6Prefix")
        if not isinstance(text, str):
            raise ValueError(f"prefixes[{at}] has neither ipv4Prefix nor ipv6Prefix")
        ipaddress.ip_network(text.strip().strip("\u200b"), strict=False)
    return str(data.get("creationTime", ""))


def download(url):
    request = urllib.request.Request(url, headers={"User-Agent": "robots-update-ip-ranges"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read()


def quote(text):
    return json.dumps(text, ensure_ascii=False)


def manifest_entries():
    """The manifest's [[file]] blocks, by name, as text."""
    text = MANIFEST.read_text()
    head, *blocks = re.split(r"(?m)^\[\[file\]\]\n", text)
    entries = {}
    for block in blocks:
        name = re.search(r'(?m)^name = "([^"]+)"', block).group(1)
        entries[name] = "[[file]]\n" + block.rstrip("\n") + "\n"
    return head, entries


def main(only):
    today = datetime.date.today().isoformat()
    head, entries = manifest_entries()
    embedded = EMBEDDED.read_text()
    failed, new = [], []
    for name, url, operator in published():
        if only and name not in only:
            continue
        try:
            body = download(url)
            creation = check_shape(body)
        except Exception as e:  # noqa: BLE001 - every failure is reported the same way
            failed.append(f"{name} ({url}): {e}")
            continue
        (RANGES / name).write_bytes(body)
        entries[name] = (
            "[[file]]\n"
            f"name = {quote(name)}\nurl = {quote(url)}\noperator = {quote(operator)}\n"
            f"creation_time = {quote(creation)}\ndownloaded = {quote(today)}\n"
            'note = "Downloaded from the operator by scripts/update-ip-ranges.py."\n'
        )
        if f'"{name}"' not in embedded:
            new.append(name)
        print(f"{name}: {creation or 'no creationTime'}")
    head = re.sub(r'(?m)^snapshot = "[^"]*"', f'snapshot = "{today}"', head)
    MANIFEST.write_text(head + "\n".join(entries[n] for n in sorted(entries)))
    for name in new:
        print(f"{name}: new; add it to SNAPSHOT in {EMBEDDED.relative_to(ROOT)}", file=sys.stderr)
    for failure in failed:
        print(f"failed, old copy kept: {failure}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(set(sys.argv[1:])))
