#!/usr/bin/env bash
# Google's robots.txt library (robots.cc, robots.h) for `first_verdict`, from
# a package registry, on a machine that reaches nothing else: PyPI's
# jwm-robotstxt 1.0.8 is a Python binding whose source distribution carries
# Google's files unchanged (google/robotstxt at de56676, September 2023).
# Nothing of it is committed: it lands in benches/target/google-robotstxt, and
# the script prints that directory, for GOOGLE_ROBOTSTXT_DIR.
#
#   GOOGLE_ROBOTSTXT_DIR=$(bash benches/google/source.sh) \
#     cargo run --release --manifest-path benches/Cargo.toml --no-default-features --bin first_verdict
#
# A checkout of github.com/google/robotstxt serves as well (its newer
# commits only reorganise the code), where that site is reachable.
#
# pip fetches the archive with its ordinary client. `pip download` prepares a
# source distribution's metadata before it saves it, and this one's setup.py
# runs CMake for that (to build the binding); a CMake that does nothing
# stands in, since nothing is built here. The archive's SHA-256 is checked.
set -euo pipefail
here="$(cd "$(dirname "$0")/../.." && pwd)"
dest="$here/benches/target/google-robotstxt"
archive=jwm_robotstxt-1.0.8.tar.gz
sha256=e0042e368bfab415e70ce393bd449959d534c343cdb0568c32efd84de6aac94d
if [ -f "$dest/robots.cc" ] && [ -f "$dest/robots.h" ]; then
    echo "$dest"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv" >&2
"$work/venv/bin/pip" install --quiet pybind11 setuptools wheel >&2
mkdir -p "$work/bin"
printf '#!/bin/sh\nexit 0\n' >"$work/bin/cmake"
chmod +x "$work/bin/cmake"
PATH="$work/bin:$PATH" "$work/venv/bin/pip" download --quiet --no-deps --no-binary :all: \
    --no-build-isolation -d "$work" jwm-robotstxt==1.0.8 >&2
echo "$sha256  $work/$archive" | sha256sum --check --quiet >&2
tar -xzf "$work/$archive" -C "$work"
mkdir -p "$dest"
cp "$work/jwm_robotstxt-1.0.8/robotstxt/robots.cc" "$work/jwm_robotstxt-1.0.8/robotstxt/robots.h" \
    "$work/jwm_robotstxt-1.0.8/robotstxt/LICENSE" "$dest/"
echo "$dest"
