//! CI assertions through the generator and the build.rs API: a policy change that
//! blocks a must-allow URL fails generation, naming the deciding line.

use robots_codegen::{policy_expr, Builder, Options, Profile};

const ROBOTS: &[u8] = b"User-agent: *\nDisallow: /private\nAllow: /private/press\n";

#[test]
fn holding_assertions_generate_the_policy() {
    let options = Options::new(Profile::Rfc9309).assertions(
        &b"allow * /private/press/x\nblock FooBot /private/notes\n"[..],
        "ok.asserts",
    );
    assert!(policy_expr(ROBOTS, &options).is_ok());
}

#[test]
fn a_broken_assertion_fails_with_the_deciding_line() {
    let options = Options::new(Profile::Rfc9309).assertions(
        &b"# must stay crawlable\nallow FooBot /private/notes\n"[..],
        "ci.asserts",
    );
    let findings = policy_expr(ROBOTS, &options).expect_err("the assertion breaks");
    assert_eq!(findings.len(), 1);
    let f = &findings[0];
    assert_eq!(
        (f.code.as_str(), f.line, f.column),
        ("assertion-failed", 2, 11)
    );
    assert_eq!(
        f.message,
        "ci.asserts:2:1: expected `allow FooBot /private/notes`, but it is disallowed by robots.txt:2 \"Disallow: /private\""
    );
}

#[test]
fn an_unparsable_assertion_file_is_reported() {
    let options = Options::new(Profile::Rfc9309).assertions(&b"allow FooBot\n"[..], "bad.asserts");
    let findings = policy_expr(ROBOTS, &options).expect_err("the file does not parse");
    assert_eq!(findings[0].code, "invalid-assertion");
    assert!(
        findings[0].message.starts_with("bad.asserts:1:"),
        "{}",
        findings[0].message
    );
}

#[test]
fn the_builder_reads_an_assertion_file() {
    let dir = std::env::temp_dir().join(format!("robots-codegen-asserts-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let asserts = dir.join("robots.asserts");
    std::fs::write(&asserts, "block * /private/x\nallow * /private/press/1\n").expect("write");
    let ok = Builder::from_text(ROBOTS).assertions(&asserts).generate();
    assert!(ok.is_ok(), "{:?}", ok.err());
    std::fs::write(&asserts, "allow * /private/x\n").expect("write");
    let err = Builder::from_text(ROBOTS)
        .assertions(&asserts)
        .generate()
        .expect_err("the assertion breaks");
    let shown = err.to_string();
    assert!(shown.contains("error[assertion-failed]"), "{shown}");
    assert!(shown.contains("robots.txt:2:11"), "{shown}");
    assert_eq!(err.findings()[0].code, "assertion-failed");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_assertion_about_another_crawler_than_the_narrowed_one_says_so() {
    let options = Options::new(Profile::Rfc9309).agent("Other").assertions(
        &b"allow Other /public\nallow MyBot /private/x\n"[..],
        "ci.asserts",
    );
    let findings = policy_expr(ROBOTS, &options).expect_err("MyBot is not the compiled crawler");
    assert_eq!(findings.len(), 1, "{findings:?}");
    let f = &findings[0];
    assert_eq!(f.code, "invalid-assertion");
    assert!(f.message.starts_with("ci.asserts:2:1: "), "{}", f.message);
    assert!(f.message.contains("`MyBot`"), "{}", f.message);
    assert!(
        f.message.contains("compiled for `Other` only"),
        "{}",
        f.message
    );
    // The compiled crawler itself, any case, is fine.
    let options = Options::new(Profile::Rfc9309)
        .agent("Other")
        .assertions(&b"block other /private/x\n"[..], "ci.asserts");
    assert!(policy_expr(ROBOTS, &options).is_ok());
}

#[test]
fn a_failed_assertion_without_strict_does_not_say_strict() {
    let err = Builder::from_text(ROBOTS)
        .options(
            Options::new(Profile::Rfc9309).assertions(&b"allow * /private/x\n"[..], "ci.asserts"),
        )
        .generate()
        .expect_err("the assertion breaks");
    let shown = err.to_string();
    assert!(!shown.contains("(strict)"), "{shown}");
    assert!(
        shown.starts_with("robots.txt: 1 error (assertions)"),
        "{shown}"
    );
    // A strict build that fails on the file's own errors says strict.
    let err = Builder::from_text(&b"User-agent: *\nCrawl-delay: soon\n"[..])
        .strict(true)
        .generate()
        .expect_err("strict");
    assert!(err.to_string().contains("(strict)"));
}

#[test]
fn a_non_strict_build_warns_about_the_files_errors() {
    let broken = b"Disallow: /early\nUser-agent: *\nCrawl-delay: soon\nDisallow: /ok\n";
    let warnings = Builder::from_text(&broken[..])
        .warnings()
        .expect("it generates");
    assert_eq!(warnings.len(), 2, "{warnings:?}");
    assert!(
        warnings[0].starts_with("cargo:warning=robots.txt:1:1: error[rule-outside-group]: "),
        "{}",
        warnings[0]
    );
    assert!(
        warnings[1].starts_with("cargo:warning=robots.txt:3:14: error[invalid-crawl-delay]: "),
        "{}",
        warnings[1]
    );
    assert!(warnings.iter().all(|w| !w.contains('\n')));
    // A clean file, or a strict build (which fails instead), warns about nothing.
    assert_eq!(
        Builder::from_text(ROBOTS).warnings().expect("clean").len(),
        0
    );
    assert!(Builder::from_text(&broken[..])
        .strict(true)
        .warnings()
        .is_err());
}
