//! `robots compile` and `robots check` on the policy files it writes: the same
//! verdict lines (text and JSON) as checking the robots.txt itself, over a
//! sample of the corpus under every profile; and one-line errors, never a
//! panic, for a policy file that does not fit the command line or is damaged.

use robots_runtime::Profile;
use std::ffi::OsString;
use std::io::Cursor;
use std::path::{Path, PathBuf};

/// Run the tool in-process: (exit status, stdout, stderr).
fn robots(args: &[OsString], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let mut full = vec![OsString::from("robots")];
    full.extend(args.iter().cloned());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = robots_cli::run(full, &mut Cursor::new(stdin), &mut out, &mut err);
    (status, out, String::from_utf8_lossy(&err).into_owned())
}

fn args(list: &[&str]) -> Vec<OsString> {
    list.iter().map(OsString::from).collect()
}

/// A scratch directory of this test process, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("robots-compiled-{tag}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("create scratch dir");
        Scratch(dir)
    }

    fn file(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/corpus")
}

/// Every fourth corpus file (sorted by name), with up to 100 of its URLs.
fn sample() -> Vec<(PathBuf, Vec<u8>)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus())
        .expect("read testdata/corpus")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .step_by(4)
        .map(|robots| {
            let urls = std::fs::read(robots.with_extension("urls")).unwrap_or_default();
            let urls: Vec<&[u8]> = urls.split(|&b| b == b'\n').take(100).collect();
            (robots, urls.join(&b'\n'))
        })
        .collect()
}

fn path_arg(path: &Path) -> OsString {
    path.as_os_str().to_owned()
}

/// `check` of `source` for `agent`, in `format`, URLs from stdin.
fn check(source: &Path, agent: &str, extra: &[&str], urls: &[u8]) -> (i32, Vec<u8>, String) {
    let mut a = vec![
        OsString::from("check"),
        path_arg(source),
        "--agent".into(),
        agent.into(),
    ];
    a.extend(extra.iter().map(OsString::from));
    robots(&a, urls)
}

#[test]
fn policy_files_answer_as_the_robots_txt_they_were_compiled_from() {
    let scratch = Scratch::new("agree");
    let sample = sample();
    assert!(sample.len() >= 50, "{} corpus files", sample.len());
    let mut lines = 0usize;
    for (robots_txt, urls) in &sample {
        for profile in Profile::ALL {
            let whole = scratch.file("whole.rpol");
            let (status, _, err) = robots(
                &[
                    "compile".into(),
                    path_arg(robots_txt),
                    "-o".into(),
                    path_arg(&whole),
                    "--profile".into(),
                    profile.name().into(),
                ],
                b"",
            );
            assert_eq!(status, 0, "{}: {err}", robots_txt.display());
            for agent in ["Googlebot", "UnknownCrawler", "bingbot"] {
                // The robots.txt's own JSON verdicts, which the one-crawler
                // policy file below must give too.
                let mut json = Vec::new();
                for format in ["human", "json"] {
                    let want = check(
                        robots_txt,
                        agent,
                        // One token, as a one-crawler file holds: bingbot
                        // would follow msnbot, whose groups it leaves out.
                        &[
                            "--profile",
                            profile.name(),
                            "--format",
                            format,
                            "--no-fallback",
                        ],
                        urls,
                    );
                    let got = check(&whole, agent, &["--format", format, "--no-fallback"], urls);
                    assert_eq!(want.0, 0, "{}: {}", robots_txt.display(), want.2);
                    assert_eq!(
                        got.1,
                        want.1,
                        "{} [{profile}] {agent} {format}: the policy file answers differently",
                        robots_txt.display()
                    );
                    lines += want.1.iter().filter(|&&b| b == b'\n').count();
                    if format == "json" {
                        json = want.1;
                    }
                }
                let mine = scratch.file("mine.rpol");
                let (status, _, err) = robots(
                    &[
                        "compile".into(),
                        path_arg(robots_txt),
                        "-o".into(),
                        path_arg(&mine),
                        "--profile".into(),
                        profile.name().into(),
                        "--agent".into(),
                        agent.into(),
                    ],
                    b"",
                );
                assert_eq!(status, 0, "{err}");
                assert!(!json.is_empty(), "no JSON verdicts for {agent}");
                let got = check(&mine, agent, &["--format", "json", "--no-fallback"], urls);
                assert_eq!(
                    got.1,
                    json,
                    "{} [{profile}] {agent}: the one-crawler policy file answers differently",
                    robots_txt.display()
                );
            }
        }
    }
    assert!(lines > 10_000, "only {lines} verdict lines compared");
}

