"""The acceptance over the bundled corpus: every verdict equals the CLI's
for every (file, agent, URL) of the corpus's URL lists, and every crawler's
class equals `robots report`'s; in the body form and in the keyed form
(`robots_compile`), the latter over URLs in random order."""

from __future__ import annotations

import json
import subprocess
from concurrent.futures import ThreadPoolExecutor

import pyarrow as pa

# (agent, profile): the profile is passed as the optional argument, or left
# to the default (google) when None.
# Googlebot-Image has no group of its own in most files: it follows
# Googlebot's (the registry's fallback), as `robots check` does.
CHECKS = [("Googlebot", None), ("GPTBot", None), ("Googlebot-Image", None), ("ExampleBot", "rfc9309")]


def cli_verdicts(cli, path, urls_path, agent, profile) -> list[bool]:
    out = subprocess.run(
        [str(cli), "check", str(path), "--agent", agent, "--profile", profile or "google"],
        stdin=urls_path.open("rb"),
        capture_output=True,
        check=True,
    ).stdout
    return [line.split(b"\t", 1)[0] == b"allowed" for line in out.split(b"\n") if line]


def test_verdicts_equal_the_cli_for_every_corpus_url(con, corpus, robots_cli):
    from conftest import CORPUS

    con.register("bodies", pa.table({"file": [c[0] for c in corpus], "body": pa.array([c[1] for c in corpus], pa.binary())}))
    files, numbers, urls = [], [], []
    for index, (_, _, lines) in enumerate(corpus):
        files += [index] * len(lines)
        numbers += range(len(lines))
        urls += lines
    con.register(
        "urls",
        pa.table({"f": files, "file": [corpus[i][0] for i in files], "n": numbers, "url": pa.array(urls, pa.binary())}),
    )

    # The keyed form's URLs in random order: nearly every file in every vector.
    con.execute("CREATE TABLE shuffled AS SELECT * FROM urls ORDER BY hash(f, n)")

    def run(job):
        (name, _, lines), (agent, profile) = job
        verdicts = cli_verdicts(robots_cli, CORPUS / f"{name}.txt", CORPUS / f"{name}.urls", agent, profile)
        assert len(verdicts) == len(lines), (name, agent)
        return verdicts

    disallowed = 0
    for agent, profile in CHECKS:
        with ThreadPoolExecutor(max_workers=2) as pool:
            cli = [v for verdicts in pool.map(run, [(c, (agent, profile)) for c in corpus]) for v in verdicts]
        call = "robots_allowed(b.body, ?, u.url)" if profile is None else "robots_allowed(b.body, ?, u.url, ?)"
        params = [agent] if profile is None else [agent, profile]
        ours = [
            row[0]
            for row in con.execute(f"SELECT {call} FROM urls u JOIN bodies b USING (file) ORDER BY u.f, u.n", params).fetchall()
        ]
        assert len(ours) == len(cli) == len(urls)
        different = [(files[i], urls[i], ours[i], cli[i]) for i in range(len(urls)) if ours[i] != cli[i]]
        named = [(corpus[f][0], url, a, b) for f, url, a, b in different[:5]]
        assert not different, (agent, profile, len(different), named)
        # The keyed form: each file compiled once (under the profile), its key joined to the URLs.
        compiled = "robots_compile(body)" if profile is None else "robots_compile(body, ?)"
        con.execute(f"CREATE OR REPLACE TABLE keys AS SELECT file, {compiled} AS k FROM bodies", params[1:])
        keyed = [
            row[0]
            for row in con.execute(
                "SELECT robots_allowed(k.k, ?, u.url) FROM shuffled u JOIN keys k USING (file) ORDER BY u.f, u.n", [agent]
            ).fetchall()
        ]
        assert keyed == ours, (agent, profile, sum(a != b for a, b in zip(keyed, ours)))
        disallowed += sum(1 for v in ours if v is False)
    # The comparison means something: both verdicts occur in numbers.
    checked = len(urls) * len(CHECKS)
    assert 10_000 < disallowed < checked - 10_000, (disallowed, checked)


