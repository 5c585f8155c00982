"""The pre-commit hook and the GitHub Action, run for real (called by .ci/run).

- the hook's script: run from this checkout on a broken and a clean
  robots.txt, it builds `robots` with cargo and fails on the broken file only;
- pre-commit: a temporary git repository with a broken robots.txt, then
  `pre-commit try-repo` on this repository's `robots-lint` hook (pre-commit
  clones the repository and runs the hook from the clone, with ROBOTS_BIN set
  to the build the first part made: a clone's build of every workspace crate
  would prove nothing the first part does not, at a minute and a half of CPU):
  it must fail on the broken file and pass on a clean one;
- the Action: the `run` scripts of action.yml's composite steps, with the
  inputs and `runner.temp` substituted as GitHub does, in a temporary
  checkout: they must fail on the broken file (with a `::error` annotation),
  pass on a clean one, and honour `deny-warnings`.

CARGO_TARGET_DIR and ROBOTS_CARGO_PROFILE (set by .ci/run) let the builds
share the checkout's: the temporary sites get the repository's cargo
configuration, so `cargo install --path` of the checkout builds the same
crates with the same settings as a build in the checkout.
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


def hook_build(tmp):
    """Runs the hook's script from the checkout (it builds `robots`); returns the built command."""
    script = os.path.join(REPO, "scripts", "robots-lint-hook")
    for name, body, passes in (("script-broken", BROKEN, False), ("script-clean", CLEAN, True)):
        site = os.path.join(tmp, name)
        git_repo(site, body)
        env = {k: v for k, v in os.environ.items() if k != "ROBOTS_BIN"}
        code, out = run(["bash", script, "robots.txt"], site, env)
        if (code == 0) != passes or (not passes and "misspelled-directive" not in out):
            fail(f"the hook's script on {name}: exit {code}:\n{out}")
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(REPO, "target"))
    profile = os.environ.get("ROBOTS_CARGO_PROFILE", "release")
    folder = {"dev": "debug", "test": "debug", "bench": "release"}.get(profile, profile)
    robots = os.path.join(target, folder, "robots")
    if not os.access(robots, os.X_OK):
        fail(f"the hook's script built no {robots}")
    print("hook script: builds robots, fails on a broken robots.txt, passes on a clean one")
    return robots


def test_pre_commit(tmp, robots):
    pre_commit = os.path.join(os.path.dirname(sys.executable), "pre-commit")
    env = dict(os.environ, PRE_COMMIT_HOME=os.path.join(tmp, "pre-commit-home"), ROBOTS_BIN=robots)
    cmd = [pre_commit, "try-repo", REPO, "robots-lint", "--files", "robots.txt"]
    results = {}
    for name, body in (("broken", BROKEN), ("clean", CLEAN)):
        site = os.path.join(tmp, "pre-commit-" + name)
        git_repo(site, body)
        results[name] = run(cmd, site, env)
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


def repository_config():
    """The repository's own .cargo/config.toml, which cargo does not read from
    the temporary sites (it looks upwards from the working directory): with
    other settings, their builds would build every crate again instead of
    sharing the checkout's."""
    with open(os.path.join(REPO, ".cargo", "config.toml")) as f:
        return f.read()


def main():
    with tempfile.TemporaryDirectory(prefix="robots-hooks-") as tmp:
        os.makedirs(os.path.join(tmp, ".cargo"))
        with open(os.path.join(tmp, ".cargo", "config.toml"), "w") as f:
            f.write(repository_config())
        robots = hook_build(tmp)
        test_pre_commit(tmp, robots)
        test_action(tmp)
    print("3 passed, 0 failed")


if __name__ == "__main__":
    main()
