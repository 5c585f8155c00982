"""`robots lint --format sarif` against the SARIF 2.1.0 JSON schema (called by .ci/run).

The schema is not kept in this repository (its OASIS licence terms are not a
plain open-source licence). It is taken at test time from a package registry:
the `serde-sarif` crate (MIT) ships it as `src/schema.json`; `cargo info
serde-sarif@0.8.0` puts the crate archive in cargo's cache (no build), and the
file is read out of it. The validator is Python's `jsonschema`, the reference
implementation, with its format checks (`uri`, `date-time`, ...).

This runs in Python, not as a Rust test, because a JSON Schema validator for
Rust brings two regex engines and a bignum stack to the test build: about a
minute of CPU on every cold CI run, for one test. The structure of the log
(every result names a rule of the run, SARIF results and JSON findings agree)
is checked by robots-cli/tests/sarif.rs.
"""

import glob
import json
import os
import subprocess
import sys
import tarfile
import tempfile

import jsonschema

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CRATE, VERSION = "serde-sarif", "0.8.0"
TITLE = "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def cargo(*args, cwd=REPO):
    proc = subprocess.run(["cargo", *args], cwd=cwd, capture_output=True, text=True)
    if proc.returncode != 0:
        fail(f"cargo {' '.join(args)}:\n{proc.stderr}")
    return proc.stdout


def cached_crate():
    """The cached `.crate` archive of serde-sarif, if cargo has it."""
    home = os.environ.get("CARGO_HOME") or os.path.join(os.path.expanduser("~"), ".cargo")
    found = glob.glob(os.path.join(home, "registry", "cache", "*", f"{CRATE}-{VERSION}.crate"))
    return found[0] if found else None


def schema():
    if cached_crate() is None:
        # From a directory outside the workspace: `cargo info` only reads the registry.
        cargo("info", f"{CRATE}@{VERSION}", cwd=os.path.expanduser("~"))
    archive = cached_crate()
    if archive is None:
        fail(f"cargo info did not leave {CRATE}-{VERSION}.crate in cargo's cache")
    with tarfile.open(archive, "r:gz") as tar:
        member = tar.extractfile(f"{CRATE}-{VERSION}/src/schema.json")
        if member is None:
            fail(f"{archive} has no src/schema.json")
        loaded = json.load(member)
    if loaded.get("title") != TITLE:
        fail(f"not the SARIF 2.1.0 schema: {loaded.get('title')!r}")
    return loaded


def robots_binary():
    """ROBOTS_BIN when set (`.ci/run` passes the one its build step made);
    otherwise `robots` as a test build builds it (a plain `cargo build`
    resolves the features without the dev-dependencies, and would rebuild
    crates)."""
    if os.environ.get("ROBOTS_BIN"):
        return os.environ["ROBOTS_BIN"]
    out = cargo("test", "--workspace", "--all-features", "--locked", "--no-run",
                "--message-format=json-render-diagnostics")
    for line in out.splitlines():
        message = json.loads(line)
        target = message.get("target") or {}
        if message.get("reason") == "compiler-artifact" and message.get("executable") \
                and target.get("name") == "robots" and target.get("kind") == ["bin"] \
                and not message["profile"]["test"]:
            return message["executable"]
    fail("cargo build did not report the robots executable")


# Findings after multi-byte characters: SARIF columns count UTF-16 code units
# (the log says so), the JSON findings' columns count bytes.
MULTIBYTE = "User-agent: *\nDisallow: /café/😀$x\nDisallow: /ü/*?$q\nDisalow: /naïve\n".encode()


def utf16_column(line, byte_column):
    """The UTF-16 column of a 1-based byte column of `line` (bytes)."""
    return len(line[: byte_column - 1].decode("utf-8", "replace").encode("utf-16-le")) // 2 + 1


def check_multibyte_columns(robots):
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "multibyte.txt")
        with open(path, "wb") as f:
            f.write(MULTIBYTE)
        runs = {}
        for form in ("json", "sarif"):
            proc = subprocess.run([robots, "lint", "--format", form, path], capture_output=True)
            runs[form] = proc.stdout.decode()
    findings = [json.loads(line) for line in runs["json"].splitlines()]
    log = json.loads(runs["sarif"])
    run = log["runs"][0]
    if run.get("columnKind") != "utf16CodeUnits":
        fail(f"SARIF columnKind is {run.get('columnKind')!r}")
    results = run["results"]
    if len(results) != len(findings) or not findings:
        fail(f"{len(results)} SARIF results for {len(findings)} JSON findings")
    lines = MULTIBYTE.split(b"\n")
    moved = 0
    for finding, result in zip(findings, results):
        region = result["locations"][0]["physicalLocation"]["region"]
        line = lines[finding["line"] - 1]
        want = utf16_column(line, finding["column"])
        if (region["startLine"], region["startColumn"]) != (finding["line"], want):
            fail(f"{finding['code']}: SARIF {region} for byte column {finding['column']} (want UTF-16 column {want})")
        moved += want != finding["column"]
    if moved == 0:
        fail("no finding lies after a multi-byte character: the fixture no longer tests the conversion")
    return len(results)


def main():
    the_schema = schema()
    validator_class = jsonschema.validators.validator_for(the_schema)
    validator_class.check_schema(the_schema)
    validator = validator_class(the_schema, format_checker=validator_class.FORMAT_CHECKER)
    # The check can fail: a log without its version, or with a malformed URI, is rejected.
    if validator.is_valid({"runs": []}):
        fail("the schema accepted a log without its version")
    bad_uri = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x", "informationUri": "not a uri"}}}]}
    if validator.is_valid(bad_uri):
        fail("the validator does not check formats")

    robots = robots_binary()
    lint_dir = os.path.join(REPO, "testdata", "lint")
    names = sorted(n for n in os.listdir(lint_dir) if os.path.isfile(os.path.join(lint_dir, n)))
    runs = [[n] for n in names] + [names, [os.path.join(REPO, "testdata", "corpus", "docs.oracle.com.txt")]]
    failures = []
    results = 0
    for files in runs:
        proc = subprocess.run([robots, "lint", "--format", "sarif", *files], cwd=lint_dir, capture_output=True)
        try:
            log = json.loads(proc.stdout)
        except ValueError as e:
            fail(f"{files}: not JSON ({e}):\n{proc.stderr.decode(errors='replace')}")
        for error in validator.iter_errors(log):
            failures.append(f"{files}: {error.message} at /{'/'.join(map(str, error.absolute_path))}")
        results += len(log["runs"][0]["results"])
    results += check_multibyte_columns(robots)
    if failures:
        fail("\n".join(failures))
    if results == 0:
        fail("no run had a result: the fixtures no longer exercise the results")
    print(f"SARIF: {len(runs)} logs ({results} results) valid against the 2.1.0 schema")


if __name__ == "__main__":
    main()
