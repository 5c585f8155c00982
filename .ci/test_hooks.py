"""The pre-commit hook and the GitHub Action, run for real (called by .ci/run).

- pre-commit: a temporary git repository with a broken robots.txt, then
  `pre-commit try-repo` on this repository's `robots-lint` hook: it must fail
  on the broken file and pass on a clean one.
- the Action: the `run` scripts of action.yml's composite steps, with the
  inputs and `runner.temp` substituted as GitHub does, in a temporary
  checkout: they must fail on the broken file (with a `::error` annotation),
  pass on a clean one, and honour `deny-warnings`.

Both build `robots` with cargo; CARGO_TARGET_DIR and ROBOTS_CARGO_PROFILE (set
by .ci/run) let them share the test build.
"""

import os
import re
import subprocess
import sys
import tempfile

import yaml  # comes with pre-commit

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

BROKEN = "User-agent: *\nDisalow: /tmp/\n"
WARNS = "User-agent: *\nDisallow: /a\nDisallow: /a\n"
CLEAN = "User-agent: *\nDisallow: /private/\n"


def run(cmd, cwd, env=None, check_code=None):
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    output = proc.stdout + proc.stderr
    return proc.returncode, output


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def git_repo(path, body):
    os.makedirs(path)
    with open(os.path.join(path, "robots.txt"), "w") as f:
        f.write(body)
    for cmd in (["git", "init", "-q"], ["git", "add", "robots.txt"]):
        code, out = run(cmd, path)
        if code != 0:
            fail(f"{cmd}: {out}")


def test_pre_commit(tmp):
    pre_commit = os.path.join(os.path.dirname(sys.executable), "pre-commit")
    env = dict(os.environ, PRE_COMMIT_HOME=os.path.join(tmp, "pre-commit-home"))
    # Both at once: each try-repo clones this repository and the hook builds
    # `robots` there. The clones' crates share their builds in the one target
    # directory, and a build is taken as current when it is newer than the
    # sources: run one after the other, the second clone (newer than the first
    # build) would rebuild every crate of the workspace; started together,
    # cargo's lock has the second wait for the first build, which is then newer.
    sites = {}
    for name, body in (("broken", BROKEN), ("clean", CLEAN)):
        sites[name] = os.path.join(tmp, "pre-commit-" + name)
        git_repo(sites[name], body)
    cmd = [pre_commit, "try-repo", REPO, "robots-lint", "--files", "robots.txt"]
    started = {
        name: subprocess.Popen(
            cmd, cwd=site, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
        )
        for name, site in sites.items()
    }
    results = {}
    for name, proc in started.items():
        out, _ = proc.communicate()
        results[name] = (proc.returncode, out)
    code, out = results["broken"]
    if code == 0 or "misspelled-directive" not in out:
        fail(f"pre-commit passed a broken robots.txt (exit {code}):\n{out}")
    code, out = results["clean"]
    if code != 0 or "robots.txt lint" not in out or "Passed" not in out:
        fail(f"pre-commit failed a clean robots.txt (exit {code}):\n{out}")
    print("pre-commit try-repo: fails on a broken robots.txt, passes on a clean one")


def substitute(text, inputs, runner_temp):
    def value(match):
        expr = match.group(1).strip()
        if expr == "runner.temp":
            return runner_temp
        if expr.startswith("inputs."):
            return inputs[expr[len("inputs."):]]
        fail(f"action.yml uses an expression this test does not know: {expr}")
    return re.sub(r"\$\{\{(.*?)\}\}", value, text)


def run_action(site, runner_temp, given):
    with open(os.path.join(REPO, "action.yml")) as f:
        action = yaml.safe_load(f)
    if action["runs"]["using"] != "composite":
        fail("action.yml is not a composite action")
    inputs = {k: str(v.get("default", "")) for k, v in action["inputs"].items()}
    inputs.update(given)
    output = ""
    for step in action["runs"]["steps"]:
        env = dict(os.environ, GITHUB_ACTION_PATH=REPO, RUNNER_TEMP=runner_temp)
        for key, value in (step.get("env") or {}).items():
            env[key] = substitute(str(value), inputs, runner_temp)
        script = substitute(step["run"], inputs, runner_temp)
        if step.get("shell") != "bash":
            fail(f"step {step.get('name')} does not run in bash")
        # As GitHub runs `shell: bash`.
        code, out = run(["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script], site, env)
        output += out
        if code != 0:
            return code, output
    return 0, output


def test_action(tmp):
    runner_temp = os.path.join(tmp, "runner-temp")
    os.makedirs(runner_temp)
    cases = [
        ("broken", BROKEN, {}, False, "::error file=robots.txt,line=2,col=1,title=robots misspelled-directive::"),
        ("clean", CLEAN, {}, True, "robots.txt: 0 errors, 0 warnings, 0 notes"),
        ("warns", WARNS, {}, True, "::warning file=robots.txt,line=3"),
        ("warns-denied", WARNS, {"deny-warnings": "true"}, False, "::warning file=robots.txt,line=3"),
        ("google", CLEAN, {"profile": "google", "format": "human"}, True, "robots.txt: 0 errors"),
    ]
    for name, body, given, passes, expected in cases:
        site = os.path.join(tmp, "action-" + name)
        git_repo(site, body)
        code, out = run_action(site, runner_temp, given)
        if (code == 0) != passes or expected not in out:
            fail(f"action on {name} (inputs {given}): exit {code}, wanted {'success' if passes else 'failure'} and {expected!r}:\n{out}")
    print("action.yml: fails on a broken robots.txt with annotations, passes on a clean one, honours deny-warnings")


# Cargo configuration for the hook's and the Action's builds, which share the
# checkout's target directory. Cargo reads it from their working directory (a
# site under the temporary directory) upwards. pre-commit builds a clone of this
# repository, and cargo names a workspace crate's build by its path within the
# workspace, so the clone's build of a crate would take the place of the
# checkout's, and the next build of the checkout would redo every crate above
# it. A setting of their own gives the hooks' builds names of their own. The
# repository's compiler flags are added to it (see `repository_flags`).
CARGO_CONFIG = """\
[profile.dev.package.robots-registry]
debug-assertions = false
[profile.dev.package.robots-core]
debug-assertions = false
[profile.dev.package.robots-runtime]
debug-assertions = false
[profile.dev.package.robots-fetch]
debug-assertions = false
[profile.dev.package.robots-cli]
debug-assertions = false
"""


def repository_flags():
    """The `[target.…]` tables (compiler flags) of the repository's own
    .cargo/config.toml, which cargo does not read from the hooks' sites: with
    other flags, the hooks' builds would build every dependency again instead
    of sharing the checkout's builds."""
    with open(os.path.join(REPO, ".cargo", "config.toml")) as f:
        lines = f.read().splitlines()
    kept, in_target = [], False
    for line in lines:
        if line.startswith("["):
            in_target = line.startswith("[target.")
        if in_target:
            kept.append(line)
    return "\n".join(kept) + "\n"


def main():
    with tempfile.TemporaryDirectory(prefix="robots-hooks-") as tmp:
        os.makedirs(os.path.join(tmp, ".cargo"))
        with open(os.path.join(tmp, ".cargo", "config.toml"), "w") as f:
            f.write(repository_flags() + CARGO_CONFIG)
        test_pre_commit(tmp)
        test_action(tmp)
    print("2 passed, 0 failed")


if __name__ == "__main__":
    main()
