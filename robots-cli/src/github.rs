//! GitHub Actions workflow commands for `robots lint --format github`: one
//! `::error file=…,line=…,col=…,title=…::message` line per finding, which GitHub
//! shows as an annotation on the line (`warning` and `notice` for the others).

use robots_lint::{shorten_quoted, Finding, Severity};

/// A message as a workflow command's data: `%`, CR and LF escaped.
fn data(text: &str) -> String {
    text.replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// A workflow command property: also `:` and `,` escaped.
fn property(text: &str) -> String {
    data(text).replace(':', "%3A").replace(',', "%2C")
}

/// The annotation line of `finding` in the file at `path`.
///
/// ```text
/// ::error file=robots.txt,line=3,col=1,title=robots missing-colon::`Disallow` is not followed by `:`…
/// ```
pub fn annotation(path: &str, finding: &Finding) -> String {
    let command = match finding.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        // A severity added later is at least worth a notice.
        _ => "notice",
    };
    let message = match &finding.help {
        Some(help) => format!("{}\nhelp: {help}", shorten_quoted(&finding.message)),
        None => shorten_quoted(&finding.message).into_owned(),
    };
    format!(
        "::{command} file={},line={},col={},title={}::{}",
        property(path),
        finding.line,
        finding.column,
        property(&format!("robots {}", finding.code)),
        data(&message)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use robots_lint::lint;
    use robots_runtime::Profile;

    #[test]
    fn annotations_escape_what_workflow_commands_need() {
        let findings = lint(b"User-agent: *\nCrawl-delay: 50%\n", Profile::Rfc9309);
        let f = findings
            .iter()
            .find(|f| f.code == "invalid-crawl-delay")
            .unwrap();
        let line = annotation("dir,with:odd/robots.txt", f);
        assert!(
            line.starts_with("::error file=dir%2Cwith%3Aodd/robots.txt,line=2,col="),
            "{line}"
        );
        assert!(
            line.contains(",title=robots invalid-crawl-delay::"),
            "{line}"
        );
        assert!(!line.contains('\n'));
        assert_eq!(data("50%\r\nx"), "50%25%0D%0Ax");
    }
}
