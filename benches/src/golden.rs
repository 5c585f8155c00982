//! Random robots.txt-like documents for the golden examples (`golden`,
//! `golden_verdicts`), which print hashes to diff before and after a change.

use crate::hostile::Lcg;

/// A random document of up to 59 pieces: directive names (some misspelled),
/// patterns, escapes, invalid UTF-8, line ends of every kind, a BOM, a NUL.
pub fn random_doc(rng: &mut Lcg) -> Vec<u8> {
    const PIECES: [&[u8]; 40] = [
        b"User-agent: ",
        b"user-agent:",
        b"Useragent ",
        b"Allow: ",
        b"Disallow: ",
        b"disalow:",
        b"Sitemap: ",
        b"Crawl-delay: ",
        b"Host: ",
        b"Clean-param: ",
        b"Request-rate: ",
        b"Visit-time: ",
        b"*",
        b"$",
        b"/",
        b"/a",
        b"/b",
        b"index.html",
        b"index.htm",
        b"%2f",
        b"%2F",
        b"%41",
        b"%",
        b"\xc3\xa9",
        b"\xff",
        b"\n",
        b"\n",
        b"\n",
        b"\r\n",
        b"\r",
        b"#c",
        b" ",
        b"\t",
        b":",
        b"FooBot",
        b"foobot/1.0",
        b"\0",
        b"1.5",
        b"1/10",
        b"\xef\xbb\xbf",
    ];
    let mut out = Vec::new();
    let n = rng.next() % 60;
    for _ in 0..n {
        out.extend_from_slice(PIECES[(rng.next() % 40) as usize]);
    }
    out
}
