""".ci/mtimes.py on a repository of its own (called by .ci/run): a clone's
files get the saved times back only where their bytes are the saved ones; a
changed, a dirty or a new file keeps the clone's time."""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MTIMES = os.path.join(HERE, "mtimes.py")
OLD = 1_000_000_000 * 10**9  # 2001, in nanoseconds


def git(cwd, *args):
    subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True)


def tool(cwd, verb, file):
    subprocess.run([sys.executable, MTIMES, verb, file], cwd=cwd, check=True, capture_output=True)


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def fail(message):
    print("FAILED: " + message)
    sys.exit(1)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        origin = os.path.join(tmp, "origin")
        os.makedirs(os.path.join(origin, "src"))
        for name in ("same.rs", "changed.rs", "dirty.rs"):
            write(os.path.join(origin, "src", name), name + "\n")
        # Folders a build script might watch: one left alone, one that gains a
        # file, one that gains an untracked file, one inside another.
        for folder in ("data/kept", "data/grown", "data/littered", "data/kept/deeper"):
            os.makedirs(os.path.join(origin, folder))
            write(os.path.join(origin, folder, "a.txt"), folder + "\n")
        git(origin, "init", "-q")
        git(origin, "-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
        git(origin, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
        first = os.path.join(tmp, "first")
        git(tmp, "clone", "-q", origin, first)
        for name in ("same.rs", "changed.rs", "dirty.rs"):
            os.utime(os.path.join(first, "src", name), ns=(OLD, OLD))
        folders = ("data", "data/kept", "data/grown", "data/littered", "data/kept/deeper", "src")
        for folder in folders:
            os.utime(os.path.join(first, folder), ns=(OLD, OLD))
        saved = os.path.join(tmp, "mtimes.json")
        tool(first, "save", saved)

        write(os.path.join(origin, "src", "changed.rs"), "changed again\n")
        write(os.path.join(origin, "data", "grown", "b.txt"), "added\n")
        git(origin, "add", ".")
        git(origin, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "two")
        second = os.path.join(tmp, "second")
        git(tmp, "clone", "-q", origin, second)
        write(os.path.join(second, "src", "dirty.rs"), "edited, not committed\n")
        write(os.path.join(second, "src", "new.rs"), "untracked\n")
        write(os.path.join(second, "data", "littered", "new.txt"), "untracked\n")
        tool(second, "restore", saved)

        def mtime(name):
            return os.stat(os.path.join(second, "src", name)).st_mtime_ns

        if mtime("same.rs") != OLD:
            fail("an unchanged file did not get its saved time back")
        for name in ("changed.rs", "dirty.rs", "new.rs"):
            if mtime(name) == OLD:
                fail(f"{name} got the saved time, though its bytes are not the saved ones")
        def folder_mtime(folder):
            return os.stat(os.path.join(second, folder)).st_mtime_ns

        for folder in ("data/kept", "data/kept/deeper"):
            if folder_mtime(folder) != OLD:
                fail(f"the unchanged folder {folder} did not get its saved time back")
        # A folder that gained a file, holds an untracked one, or holds a
        # changed or dirty file (src), and the folders above them (data).
        for folder in ("data/grown", "data/littered", "src", "data"):
            if folder_mtime(folder) == OLD:
                fail(f"the folder {folder} got the saved time, though what it holds changed")
        # No saved file yet: nothing changes, and no error.
        tool(second, "restore", os.path.join(tmp, "none.json"))
    print("mtimes: saved times come back only to files whose bytes are the saved ones, and to folders whose files all are")


if __name__ == "__main__":
    main()
