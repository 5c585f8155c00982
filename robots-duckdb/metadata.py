#!/usr/bin/env python3
"""Append the metadata footer DuckDB reads before it loads an extension.

DuckDB's extension loader reads the last 512 bytes of a
``.duckdb_extension`` file: 256 bytes of metadata, then a 256-byte
signature. The metadata is eight 32-byte fields, NUL-padded, stored last
field first: from the end, (1) the magic ``4``, (2) the platform
(``linux_amd64``, as ``PRAGMA platform`` names it), (3) for the ``C_STRUCT``
ABI the C API version the extension needs (``v1.2.0``: DuckDB loads it from
that version on), (4) the extension's version, (5) the ABI type, (6-8)
unused. Before the footer come the bytes that make it a WebAssembly custom
section named ``duckdb_signature`` (so a Wasm build stays a valid module):
section id 0, the section's length as LEB128 (531: the name's length byte,
the 16-byte name, two length bytes, 8 x 32 and 256), the name, and the
payload's length as LEB128 (512). An unsigned extension has a zero
signature, which DuckDB accepts when ``allow_unsigned_extensions`` is set.

    python3 metadata.py LIBRARY OUT --platform linux_amd64 --capi v1.2.0 --version v0.1.0

``--read FILE`` prints the fields of an extension's footer instead.
"""

from __future__ import annotations

import argparse
import shutil
import sys

FIELD = 32
FIELDS = 8
SIGNATURE = 256
NAME = b"duckdb_signature"
MAGIC = "4"
ABI = "C_STRUCT"


def leb128(n: int) -> bytes:
    """``n`` as unsigned LEB128: seven bits a byte, low first."""
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field(text: str) -> bytes:
    raw = text.encode("ascii")
    if len(raw) > FIELD:
        raise SystemExit(f"metadata field {text!r} is longer than {FIELD} bytes")
    return raw.ljust(FIELD, b"\0")


def footer(platform: str, capi: str, version: str) -> bytes:
    # Stored last field first: unused x3, ABI type, version, C API, platform, magic.
    fields = ["", "", "", ABI, version, capi, platform, MAGIC]
    payload = b"".join(field(f) for f in fields) + b"\0" * SIGNATURE
    payload_len = leb128(len(payload))
    section = bytes([len(NAME)]) + NAME + payload_len + payload
    return b"\0" + leb128(len(section)) + section


def read(path: str) -> dict[str, str]:
    """The fields of the footer of ``path``, by name."""
    with open(path, "rb") as f:
        f.seek(0, 2)
        size = f.tell()
        if size < FIELDS * FIELD + SIGNATURE:
            raise SystemExit(f"{path}: too short to hold a DuckDB extension footer")
        f.seek(size - FIELDS * FIELD - SIGNATURE)
        metadata = f.read(FIELDS * FIELD)
    values = [metadata[i * FIELD : (i + 1) * FIELD].rstrip(b"\0").decode("ascii", "replace") for i in range(FIELDS)]
    values.reverse()
    names = ["magic", "platform", "capi_version", "extension_version", "abi_type"]
    return dict(zip(names, values))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("library", nargs="?", help="the shared library cargo built")
    parser.add_argument("out", nargs="?", help="the .duckdb_extension file to write")
    parser.add_argument("--platform", help="DuckDB's platform string, as PRAGMA platform names it")
    parser.add_argument("--capi", help="the C API version the extension needs, e.g. v1.2.0")
    parser.add_argument("--version", help="the extension's version, e.g. v0.1.0")
    parser.add_argument("--read", metavar="FILE", help="print the footer fields of FILE and exit")
    args = parser.parse_args(argv)
    if args.read:
        for name, value in read(args.read).items():
            print(f"{name}\t{value}")
        return
    if not (args.library and args.out and args.platform and args.capi and args.version):
        parser.error("LIBRARY, OUT, --platform, --capi and --version are required")
    shutil.copyfile(args.library, args.out)
    with open(args.out, "ab") as out:
        out.write(footer(args.platform, args.capi, args.version))


if __name__ == "__main__":
    sys.exit(main())
