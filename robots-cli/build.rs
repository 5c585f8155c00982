//! Embeds the browser tester (`web/dist/`, written by `bash web/build.sh`) into
//! the binary for `robots web`: `$OUT_DIR/web_assets.rs` lists every file of it
//! as `(path, include_bytes!(…))`. Without a build the list is empty, the CLI
//! still builds, and `robots web` says how to build the page.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::{env, fs};

fn files(dir: &Path, prefix: &str, out: &mut Vec<(String, PathBuf)>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(fs::DirEntry::file_name);
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            files(&path, &format!("{prefix}{name}/"), out);
        } else {
            out.push((format!("{prefix}{name}"), path));
        }
    }
}

fn main() {
    let manifest =
        PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"));
    let web = manifest.join("../web");
    let dist = web.join("dist");
    // Watch the build when there is one, else the folder it will appear in: a
    // path that does not exist would rebuild this crate every time.
    if dist.is_dir() {
        println!("cargo:rerun-if-changed={}", dist.display());
    } else if web.is_dir() {
        println!("cargo:rerun-if-changed={}", web.display());
    }
    println!("cargo:rerun-if-changed=build.rs");

    let mut found = Vec::new();
    if dist.join("index.html").is_file() {
        files(&dist, "", &mut found);
    }
    let mut code = String::from("/// Every file of `web/dist/`, by its path there.\npub static ASSETS: &[(&str, &[u8])] = &[\n");
    for (name, path) in &found {
        let path = path.canonicalize().unwrap_or_else(|_| path.clone());
        writeln!(
            code,
            "    ({name:?}, include_bytes!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a String cannot fail");
    }
    code.push_str("];\n");
    let out =
        PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("web_assets.rs");
    fs::write(&out, code).expect("OUT_DIR is writable");
}