#[test]
fn a_policy_file_on_stdout_loads_from_stdin() {
    let robots_txt = b"User-agent: *\nDisallow: /private\n";
    let (status, policy, err) = robots(&args(&["compile", "-", "-o", "-"]), robots_txt);
    assert_eq!(status, 0, "{err}");
    assert!(policy.starts_with(b"ROBOTPOL"));
    assert!(err.contains("into <stdout>"), "{err}");
    let (status, out, err) = robots(
        &args(&["check", "-", "--agent", "bot", "/private/x", "/public"]),
        &policy,
    );
    assert_eq!(status, 0, "{err}");
    assert_eq!(out, b"disallowed\t/private/x\nallowed\t/public\n");
}

#[test]
fn a_policy_file_that_does_not_fit_the_command_line_is_a_one_line_error() {
    let scratch = Scratch::new("fit");
    let robots_txt = scratch.file("robots.txt");
    std::fs::write(&robots_txt, "User-agent: FooBot\nDisallow: /foo\n").expect("write");
    let (whole, mine) = (scratch.file("whole.rpol"), scratch.file("mine.rpol"));
    let compile = |out: &Path, extra: &[&str]| {
        let mut a = vec![
            "compile".into(),
            path_arg(&robots_txt),
            "-o".into(),
            path_arg(out),
        ];
        a.extend(extra.iter().map(OsString::from));
        robots(&a, b"")
    };
    assert_eq!(compile(&whole, &["--profile", "google"]).0, 0);
    assert_eq!(compile(&mine, &["--agent", "FooBot"]).0, 0);

    let (status, out, err) = check(&whole, "FooBot", &["--profile", "rfc9309", "/foo"], b"");
    assert_eq!((status, out.as_slice()), (2, &b""[..]));
    assert!(
        err.contains("compiled under --profile google, not rfc9309"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    // Naming the profile it was compiled under is fine.
    assert_eq!(
        check(&whole, "FooBot", &["--profile", "google", "/foo"], b"").1,
        b"disallowed\t/foo\n"
    );

    let (status, _, err) = check(&mine, "BarBot", &["/foo"], b"");
    assert_eq!(status, 2);
    assert!(
        err.contains("compiled for the crawler `FooBot` only"),
        "{err}"
    );
    // Product tokens match case-insensitively, as user-agent lines do.
    assert_eq!(
        check(&mine, "foobot", &["/foo"], b"").1,
        b"disallowed\t/foo\n"
    );

    // Only `check` reads policy files; the others read every file as robots.txt
    // text (a site may serve one that begins `ROBOTPOL`), with a note.
    for command in [
        vec!["lint".into(), path_arg(&whole)],
        vec![
            "explain".into(),
            path_arg(&whole),
            "/foo".into(),
            "--agent".into(),
            "x".into(),
        ],
        vec!["report".into(), path_arg(&whole)],
        vec![
            "compile".into(),
            path_arg(&whole),
            "-o".into(),
            path_arg(&scratch.file("again.rpol")),
        ],
    ] {
        let (status, _, err) = robots(&command, b"");
        assert_ne!(status, 2, "{command:?}: {err}");
        assert!(
            err.contains("begins like a compiled policy file"),
            "{command:?}: {err}"
        );
    }
}

#[test]
fn damaged_policy_files_are_text_unless_compiled_is_given() {
    let robots_txt = b"User-agent: *\nDisallow: /a*b$\nAllow: /a/\nCrawl-delay: 3\nSitemap: https://e.com/s.xml\n";
    let (status, policy, _) = robots(
        &args(&["compile", "-", "-o", "-", "--profile", "google"]),
        robots_txt,
    );
    assert_eq!(status, 0);
    let mut damaged: Vec<Vec<u8>> = (8..policy.len())
        .step_by(7)
        .map(|n| policy[..n].to_vec())
        .collect();
    for at in (8..policy.len()).step_by(5) {
        let mut bytes = policy.clone();
        bytes[at] ^= 0x5a;
        damaged.push(bytes);
    }
    for bytes in &damaged {
        // `--compiled` insists on the byte form: a one-line error.
        let (status, out, err) = robots(
            &args(&["check", "-", "--compiled", "--agent", "bot", "/a/x"]),
            bytes,
        );
        assert_eq!(status, 2, "{} bytes: {err}", bytes.len());
        assert!(out.is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("is a damaged policy file"), "{err}");
        // Without it, bytes that do not validate are a robots.txt, with a note.
        let (status, out, err) = robots(&args(&["check", "-", "--agent", "bot", "/a/x"]), bytes);
        assert_eq!(status, 0, "{} bytes: {err}", bytes.len());
        assert!(out.ends_with(b"\t/a/x\n"), "{out:?}");
        assert!(err.contains("but is not a valid one"), "{err}");
    }
}
