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

Folders too: a build script that watches a folder (`cargo:rerun-if-changed`
on testdata/corpus, say) is run again when the folder or anything in it is
newer than its last run, and a clone makes every folder new. A folder gets its
saved time back only when every tracked file under it is unchanged and none
was added or removed (the same digest of paths and blob ids), and nothing
untracked lies in it.

.ci/run restores only when the build directory was last built from the same
clone path: binaries built elsewhere name that other path.
"""

import hashlib
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


def untracked():
    """The paths of the untracked files git does not ignore."""
    out = subprocess.run(
        ["git", "ls-files", "-o", "--exclude-standard", "-z"], check=True, capture_output=True
    ).stdout
    return [os.fsdecode(p) for p in out.split(b"\0") if p]


def unchanged_folders():
    """{folder: digest} of the folders whose tracked files are all unchanged
    and which hold nothing untracked; the digest names every tracked path
    under the folder and its blob id, so it differs when one is added,
    removed or changed."""
    out = subprocess.run(
        ["git", "ls-files", "-s", "-z"], check=True, capture_output=True
    ).stdout
    entries = {}
    for entry in out.split(b"\0"):
        if entry:
            meta, _, path = entry.partition(b"\t")
            entries[os.fsdecode(path)] = meta.split(b" ")[1].decode()
    clean = tracked_unchanged()
    unclean = {p for p in entries if p not in clean and not os.path.islink(p)}
    unclean.update(untracked())
    spoiled = set()
    for path in unclean:
        folder = os.path.dirname(path)
        while folder and folder not in spoiled:
            spoiled.add(folder)
            folder = os.path.dirname(folder)
    digests = {}
    for path in sorted(entries):
        folder = os.path.dirname(path)
        while folder:
            if folder not in spoiled:
                digests.setdefault(folder, hashlib.sha1()).update(
                    f"{path}\0{entries[path]}\0".encode()
                )
            folder = os.path.dirname(folder)
    return {folder: h.hexdigest() for folder, h in digests.items() if os.path.isdir(folder)}


def save(file):
    times = {}
    for path, blob in tracked_unchanged().items():
        try:
            times[path] = [blob, os.stat(path).st_mtime_ns]
        except FileNotFoundError:
            pass
    for folder, digest in unchanged_folders().items():
        times[folder + "/"] = [digest, os.stat(folder).st_mtime_ns]
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
    # After the files: setting a file's time leaves its folder's alone.
    for folder, digest in unchanged_folders().items():
        saved = times.get(folder + "/")
        if saved and saved[0] == digest:
            st = os.stat(folder)
            os.utime(folder, ns=(st.st_atime_ns, saved[1]))
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
