"""The built file carries the footer DuckDB checks before loading it."""

from __future__ import annotations

import re

from conftest import EXTENSION, ROOT


def test_the_footer_names_this_duckdb_and_the_entry_points_c_api():
    import duckdb
    import importlib.util

    spec = importlib.util.spec_from_file_location("metadata", ROOT / "metadata.py")
    metadata = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(metadata)
    fields = metadata.read(str(EXTENSION))
    assert fields["magic"] == "4"
    assert fields["abi_type"] == "C_STRUCT"
    assert fields["platform"] == duckdb.execute("PRAGMA platform").fetchone()[0]
    # The C API version the entry point asks DuckDB for (src/lib.rs) is the
    # one the footer promises (build.sh).
    entry = re.search(r'min_duckdb_version = "(v[0-9.]+)"', (ROOT / "src" / "lib.rs").read_text()).group(1)
    assert fields["capi_version"] == entry
    version = re.search(r'^version = "([^"]+)"', (ROOT / "Cargo.toml").read_text(), re.M).group(1)
    assert fields["extension_version"] == f"v{version}"
    # The WebAssembly custom section that wraps the footer: 534 bytes in all.
    data = EXTENSION.read_bytes()
    assert data[-534:-512] == b"\x00\x93\x04\x10duckdb_signature\x80\x04"


def test_a_file_without_the_footer_is_refused(tmp_path):
    import duckdb

    bare = tmp_path / "robots.duckdb_extension"
    bare.write_bytes(EXTENSION.read_bytes()[:-534])
    con = duckdb.connect(config={"allow_unsigned_extensions": "true"})
    try:
        con.execute(f"LOAD '{bare}'")
    except Exception as e:
        assert "metadata" in str(e).lower() or "not a duckdb extension" in str(e).lower(), e
    else:
        raise AssertionError("DuckDB loaded a file without the footer")
