//! The generator's output: a snapshot of it on a small file, proof that it is
//! a Rust expression, that it grows linearly, and how strict generation fails.

use robots_codegen::{policy_expr, Builder, Options, Profile};
use std::path::Path;

const SMALL: &str = include_str!("../data/small.txt");

#[test]
fn snapshot_of_a_small_file() {
    let source = Builder::new("tests/data/small.txt")
        .generate()
        .expect("generate");
    insta::assert_snapshot!("small_rfc9309", source);
    let for_foobot = Builder::new("tests/data/small.txt")
        .profile(Profile::Google)
        .agent("FooBot")
        .generate()
        .expect("generate");
    insta::assert_snapshot!("small_google_foobot", for_foobot);
}

/// Small enough corpus files to parse back quickly, under every profile.
fn corpus() -> Vec<(String, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/corpus");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .expect("testdata/corpus")
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .filter_map(|p| {
            let bytes = std::fs::read(&p).ok()?;
            let name = p.file_name()?.to_string_lossy().into_owned();
            Some((name, bytes))
        })
        .filter(|(_, bytes)| bytes.len() < 64 * 1024)
        .collect();
    files.sort();
    files
}

#[test]
fn output_parses_back_as_an_expression() {
    let files = corpus();
    assert!(files.len() > 20, "corpus files found: {}", files.len());
    let parses = |name: &str, bytes: &[u8], options: &Options| {
        let tokens = policy_expr(bytes, options).expect("not strict: never fails");
        let expr: syn::Expr =
            syn::parse2(tokens).unwrap_or_else(|e| panic!("{name} under {options:?}: {e}"));
        assert!(matches!(expr, syn::Expr::Block(_)), "{name}");
    };
    for (name, bytes) in &files {
        parses(name, bytes, &Options::new(Profile::Rfc9309));
    }
    for profile in Profile::ALL {
        parses("small.txt", SMALL.as_bytes(), &Options::new(profile));
        parses(
            "small.txt",
            SMALL.as_bytes(),
            &Options::new(profile).agent("FooBot"),
        );
    }
    // The source text a build script writes parses too.
    let text = Builder::from_text(SMALL).generate().expect("generate");
    let expr: syn::Expr = syn::parse_str(&text).expect("generated source parses");
    assert!(matches!(expr, syn::Expr::Block(_)));
}

/// The output is a few tokens, whatever the number of rules, and its text (the
/// tables' bytes, as one byte string) grows linearly with the rules.
#[test]
fn output_grows_linearly() {
    let file = |rules: usize| {
        let mut text = String::from("User-agent: *\n");
        for i in 0..rules {
            text.push_str(&format!("Disallow: /section-{i}/*/page-{}$\n", i * 7));
        }
        text
    };
    fn count(tokens: proc_macro2::TokenStream) -> usize {
        tokens
            .into_iter()
            .map(|t| match t {
                proc_macro2::TokenTree::Group(g) => 1 + count(g.stream()),
                _ => 1,
            })
            .sum()
    }
    let expr =
        |rules: usize| policy_expr(file(rules).as_bytes(), &Options::default()).expect("generate");
    let (small, large) = (expr(1000), expr(4000));
    let (small_text, large_text) = (small.to_string().len(), large.to_string().len());
    let (small, large) = (count(small), count(large));
    assert_eq!(
        small, large,
        "1000 rules: {small} tokens; 4000 rules: {large} tokens"
    );
    assert!(small < 1000, "{small} tokens");
    assert!(
        // Escapes of larger numbers take a few more characters: linear, not exactly 4x.
        large_text <= 5 * small_text && large_text >= 3 * small_text,
        "1000 rules: {small_text} bytes of source; 4000 rules: {large_text}"
    );
}

#[test]
fn strict_fails_on_every_error_finding() {
    let source = "Allow: /early\nUser-agent: *\nDisalow: /x\nDisallow: rel\nCrawl-delay: -1\nSitemap: /s.xml\nFoo: bar\n";
    let strict = Options::default().strict(true);
    let findings = policy_expr(source.as_bytes(), &strict).unwrap_err();
    let codes: Vec<&str> = findings.iter().map(|f| f.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "rule-outside-group",
            "misspelled-directive",
            "path-not-absolute",
            "invalid-crawl-delay",
            "relative-sitemap-url"
        ],
        "warnings (the unknown `Foo`) do not fail"
    );
    // Not strict: the same file compiles, as it does at run time.
    assert!(policy_expr(source.as_bytes(), &Options::default()).is_ok());
}

#[test]
fn strict_cap() {
    let source = "User-agent: *\nDisallow: /one\nDisallow: /two\n";
    let capped = Options::default().strict(true).max_bytes(Some(20));
    let findings = policy_expr(source.as_bytes(), &capped).unwrap_err();
    assert_eq!(findings.len(), 1);
    assert_eq!(findings[0].code, "file-too-large");
    let uncapped = Options::default().strict(true).max_bytes(None);
    assert!(policy_expr(source.as_bytes(), &uncapped).is_ok());
}

#[test]
fn builder_error_renders_every_finding() {
    let error = Builder::from_text("User-agent: *\nDisalow: /tmp\nCrawl-delay: soon\n")
        .strict(true)
        .generate()
        .unwrap_err();
    assert_eq!(error.findings().len(), 2);
    let text = error.to_string();
    assert!(text.starts_with("robots.txt: 2 errors (strict)"), "{text}");
    for expected in [
        "error[misspelled-directive]: `Disalow` is a misspelling of `disallow`",
        "robots.txt:2:1",
        "Disalow: /tmp",
        "^^^^^^^",
        "help: write `disallow`: Google's parser reads the misspelling, parsers that follow RFC 9309 ignore the line",
        "error[invalid-crawl-delay]",
        "robots.txt:3:14",
    ] {
        assert!(
            text.contains(expected),
            "{expected:?} missing from:\n{text}"
        );
    }
    // A build script's `main` returning the error prints its Debug: the same text.
    assert_eq!(format!("{error:?}"), text);
}

#[test]
fn builder_reads_relative_to_the_manifest_dir() {
    let builder = Builder::new("tests/data/small.txt");
    let path = builder
        .path()
        .expect("CARGO_MANIFEST_DIR is set")
        .expect("a file");
    assert!(path.is_absolute());
    assert_eq!(
        path,
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/small.txt")
    );
    assert!(builder.generate().is_ok());

    let missing = Builder::new("tests/data/missing.txt")
        .generate()
        .unwrap_err();
    let text = missing.to_string();
    assert!(text.starts_with("cannot read robots.txt"), "{text}");
    assert!(text.contains("missing.txt"), "{text}");
    assert!(std::error::Error::source(&missing).is_some());
}

#[test]
fn builder_crate_path() {
    let text = Builder::from_text("User-agent: *\nDisallow: /\n")
        .crate_path("::my_robots")
        .generate()
        .expect("generate");
    assert!(
        text.contains("use ::my_robots::__private as __robots;"),
        "{text}"
    );
    let error = Builder::from_text("")
        .crate_path("not a \"path")
        .generate()
        .unwrap_err();
    assert!(error.to_string().contains("is not a Rust path"), "{error}");
}
