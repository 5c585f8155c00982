//! With the `static-engine` feature (on by default), compile every corpus file into
//! a `static Policy` with `robots-codegen`, as a user's build.rs would, so the
//! benchmarks can time ours compiled in next to ours parsed at run time.

fn main() {
    #[cfg(feature = "static-engine")]
    statics::generate();
}

#[cfg(feature = "static-engine")]
mod statics {
    use robots_codegen::{Builder, Profile};
    use std::fmt::Write as _;
    use std::path::PathBuf;

    pub fn generate() {
        let manifest =
            PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
        let corpus = manifest.join("../testdata/corpus");
        let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
        println!("cargo:rerun-if-changed={}", corpus.display());
        let mut names: Vec<String> = std::fs::read_dir(&corpus)
            .expect("read testdata/corpus")
            .filter_map(|entry| {
                let name = entry.ok()?.file_name().into_string().ok()?;
                Some(name.strip_suffix(".txt")?.to_owned())
            })
            .filter(|name| corpus.join(format!("{name}.urls")).exists())
            .collect();
        names.sort();
        let mut index = String::from("use robots_runtime::Policy;\n\n");
        for (i, name) in names.iter().enumerate() {
            Builder::new(corpus.join(format!("{name}.txt")))
                .profile(Profile::Google)
                // Much of the corpus is broken on purpose: no cargo:warning per error.
                .warn(false)
                .write(format!("policy_{i}.rs"))
                .unwrap_or_else(|e| panic!("robots-codegen failed on {name}.txt: {e}"));
            let _ = writeln!(
                index,
                "static P{i}: Policy = include!(concat!(env!(\"OUT_DIR\"), \"/policy_{i}.rs\"));"
            );
        }
        index.push_str("\n/// Every corpus file's policy, by file name (sorted).\npub static POLICIES: &[(&str, &Policy)] = &[\n");
        for (i, name) in names.iter().enumerate() {
            let _ = writeln!(index, "    ({name:?}, &P{i}),");
        }
        index.push_str("];\n");
        std::fs::write(out.join("statics.rs"), index).expect("write statics.rs");
    }
}
