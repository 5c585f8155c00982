// The notices `robots` prints before it answers (robots-cli/src/notices.rs),
// worded the same: a file that is no robots.txt at all, and a file the parse
// cap cut. The facts come from the engine: its sniffing (or, in a package
// without `sniff`, the lint finding that reports it) and the policy's truncation.

const KINDS = {
  html: 'an HTML page',
  utf16: 'UTF-16 text',
  utf32: 'UTF-32 text',
  binary: 'binary data',
};

/** The lint codes that report a file that is no robots.txt. */
const CODES = {
  'html-not-robots': 'html',
  'binary-not-robots': 'binary',
};

function sniffedFromFindings(findings, bytes) {
  for (const f of findings ?? []) {
    if (CODES[f.code]) return CODES[f.code];
    if (f.code === 'utf16-not-utf8') {
      // UTF-32's byte-order marks start like UTF-16's: tell them apart as the sniffer does.
      const b = bytes;
      const utf32 = b.length >= 4 && ((b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) || (b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff));
      return utf32 ? 'utf32' : 'utf16';
    }
  }
  return null;
}

/**
 * `[{ kind, message }]`: what the CLI warns, without its `robots: warning: NAME `
 * prefix (the page says "This file …").
 */
export function noticesOf({ bytes, profile, sniffed, truncation, findings }) {
  const out = [];
  const kind = sniffed === undefined ? sniffedFromFindings(findings, bytes) : sniffed;
  if (kind) {
    out.push({ kind, message: `is ${KINDS[kind] ?? kind}, not a robots.txt: crawlers find no rules in it` });
  }
  if (truncation) {
    out.push({
      kind: 'truncated',
      message: `is ${truncation.inputLen} bytes; ${profile} reads only the first ${truncation.maxBytes} bytes, so everything from line ${truncation.firstIgnoredLine} on is ignored`,
      ...truncation,
    });
  }
  return out;
}
