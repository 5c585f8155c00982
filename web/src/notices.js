// The notices `robots` prints before it answers (robots-cli/src/notices.rs),
// worded the same: a file that is no robots.txt at all, and a file the parse
// cap cut, and one longer than Googlebot reads. The facts come from the
// engine: its `sniff` and the policies' truncation.

const KINDS = {
  html: 'an HTML page',
  utf16: 'UTF-16 text',
  utf32: 'UTF-32 text',
  binary: 'binary data',
};

/**
 * `[{ kind, message }]`: what the CLI warns, without its `robots: warning: NAME `
 * prefix (the page says "This file …").
 */
export function noticesOf({ profile, sniffed, truncation, googlebot }) {
  const out = [];
  const kind = sniffed;
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
  if (googlebot) {
    out.push({
      kind: 'googlebot',
      message: `is ${googlebot.inputLen} bytes; Googlebot reads only the first ${googlebot.maxBytes} bytes, so it stops reading at line ${googlebot.firstIgnoredLine} (the ${profile} profile reads the whole file, as Google's library does: verdicts here cover lines Googlebot never sees)`,
      ...googlebot,
    });
  }
  return out;
}
