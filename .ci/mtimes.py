"""Keeps what cargo sees of a clean clone as it was after the last run here.

Cargo decides whether a workspace crate is fresh by modification times: a
source newer than the crate's last build makes it build again. A clean clone
gives every file the time of the clone, so a run on it built every workspace
crate again, in every configuration, though the kept build directory
(.ci/run's build_dir_cache) held them built from the same bytes.

    python3 .ci/mtimes.py save FILE      after a run: each tracked file's
                                         blob id and modification time
    python3 .ci/mtimes.py restore FILE   before a run: the saved time back on
                                         each file whose bytes are the same

A file is given its saved time only when its content is the one saved (git's
blob id of the index entry, and the working tree clean for it), so a changed
file keeps the clone's time, newer than any build, and what depends on it is
built again. A file's time thus changes only when its bytes do.

.ci/run restores only when the build directory was last built from the same
clone path: binaries built elsewhere name that other path.
"""

import json
import os
import subprocess
import sys


def tracked_unchanged():
    """{path: blob id} of the tracked files whose working copy is as indexed."""
    out = subprocess.run(
        ["git", "ls-files", "-s", "-z"], check=True, capture_output=True
    ).stdout
    blobs = {}
    for entry in out.split(b"\0"):
        if not entry:
            continue
        meta, _, path = entry.partition(b"\t")
        mode, blob, _stage = meta.split(b" ")
        if mode.startswith(b"120") or mode.startswith(b"160"):
            # Symbolic links and submodules: their times are not cargo's.
            continue
        blobs[os.fsdecode(path)] = blob.decode()
    dirty = subprocess.run(
        ["git", "diff", "--name-only", "-z"], check=True, capture_output=True
    ).stdout
    for path in dirty.split(b"\0"):
        blobs.pop(os.fsdecode(path), None)
    return blobs


def save(file):
    times = {}
    for path, blob in tracked_unchanged().items():
        try:
            times[path] = [blob, os.stat(path).st_mtime_ns]
        except FileNotFoundError:
            pass
    tmp = file + ".tmp"
    with open(tmp, "w") as f:
        json.dump(times, f)
    os.replace(tmp, file)


def restore(file):
    try:
        with open(file) as f:
            times = json.load(f)
    except (FileNotFoundError, ValueError):
        return None
    same = 0
    files = tracked_unchanged()
    for path, blob in files.items():
        saved = times.get(path)
        if saved and saved[0] == blob:
            st = os.stat(path)
            os.utime(path, ns=(st.st_atime_ns, saved[1]))
            same += 1
    return same, len(files)


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("save", "restore"):
        print("usage: python3 .ci/mtimes.py save|restore FILE", file=sys.stderr)
        return 2
    if sys.argv[1] == "save":
        save(sys.argv[2])
    else:
        restored = restore(sys.argv[2])
        if restored is None:
            print("(modification times: no record of a run from this path; every file is new to cargo)")
        else:
            same, total = restored
            print(f"(modification times: {same} of {total} tracked files as after the last run here)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
