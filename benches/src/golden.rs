//! Random documents for the golden examples (`golden`, `golden_verdicts`): pieces
//! of robots.txt syntax, good and broken, strung together by a seeded generator.

use crate::hostile::Lcg;

/// A random document of up to 59 pieces, drawn with `rng`.
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