def report_rows(cli, path, profile="google") -> list[dict]:
    out = subprocess.run(
        [str(cli), "report", str(path), "--format", "json", "--profile", profile], capture_output=True, check=True
    ).stdout
    return json.loads(out)["crawlers"]


def test_classes_equal_robots_report(con, corpus, robots_cli):
    from conftest import CORPUS

    with ThreadPoolExecutor(max_workers=2) as pool:
        reports = list(pool.map(lambda c: report_rows(robots_cli, CORPUS / f"{c[0]}.txt"), corpus))
    con.register("bodies", pa.table({"file": [c[0] for c in corpus], "body": pa.array([c[1] for c in corpus], pa.binary())}))
    ours = con.execute(
        """
        SELECT file, r.token, r.applies, r.group_token, r.root_allowed, r.access, r.allowed_path,
               r.allowed_line, r.disallowed_path, r.disallowed_line, r.allowed_share, r.crawl_delay_seconds,
               r.robots_txt, robots_access(body, r.token) AS exact
        FROM (SELECT file, body, unnest(robots_report(body)) AS r FROM bodies)
        """
    ).fetchall()
    by_key = {(row[0], row[1]): row for row in ours}
    # The keyed form gives the same rows.
    keyed = con.execute(
        """
        SELECT file, r.token, r.applies, r.group_token, r.root_allowed, r.access, r.allowed_path,
               r.allowed_line, r.disallowed_path, r.disallowed_line, r.allowed_share, r.crawl_delay_seconds,
               r.robots_txt, robots_access(k, r.token) AS exact
        FROM (SELECT file, k, unnest(robots_report(k)) AS r FROM (SELECT file, robots_compile(body) AS k FROM bodies))
        """
    ).fetchall()
    assert {(row[0], row[1]): row for row in keyed} == by_key
    kinds = {}
    applies = {}
    for (name, _, _), crawlers in zip(corpus, reports):
        for c in crawlers:
            row = by_key.get((name, c["token"]))
            assert row is not None, (name, c["token"])
            access = c["access"]
            expected = (
                c["group"]["applies"],
                c["group"]["token"],
                c["root_allowed"],
                access["kind"],
                access.get("allowed_path"),
                access.get("allowed_line"),
                access.get("disallowed_path"),
                access.get("disallowed_line"),
                c["allowed_share"],
                c["crawl_delay_seconds"],
                c["robots_txt"],
            )
            assert row[2:13] == expected, (name, c["token"])
            kinds[access["kind"]] = kinds.get(access["kind"], 0) + 1
            # robots_access(body, token) is the report's row for the crawler,
            # whatever group it obeys: its own, a fallback's (Googlebot-Image
            # follows Googlebot), `*`, none, or none because it ignores `*`.
            assert row[13] == {
                "kind": access["kind"],
                "allowed_path": access.get("allowed_path"),
                "allowed_line": access.get("allowed_line"),
                "disallowed_path": access.get("disallowed_path"),
                "disallowed_line": access.get("disallowed_line"),
                "reason": access.get("reason"),
            }, (name, c["token"], c["group"]["applies"])
            applies[c["group"]["applies"]] = applies.get(c["group"]["applies"], 0) + 1
    assert len(by_key) == sum(len(r) for r in reports)
    # Every class occurs: the comparison covers blocked, partial and allowed sites.
    assert kinds.get("blocked", 0) > 100 and kinds.get("partial", 0) > 1000 and kinds.get("allowed", 0) > 100, kinds
    # The chains are exercised: crawlers that follow a fallback's group, and
    # crawlers that ignore `*`, occur in the corpus.
    assert applies.get("fallback", 0) > 10 and applies.get("ignores-wildcard", 0) > 10, applies
