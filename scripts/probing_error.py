#!/usr/bin/env python3
"""The probing error: how often path probing misjudges whether a site blocks
a crawler, measured over the bundled corpus.

Liu et al. (IMC 2025, "Somesite I Used To Crawl") sorted sites into fully
disallowed, partially disallowed and not disallowed for 24 AI agents by
asking Google's parser about a few URLs per (file, agent): `/`, every path
that an `Allow` or `Disallow` line of the file names (any group, a trailing
`$` dropped, `*` kept as written), and one dummy path. Every probe disallowed
is "fully", some is "partially", none is "not". This script sorts every
(file, agent) pair of `testdata/corpus` both ways through the same engine
(the `google` profile): by that probing, and exactly, by
`Policy.classify`, which decides over the rules whether every path, none or
some may be fetched. It prints the confusion table, the share of pairs that
probing misclassifies, and examples with the exact answer's witness paths.

    python3 scripts/probing_error.py                  # the page, on stdout
    python3 scripts/probing_error.py --write docs/probing-error.md
    python3 scripts/probing_error.py --check docs/probing-error.md

`--check` fails (exit 1) when the page's figures are not what the corpus
gives now; CI runs it.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

from robots_engine import Policy

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO / "testdata" / "corpus"

# The 24 AI agents of Liu et al.'s study, as their artifact lists them.
AGENTS = [
    "Amazonbot", "AI2Bot", "anthropic-ai", "Applebot", "Applebot-Extended", "Bytespider",
    "CCBot", "ChatGPT-User", "Claude-Web", "ClaudeBot", "cohere-ai", "Diffbot",
    "FacebookBot", "Google-Extended", "GPTBot", "Kangaroo Bot", "Meta-ExternalAgent",
    "Meta-ExternalFetcher", "OAI-SearchBot", "omgili", "PerplexityBot", "Timpibot",
    "Webzio-Extended", "YouBot",
]  # fmt: skip

# The study's dummy path, for files that disallow everything but `/$`.
DUMMY = "/dummy-testing-path-54321"
ORIGIN = "https://example.com"
PROFILE = "google"

# The exact classes, and the probing labels in the same order.
EXACT = ["blocked", "partial", "allowed"]
PROBED = {"blocked": "fully", "partial": "partially", "allowed": "not"}


def probe_paths(text: str) -> list[str]:
    """The paths the study probes: `/`, the value of every line that reads as
    an `Allow` or `Disallow` (its first word after `allow: `, else the text
    after its first colon), each without a trailing `$`, then the dummy."""
    paths = {"/"}
    for line in text.split("\n"):
        lower = line.lower()
        if "disallow: " in lower or "allow: " in lower:
            words = line.split()
            if len(words) >= 2:
                paths.add(words[1])
        elif "disallow:" in lower or "allow:" in lower:
            parts = line.split(":")
            if len(parts) >= 2:
                paths.add(parts[1])
    probes = ["/"]
    for path in sorted(paths - {"/"}) + [DUMMY]:
        probes.append(path[:-1] if path.endswith("$") else path)
    return probes


def probed_label(verdicts: list[bool]) -> str:
    """The study's reading of the probes (the first is `/`): with `/` allowed,
    any disallowed probe makes "partially", else "not"; with `/` disallowed,
    any allowed probe makes "partially", else "fully"."""
    root, rest = verdicts[0], verdicts[1:]
    if root:
        return "partially" if not all(rest) else "not"
    return "partially" if any(rest) else "fully"


def measure(files: list[Path]) -> dict:
    """Every (file, agent) pair sorted both ways."""
    table: Counter = Counter()
    examples: dict[tuple[str, str], list] = {}
    for file in files:
        body = file.read_bytes()
        policy = Policy(body, PROFILE)
        text = body.decode("utf-8", "replace")
        urls = [ORIGIN + p for p in probe_paths(text)]
        for agent in AGENTS:
            exact = policy.classify(agent)
            verdicts = [bool(v) for v in policy.matcher(agent).allowed_many(urls)]
            probed = probed_label(verdicts)
            table[(exact.kind, probed)] += 1
            if exact.kind in PROBED and PROBED[exact.kind] != probed:
                examples.setdefault((exact.kind, probed), []).append((file.name, agent, exact, len(urls)))
                if bare_cr(body):
                    table[("bare-cr", "")] += 1
    return {"table": table, "examples": examples, "files": len(files)}


def bare_cr(body: bytes) -> bool:
    """Whether some line of `body` ends in a CR alone (old Mac line ends),
    which RFC 9309 and the engine read as a line end, and a split at LF does not."""
    return b"\r" in body.replace(b"\r\n", b"")


def render(result: dict) -> str:
    table, examples = result["table"], result["examples"]
    in_bare_cr = table.pop(("bare-cr", ""), 0)
    pairs = sum(table.values())
    decided = sum(n for (exact, _), n in table.items() if exact in PROBED)
    wrong = sum(n for (exact, probed), n in table.items() if exact in PROBED and PROBED[exact] != probed)
    undecided = pairs - decided
    labels = ["fully", "partially", "not"]
    out = [
        "# The probing error",
        "",
        "How often path probing misjudges whether a robots.txt blocks a crawler. Generated by",
        "`python3 scripts/probing_error.py --write docs/probing-error.md` over the bundled corpus",
        "(`testdata/corpus`); CI checks that this page's figures are what the corpus gives",
        "(`--check`).",
        "",
        "**Method.** Every (file, agent) pair of the corpus's "
        f"{result['files']} files and the 24 AI agents of Liu et al. (IMC 2025)",
        "is sorted two ways through the same engine under the `google` profile:",
        "",
        "- *probing*, as Liu et al. describe it: ask about `/`, every path an `Allow` or",
        "  `Disallow` line of the file names (any group; a trailing `$` dropped, `*` kept as",
        f"  written) and one dummy path (`{DUMMY}`); every probe disallowed is *fully*",
        "  disallowed, some is *partially*, none is *not* disallowed;",
        "- *exactly*, by `Policy.classify` (`Matcher::classify` in Rust, `robots_access` in",
        "  SQL): decided over the rules, never by sampling paths, whether every path may be",
        "  fetched (*allowed*), none (*blocked*) or some (*partial*), with a witness path of",
        "  each verdict.",
        "",
        f"**Result.** Of {pairs:,} pairs, probing misclassifies **{wrong:,}**, "
        f"**{100.0 * wrong / decided:.2f}%** of the {decided:,} the exact method decides"
        + (f" ({undecided:,} undecided: the rules' wildcards would take more than the bound)." if undecided else "."),
        "",
        "| exact \\ probing | fully | partially | not | total |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for exact in EXACT + (["undecided"] if undecided else []):
        row = [table.get((exact, label), 0) for label in labels]
        out.append(f"| {exact} | " + " | ".join(f"{n:,}" for n in row) + f" | {sum(row):,} |")
    out += [
        "",
        "Diagonal: *blocked* = *fully*, *partial* = *partially*, *allowed* = *not*. "
        "Each other cell is a pair the study's method would have counted wrongly.",
        "",
    ]
    if wrong:
        out += [
            f"{in_bare_cr:,} of the {wrong:,} misclassified pairs are in files whose lines end in a bare CR",
            "(`\\r`, old Mac line ends), which RFC 9309 and the engine read as line ends: a reading",
            "that splits at LF only sees one line there and probes one path."
            + (
                f" The other {wrong - in_bare_cr:,} are in files whose rule lines the study's substring test"
                " misses (such as a space before the colon, `Disallow : /x`, which parsers accept), or whose"
                " allowed or disallowed paths no probe reaches."
                if in_bare_cr < wrong
                else ""
            ),
            "",
        ]
    if examples:
        out += ["## Examples", "", "Pairs of each kind of error, with the exact answer's witnesses:", ""]
        for (exact, probed), found in sorted(examples.items()):
            files = sorted({name for name, _, _, _ in found})
            out.append(f"- exact *{exact}*, probed *{probed}* ({len(found):,} pairs, {len(files)} files), one pair a file:")
            firsts = [next(f for f in found if f[0] == name) for name in files]
            for name, agent, c, probes in firsts[:8]:
                if c.kind == "partial":
                    why = (
                        f"`{c.allowed_path}` allowed (line {c.allowed_line or 'none: no rule matches'}), "
                        f"`{c.disallowed_path}` disallowed (line {c.disallowed_line})"
                    )
                else:
                    lines = ", ".join(str(line) for line, _, _ in c.rules[:3]) or "no rule"
                    why = f"every path {'disallowed' if c.kind == 'blocked' else 'allowed'} (deciding lines {lines})"
                out.append(f"  - `{name}`, {agent}: {why}; {probes} probes")
        out.append("")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--write", metavar="PAGE", help="write the page to PAGE")
    parser.add_argument("--check", metavar="PAGE", help="fail unless PAGE holds what the corpus gives now")
    args = parser.parse_args(argv)
    page = render(measure(sorted(CORPUS.glob("*.txt"))))
    if args.check:
        current = Path(args.check).read_text(encoding="utf-8")
        if current != page:
            print(f"{args.check} is out of date: run scripts/probing_error.py --write {args.check}", file=sys.stderr)
            return 1
        print(f"{args.check}: the figures are what the corpus gives")
        return 0
    if args.write:
        Path(args.write).write_text(page, encoding="utf-8")
        return 0
    print(page)
    return 0


if __name__ == "__main__":
    sys.exit(main())
